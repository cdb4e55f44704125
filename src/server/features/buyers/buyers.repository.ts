import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, reviews, users } from '../../db/schema.ts';

export function createBuyersRepository(db: Db) {
  return {
    /** The public part of a user plus real totals (non-cancelled orders; reviews given). */
    async findProfile(id: string) {
      const rows = await db.select({
        id: users.id,
        name: users.name,
        avatar: users.avatar,
        userType: users.userType,
        location: users.location,
        bio: users.bio,
        joinedAt: users.createdAt,
        totalPurchases: sql<number>`(SELECT count(*)::int FROM orders o WHERE o.buyer_id = users.id AND o.status <> 'cancelled')`,
        totalSpentPara: sql<number>`(SELECT COALESCE(sum(o.total_para), 0)::bigint FROM orders o WHERE o.buyer_id = users.id AND o.status <> 'cancelled')`,
        reviewsGiven: sql<number>`(SELECT count(*)::int FROM reviews r WHERE r.user_id = users.id)`,
        averageRating: sql<number | null>`(SELECT round(avg(r.rating)::numeric, 2)::float8 FROM reviews r WHERE r.user_id = users.id)`,
      }).from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async listReviews(userId: string, limit: number, after?: { timeKey: string; id: string }) {
      const conditions: SQL[] = [eq(reviews.userId, userId)];
      if (after) conditions.push(sql`(${reviews.createdAt}, ${reviews.id}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`);
      return db.select({
        id: reviews.id,
        productId: reviews.productId,
        userId: reviews.userId,
        userName: users.name,
        userAvatar: users.avatar,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        productName: products.name,
        productImage: sql<string | null>`COALESCE(${products.thumbnail}, ${products.image})`,
        timeKey: sql<string>`to_char(${reviews.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      }).from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(and(...conditions))
        .orderBy(sql`${reviews.createdAt} DESC`, sql`${reviews.id} DESC`)
        .limit(limit);
    },
  };
}

export type BuyersRepository = ReturnType<typeof createBuyersRepository>;
