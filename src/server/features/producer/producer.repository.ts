import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Product } from '#shared/contracts/products.ts';
import type { Household } from '#shared/contracts/households.ts';
import { paraToRsd } from '#shared/money.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { households, media, orders, products } from '../../db/schema.ts';

const productColumns = {
  id: products.id,
  householdId: products.householdId,
  householdName: households.name,
  name: products.name,
  description: products.description,
  pricePara: products.pricePara,
  unit: products.unit,
  image: products.image,
  thumbnail: products.thumbnail,
  category: products.category,
  availability: products.availability,
  featured: products.featured,
  promoted: products.promoted,
  stock: products.stock,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
};

type ProductRow = Omit<Product, 'price' | 'createdAt'> & { pricePara: number; createdAt: Date };

function toProduct(row: ProductRow): Product {
  const { pricePara, createdAt, ...rest } = row;
  return { ...rest, price: paraToRsd(pricePara), createdAt: createdAt.toISOString() };
}

export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'rating' | 'reviewCount' | 'archivedAt'>;
export type HouseholdValues = Partial<Pick<typeof households.$inferInsert, 'name' | 'description' | 'location' | 'avatar' | 'searchKey'>>;

export function createProducerRepository(db: Db) {
  async function productById(executor: DbOrTx, id: string): Promise<Product | null> {
    const [row] = await executor.select(productColumns).from(products)
      .innerJoin(households, eq(households.id, products.householdId))
      .where(and(eq(products.id, id), isNull(products.archivedAt)));
    return row ? toProduct(row) : null;
  }

  return {
    productById: (id: string) => productById(db, id),

    /** Owner and search inputs of a live (not archived) product. */
    async productOwner(id: string) {
      const [row] = await db.select({ householdId: products.householdId, name: products.name, category: products.category })
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
      const page = rows.slice(0, limit).map(toProduct);
      return { items: page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /**
     * Updates a household and, when its name changed, the search keys of its products
     * (they contain the household name), in one transaction.
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
      const [row] = await db.select({
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
          ? sql<boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.household_id = households.id AND f.user_id = ${viewerId})`
          : sql<boolean>`false`,
      }).from(households).where(eq(households.id, id));
      // Raw names in the subqueries: drizzle leaves columns unqualified in a one-table select.
      return row ?? null;
    },

    async pendingOrderCount(householdId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders)
        .where(and(eq(orders.householdId, householdId), eq(orders.status, 'pending')));
      return row?.n ?? 0;
    },

    /** Sum of non-cancelled order totals (para) created in [from, to]. */
    async salesSince(householdId: string, from: Date, to: Date): Promise<number> {
      const [row] = await db.select({ total: sql<number>`coalesce(sum(${orders.totalPara}), 0)::bigint` }).from(orders)
        .where(and(eq(orders.householdId, householdId), ne(orders.status, 'cancelled'),
          gt(orders.createdAt, from), sql`${orders.createdAt} <= ${to.toISOString()}::timestamptz`));
      return Number(row?.total ?? 0);
    },

    /** Non-cancelled orders per local day (time zone `tz`) from `firstDay` (YYYY-MM-DD) up to `to`. */
    async dailySales(householdId: string, tz: string, firstDay: string, to: Date) {
      // The zone is a constant name, inlined so SELECT and GROUP BY are the same expression.
      if (!/^[A-Za-z_]+\/[A-Za-z_]+$/.test(tz)) throw new Error(`Bad time zone: ${tz}`);
      const zone = sql.raw(`'${tz}'`);
      const day = sql<string>`to_char((${orders.createdAt} AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;
      return db.select({ date: day, totalPara: sql<number>`sum(${orders.totalPara})::bigint`, orders: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.householdId, householdId), ne(orders.status, 'cancelled'),
          sql`(${orders.createdAt} AT TIME ZONE ${zone})::date >= ${firstDay}::date`,
          sql`${orders.createdAt} <= ${to.toISOString()}::timestamptz`))
        .groupBy(day);
    },

  };
}
export type ProducerRepository = ReturnType<typeof createProducerRepository>;
