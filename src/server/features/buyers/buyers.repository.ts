import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerIsPublicSql, productIsPublicSql, reviewColumns, reviewCountsSql } from '../../db/read-models.ts';
import { products, reviews, users } from '../../db/schema.ts';

export function createBuyersRepository(db: Db) {
  return {
    /** The public part of a confirmed user plus real totals (non-cancelled orders; reviews given). */
    async findProfile(id: string) {
      const rows = await db.select({
        id: users.id,
        name: users.name,
        avatar: users.avatar,
        userType: users.userType,
        location: users.location,
        bio: users.bio,
        joinedAt: users.createdAt,
        totalPurchases: sql<number>`(SELECT count(*)::int FROM orders o WHERE o.buyer_id = users.id AND o.status NOT IN ('cancelled', 'no_show'))`,
        totalSpentPara: sql<number>`(SELECT COALESCE(sum(o.total_para), 0)::bigint FROM orders o WHERE o.buyer_id = users.id AND o.status NOT IN ('cancelled', 'no_show'))`,
        reviewsGiven: sql<number>`(SELECT count(*)::int FROM reviews r WHERE r.user_id = users.id AND ${reviewCountsSql('r')})`,
        averageRating: sql<number | null>`(SELECT round(avg(r.rating)::numeric, 2)::float8 FROM reviews r WHERE r.user_id = users.id AND ${reviewCountsSql('r')})`,
        verifiedBuyer: sql<boolean>`EXISTS (SELECT 1 FROM orders o WHERE o.buyer_id = users.id AND o.status = 'completed')`,
        showTotalSpent: users.showTotalSpent,
      }).from(users).where(and(eq(users.id, id), buyerIsPublicSql())).limit(1);
      return rows[0] ?? null;
    },

    async listReviews(userId: string, limit: number, after?: { timeKey: string; id: string }) {
      const conditions: SQL[] = [eq(reviews.userId, userId), reviewCountsSql(), productIsPublicSql()];
      if (after) conditions.push(sql`(${reviews.createdAt}, ${reviews.id}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`);
      return db.select({
        ...reviewColumns,
        productName: products.name,
        productImage: sql<string | null>`COALESCE(${products.thumbnail}, ${products.image})`,
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
