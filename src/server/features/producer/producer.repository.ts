import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { Product } from '#shared/contracts/products.ts';
import type { Household } from '#shared/contracts/households.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { householdColumns, preorderedQuantityQuery, productColumns, toHouseholdDto, toProductDto } from '../../db/read-models.ts';
import { households, media, orders, products } from '../../db/schema.ts';
import { offerReturnedStock, type WaitlistDeps } from '../../domain/waitlist.ts';


export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'rating' | 'reviewCount' | 'archivedAt'>;
export type HouseholdValues = Partial<Pick<typeof households.$inferInsert, 'name' | 'description' | 'location' | 'avatar' | 'searchKey'
  | 'pickupPoints' | 'delivery' | 'minimumOrderPara' | 'paymentCash' | 'ipsAccount' | 'ipsPayeeName' | 'standingCutoffHours' | 'depositDays' | 'legal' | 'legalVerifiedAt'>>;

export function createProducerRepository(db: Db) {
  async function productById(executor: DbOrTx, id: string): Promise<Product | null> {
    const [row] = await executor.select(productColumns).from(products)
      .innerJoin(households, eq(households.id, products.householdId))
      .where(and(eq(products.id, id), isNull(products.archivedAt)));
    return row ? toProductDto(row) : null;
  }

  return {
    productById: (id: string) => productById(db, id),

    /** Owner and search inputs of a live (not archived) product. */
    async productOwner(id: string) {
      const [row] = await db.select({
        householdId: products.householdId, name: products.name, category: products.category, stock: products.stock, quantityStep: products.quantityStep,
        pricing: products.pricing, unit: products.unit, pieceWeight: products.pieceWeight,
      })
        .from(products).where(and(eq(products.id, id), isNull(products.archivedAt)));
      return row ?? null;
    },

    async householdById(id: string) {
      const [row] = await db.select().from(households).where(eq(households.id, id));
      return row ?? null;
    },

    async mediaById(id: string) {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row ?? null;
    },

    /** Units of the product on pre-ordered lines of orders not cancelled (what preorder_limit caps). */
    async preorderedQuantity(productId: string): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(preorderedQuantityQuery(productId));
      return Number(rows[0]?.n ?? 0);
    },

    /** Offers the product's stock to its waitlist, in a transaction of its own. */
    async offerWaitlist(productId: string, now: Date, deps: WaitlistDeps): Promise<number> {
      return db.transaction((tx) => offerReturnedStock(tx, productId, now, deps));
    },


    async insertProduct(values: ProductValues): Promise<Product> {
      const [row] = await db.insert(products).values(values).returning({ id: products.id });
      return (await productById(db, row!.id))!;
    },

    async updateProduct(id: string, values: Partial<ProductValues>, now: Date): Promise<Product | null> {
      await db.update(products).set({ ...values, updatedAt: now }).where(and(eq(products.id, id), isNull(products.archivedAt)));
      return productById(db, id);
    },

    /** Archived products leave the shop; order lines keep their copied name and price. */
    async archiveProduct(id: string, now: Date): Promise<boolean> {
      const rows = await db.update(products).set({ archivedAt: now, updatedAt: now })
        .where(and(eq(products.id, id), isNull(products.archivedAt))).returning({ id: products.id });
      return rows.length > 0;
    },

    /** All own live products, published or not, newest first; keyset pagination by id. */
    async ownProducts(householdId: string, limit: number, cursorId?: string): Promise<{ items: Product[]; nextCursor: string | null }> {
      const conditions = [eq(products.householdId, householdId), isNull(products.archivedAt)];
      if (cursorId) {
        conditions.push(sql`(${products.createdAt}, ${products.id}) < (SELECT p.created_at, p.id FROM products p WHERE p.id = ${cursorId} AND p.household_id = ${householdId})`);
      }
      const rows = await db.select(productColumns).from(products)
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(...conditions))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit).map(toProductDto);
      return { items: page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /**
     * Updates a household and, when its name or town changed, the search keys of its products
     * (they contain both), in one transaction.
     */
    async updateHousehold(id: string, values: HouseholdValues, now: Date, productKey: ((p: { name: string; category: ProductValues['category'] }) => string) | null) {
      await db.transaction(async (tx) => {
        await tx.update(households).set({ ...values, updatedAt: now }).where(eq(households.id, id));
        if (!productKey) return;
        const rows = await tx.select({ id: products.id, name: products.name, category: products.category })
          .from(products).where(eq(products.householdId, id));
        for (const row of rows) {
          await tx.update(products).set({ searchKey: productKey(row) }).where(eq(products.id, row.id));
        }
      });
    },

    async householdDto(id: string, viewerId: string | null, now: Date): Promise<Household | null> {
      const [row] = await db.select(householdColumns(now, viewerId)).from(households).where(eq(households.id, id));
      return row ? toHouseholdDto(row) : null;
    },

    async pendingOrderCount(householdId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders)
        .where(and(eq(orders.householdId, householdId), eq(orders.status, 'pending')));
      return row?.n ?? 0;
    },

    /** Sum of order totals (para) created in [from, to], without cancelled ones and those the buyer never collected (no_show). */
    async salesSince(householdId: string, from: Date, to: Date): Promise<number> {
      const [row] = await db.select({ total: sql<number>`coalesce(sum(${orders.totalPara}), 0)::bigint` }).from(orders)
        .where(and(eq(orders.householdId, householdId), notInArray(orders.status, ['cancelled', 'no_show']),
          gt(orders.createdAt, from), sql`${orders.createdAt} <= ${to.toISOString()}::timestamptz`));
      return Number(row?.total ?? 0);
    },

    /** Orders (not cancelled nor no_show) per local day (time zone `tz`) from `firstDay` (YYYY-MM-DD) up to `to`. */
    async dailySales(householdId: string, tz: string, firstDay: string, to: Date) {
      // The zone is a constant name, inlined so SELECT and GROUP BY are the same expression.
      if (!/^[A-Za-z_]+\/[A-Za-z_]+$/.test(tz)) throw new Error(`Bad time zone: ${tz}`);
      const zone = sql.raw(`'${tz}'`);
      const day = sql<string>`to_char((${orders.createdAt} AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;
      return db.select({ date: day, totalPara: sql<number>`sum(${orders.totalPara})::bigint`, orders: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.householdId, householdId), notInArray(orders.status, ['cancelled', 'no_show']),
          sql`(${orders.createdAt} AT TIME ZONE ${zone})::date >= ${firstDay}::date`,
          sql`${orders.createdAt} <= ${to.toISOString()}::timestamptz`))
        .groupBy(day);
    },

  };
}
export type ProducerRepository = ReturnType<typeof createProducerRepository>;
