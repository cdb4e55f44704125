import { and, eq, sql, type SQL } from 'drizzle-orm';
import { timeKeySql } from '../../lib/keyset-cursor.ts';
import type { Db } from '../../db/client.ts';
import { householdColumns as readModelColumns, isPublicHousehold } from '../../db/read-models.ts';
import { households } from '../../db/schema.ts';

/** The read model plus the keyset cursor's time part. */
function householdColumns(now: Date, viewerId: string | null) {
  return {
    ...readModelColumns(now, viewerId),
    timeKey: timeKeySql(households.createdAt),
  };
}

export function createHouseholdsRepository(db: Db) {
  return {
    /** Public households (read-models.ts, publicHouseholdCondition), newest first, keyset on (created_at, id). */
    async list(opts: { now: Date; viewerId: string | null; limit: number; after?: { timeKey: string; id: string } }) {
      const conditions: SQL[] = [isPublicHousehold('households.id')];
      if (opts.after) conditions.push(sql`(${households.createdAt}, ${households.id}) < (${opts.after.timeKey}::timestamptz, ${opts.after.id}::uuid)`);
      return db.select(householdColumns(opts.now, opts.viewerId)).from(households)
        .where(and(...conditions))
        .orderBy(sql`${households.createdAt} DESC`, sql`${households.id} DESC`)
        .limit(opts.limit);
    },

    /** What the slots are made of: pickup points and delivery settings. */
    async logistics(id: string) {
      const [row] = await db.select({ pickupPoints: households.pickupPoints, delivery: households.delivery })
        .from(households).where(eq(households.id, id));
      return row ?? null;
    },

    /** A public household; its owner always sees its own (while it waits for approval, or suspended). */
    async findById(id: string, now: Date, viewerId: string | null) {
      const conditions: SQL[] = [eq(households.id, id)];
      if (viewerId !== id) conditions.push(isPublicHousehold('households.id'));
      const rows = await db.select(householdColumns(now, viewerId)).from(households).where(and(...conditions)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type HouseholdsRepository = ReturnType<typeof createHouseholdsRepository>;
export type HouseholdRow = NonNullable<Awaited<ReturnType<HouseholdsRepository['findById']>>>;
