import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households } from '../../db/schema.ts';

// Subqueries name the outer table in plain SQL: drizzle leaves columns unqualified in
// single-table selects, where "id" would bind to the subquery's own table.
function householdColumns(now: Date, viewerId: string | null) {
  return {
    id: households.id,
    name: households.name,
    description: households.description,
    location: households.location,
    avatar: households.avatar,
    followerCount: households.followerCount,
    rating: households.rating,
    reviewCount: households.reviewCount,
    hasActiveStory: sql<boolean>`EXISTS (SELECT 1 FROM stories s WHERE s.household_id = households.id AND s.expires_at > ${now.toISOString()}::timestamptz)`,
    isFollowing: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.household_id = households.id AND f.user_id = ${viewerId}::uuid)`
      : sql<boolean>`false`,
    timeKey: sql<string>`to_char(${households.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  };
}

export function createHouseholdsRepository(db: Db) {
  return {
    /** Newest first, keyset on (created_at, id). */
    async list(opts: { now: Date; viewerId: string | null; limit: number; after?: { timeKey: string; id: string } }) {
      const conditions: SQL[] = [];
      if (opts.after) conditions.push(sql`(${households.createdAt}, ${households.id}) < (${opts.after.timeKey}::timestamptz, ${opts.after.id}::uuid)`);
      return db.select(householdColumns(opts.now, opts.viewerId)).from(households)
        .where(and(...conditions))
        .orderBy(sql`${households.createdAt} DESC`, sql`${households.id} DESC`)
        .limit(opts.limit);
    },

    async findById(id: string, now: Date, viewerId: string | null) {
      const rows = await db.select(householdColumns(now, viewerId)).from(households).where(eq(households.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type HouseholdsRepository = ReturnType<typeof createHouseholdsRepository>;
export type HouseholdRow = NonNullable<Awaited<ReturnType<HouseholdsRepository['findById']>>>;
