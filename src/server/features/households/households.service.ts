import { notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { Household, Slots } from '#shared/contracts/households.ts';
import { listSlots } from '#shared/slots.ts';
import { toHouseholdDto } from '../../db/read-models.ts';
import type { HouseholdsRepository } from './households.repository.ts';


export function createHouseholdsService({ householdsRepository, clock }: { householdsRepository: HouseholdsRepository; clock: () => Date }) {
  return {
    async list(query: { cursor?: string; limit: number }, viewerId: string | null) {
      const after = decodeCursor(query.cursor, timeIdCursor);
      const rows = await householdsRepository.list({
        now: clock(), viewerId, limit: query.limit + 1,
        after: after ? { timeKey: after[0], id: after[1] } : undefined,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toHouseholdDto),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null,
      };
    },

    /** Pickup windows and delivery days in Europe/Belgrade days, by the app clock. */
    async slots(id: string, query: { from?: string; days: number }): Promise<Slots> {
      const row = await householdsRepository.logistics(id);
      if (!row) throw notFound('Household');
      return listSlots(row, clock(), query.from, query.days);
    },

    async get(id: string, viewerId: string | null): Promise<Household> {
      const row = await householdsRepository.findById(id, clock(), viewerId);
      if (!row) throw notFound('Household');
      return toHouseholdDto(row);
    },
  };
}
