import { and, eq, sql, type SQL } from 'drizzle-orm';
import { timeKeySql } from '../../lib/keyset-cursor.ts';
import type { Db } from '../../db/client.ts';
import { householdColumns, isPublicHousehold } from '../../db/read-models.ts';
import { follows, households } from '../../db/schema.ts';

/** The read model (as seen by the follower) plus the keyset cursor's time part. */
function followedColumns(now: Date, userId: string) {
  return {
    ...householdColumns(now, userId),
    timeKey: timeKeySql(follows.createdAt),
  };
}

export function createFollowsRepository(db: Db) {
  return {
    /** Only a public household can be followed (read-models.ts, publicHouseholdCondition). */
    async householdExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: households.id }).from(households).where(and(eq(households.id, id), isPublicHousehold('households.id'))).limit(1);
      return rows.length > 0;
    },

    /**
     * Follows and counts in one transaction; the count moves only when a row was really
     * inserted or deleted, so a double PUT or DELETE leaves it exact (docs/architecture.md, Data model).
     */
    async setFollowing(userId: string, householdId: string, following: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        if (following) {
          const inserted = await tx.insert(follows).values({ userId, householdId }).onConflictDoNothing().returning({ userId: follows.userId });
          if (inserted.length) {
            await tx.update(households).set({ followerCount: sql`${households.followerCount} + 1` }).where(eq(households.id, householdId));
          }
        } else {
          const deleted = await tx.delete(follows).where(and(eq(follows.userId, userId), eq(follows.householdId, householdId))).returning({ userId: follows.userId });
          if (deleted.length) {
            await tx.update(households).set({ followerCount: sql`GREATEST(${households.followerCount} - 1, 0)` }).where(eq(households.id, householdId));
          }
        }
      });
    },

    async findHousehold(id: string, userId: string, now: Date) {
      const rows = await db.select(householdColumns(now, userId)).from(households).where(and(eq(households.id, id), isPublicHousehold('households.id'))).limit(1);
      return rows[0] ?? null;
    },

    /** The households a user follows, most recently followed first. */
    async listFollowed(userId: string, now: Date, limit: number, after?: { timeKey: string; id: string }) {
      const conditions: SQL[] = [eq(follows.userId, userId), isPublicHousehold('follows.household_id')];
      if (after) conditions.push(sql`(${follows.createdAt}, ${follows.householdId}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`);
      return db.select(followedColumns(now, userId)).from(follows)
        .innerJoin(households, eq(households.id, follows.householdId))
        .where(and(...conditions))
        .orderBy(sql`${follows.createdAt} DESC`, sql`${follows.householdId} DESC`)
        .limit(limit);
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
