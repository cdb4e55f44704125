import type { Review } from '#shared/contracts/reviews.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { ReviewRow, ReviewsRepository } from './reviews.repository.ts';

function toReviewDto({ timeKey: _timeKey, ...row }: ReviewRow): Review {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function createReviewsService({ reviewsRepository, clock }: { reviewsRepository: ReviewsRepository; clock: () => Date }) {
  return {
    async list(productId: string, query: { cursor?: string; limit: number }) {
      const after = decodeCursor(query.cursor, timeIdCursor);
      if (!(await reviewsRepository.productExists(productId))) throw notFound('Product');
      const rows = await reviewsRepository.listForProduct(productId, query.limit + 1, after ? { timeKey: after[0], id: after[1] } : undefined);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { items: page.map(toReviewDto), nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null };
    },

    /** One review per user and product: writing again edits it. Producers cannot review their own products. */
    async write(productId: string, userId: string, body: { rating: number; comment: string }): Promise<{ review: Review; created: boolean }> {
      const outcome = await reviewsRepository.upsert(productId, userId, body.rating, body.comment, clock());
      if (outcome.status === 'not_found') throw notFound('Product');
      if (outcome.status === 'own_product') throw forbidden('You cannot review your own product');
      const row = await reviewsRepository.findById(outcome.reviewId);
      if (!row) throw notFound('Review');
      return { review: toReviewDto(row), created: outcome.created };
    },
  };
}
