import type { BuyerProfile } from '#shared/contracts/buyers.ts';
import type { BuyerReview } from '#shared/contracts/reviews.ts';
import { paraToRsd } from '#shared/money.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { BuyersRepository } from './buyers.repository.ts';

export function createBuyersService({ buyersRepository }: { buyersRepository: BuyersRepository }) {
  /** Producers have a household page instead: their id is not a buyer profile (404). */
  async function profile(id: string, viewerId: string | null = null): Promise<BuyerProfile> {
    const row = await buyersRepository.findProfile(id);
    if (!row || row.userType !== 'customer') throw notFound('Buyer');
    return {
      id: row.id,
      name: row.name,
      avatar: row.avatar,
      userType: 'customer',
      location: row.location,
      bio: row.bio,
      joinedAt: row.joinedAt.toISOString(),
      totalPurchases: Number(row.totalPurchases),
      totalSpent: row.showTotalSpent || viewerId === row.id ? paraToRsd(Number(row.totalSpentPara)) : null,
      verifiedBuyer: Boolean(row.verifiedBuyer),
      reviewsGiven: Number(row.reviewsGiven),
      averageRating: row.averageRating === null ? null : Number(row.averageRating),
    };
  }

  return {
    profile,

    async reviews(id: string, query: { cursor?: string; limit: number }) {
      const after = decodeCursor(query.cursor, timeIdCursor);
      await profile(id);
      const rows = await buyersRepository.listReviews(id, query.limit + 1, after ? { timeKey: after[0], id: after[1] } : undefined);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(({ timeKey: _timeKey, ...row }): BuyerReview => ({ ...row, createdAt: row.createdAt.toISOString() })),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null,
      };
    },
  };
}
