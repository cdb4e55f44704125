import type { Household } from '#shared/contracts/households.ts';
import { toHouseholdDto } from '../../db/read-models.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { FollowsRepository } from './follows.repository.ts';

export function createFollowsService({ followsRepository, clock }: { followsRepository: FollowsRepository; clock: () => Date }) {
  async function household(id: string, userId: string): Promise<Household & { following: boolean }> {
    const row = await followsRepository.findHousehold(id, userId, clock());
    if (!row) throw notFound('Household');
    const dto = toHouseholdDto(row);
    return { ...dto, following: dto.isFollowing };
  }

  return {
    /** Idempotent: following twice is one follow. A producer cannot follow its own household. */
    async follow(userId: string, householdId: string) {
      if (!(await followsRepository.householdExists(householdId))) throw notFound('Household');
      if (householdId === userId) throw new AppError(400, 'follow.self', 'You cannot follow your own household');
      await followsRepository.setFollowing(userId, householdId, true);
      return household(householdId, userId);
    },

    async unfollow(userId: string, householdId: string) {
      if (!(await followsRepository.householdExists(householdId))) throw notFound('Household');
      await followsRepository.setFollowing(userId, householdId, false);
      return household(householdId, userId);
    },

    async listFollowing(userId: string, query: { cursor?: string; limit: number }) {
      const after = decodeCursor(query.cursor, timeIdCursor);
      const rows = await followsRepository.listFollowed(userId, clock(), query.limit + 1, after ? { timeKey: after[0], id: after[1] } : undefined);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toHouseholdDto),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null,
      };
    },
  };
}
