import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { householdRatingSet, productIsPublicSql, productRatingSet, reviewColumns, reviewCountsSql } from '../../db/read-models.ts';
import { households, products, reviews, users } from '../../db/schema.ts';

export type WriteOutcome = { status: 'ok'; reviewId: string; created: boolean } | { status: 'not_found' } | { status: 'own_product' };

export function createReviewsRepository(db: Db) {
  return {
    async productExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: products.id }).from(products).where(and(eq(products.id, id), productIsPublicSql())).limit(1);
      return rows.length > 0;
    },

    async listForProduct(productId: string, limit: number, after?: { timeKey: string; id: string }) {
      const conditions: SQL[] = [eq(reviews.productId, productId), reviewCountsSql()];
      if (after) conditions.push(sql`(${reviews.createdAt}, ${reviews.id}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`);
      return db.select(reviewColumns).from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(...conditions))
        .orderBy(sql`${reviews.createdAt} DESC`, sql`${reviews.id} DESC`)
        .limit(limit);
    },

    async findById(id: string) {
      const rows = await db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id));
      return rows[0] ?? null;
    },

    /**
     * Writes (or edits) the user's one review of a product and, in the same transaction,
     * recomputes the product's and its household's rating and review count. The household row
     * is locked first so concurrent reviews of its products recompute one after another and
     * every recomputation sees the reviews committed before it.
     */
    async upsert(productId: string, userId: string, rating: number, comment: string, now: Date): Promise<WriteOutcome> {
      return db.transaction(async (tx) => {
        const [product] = await tx.select({ householdId: products.householdId }).from(products)
          .where(and(eq(products.id, productId), productIsPublicSql()));
        if (!product) return { status: 'not_found' } as const;
        if (product.householdId === userId) return { status: 'own_product' } as const;
        await tx.execute(sql`SELECT 1 FROM ${households} WHERE ${households.id} = ${product.householdId} FOR UPDATE`);

        const [written] = await tx.insert(reviews)
          .values({ productId, userId, rating, comment, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: [reviews.productId, reviews.userId], set: { rating, comment, updatedAt: now } })
          .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });

        await tx.update(products).set(productRatingSet(productId)).where(eq(products.id, productId));
        await tx.update(households).set(householdRatingSet(product.householdId)).where(eq(households.id, product.householdId));
        return { status: 'ok', reviewId: written!.id, created: Boolean(written!.created) } as const;
      });
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepository['findById']>>>;
