import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productColumns, productIsPublicSql } from '../../db/read-models.ts';
import { households, products, savedAddresses, savedProducts, users } from '../../db/schema.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';

/** A product the public may see: not archived, not hidden by an operator, of a public household (read-models.ts). */
const visibleProduct = (): SQL => productIsPublicSql();

const addressColumns = {
  id: savedAddresses.id,
  label: savedAddresses.label,
  area: savedAddresses.area,
  address: savedAddresses.address,
  isDefault: savedAddresses.isDefault,
};

export interface AddressFields { label: string; area: string; address: string }

export function createSavedRepository(db: Db) {
  return {
    async productIsVisible(productId: string): Promise<boolean> {
      const rows = await db.select({ id: products.id }).from(products)
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(eq(products.id, productId), visibleProduct())).limit(1);
      return rows.length > 0;
    },

    /** Idempotent: saving twice keeps the first time (and its place in the list). */
    async saveProduct(userId: string, productId: string): Promise<void> {
      await db.insert(savedProducts).values({ userId, productId }).onConflictDoNothing();
    },

    /** True when a saved row was removed. */
    async unsaveProduct(userId: string, productId: string): Promise<boolean> {
      const rows = await db.delete(savedProducts)
        .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)))
        .returning({ productId: savedProducts.productId });
      return rows.length > 0;
    },

    /** Saved products still visible to the public, most recently saved first. */
    async listSavedProducts(userId: string, limit: number, after?: { timeKey: string; id: string }) {
      const conditions: SQL[] = [eq(savedProducts.userId, userId), visibleProduct()];
      if (after) conditions.push(sql`(${savedProducts.createdAt}, ${savedProducts.productId}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`);
      return db.select({ ...productColumns, savedTimeKey: timeKeySql(savedProducts.createdAt) }).from(savedProducts)
        .innerJoin(products, eq(products.id, savedProducts.productId))
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(...conditions))
        .orderBy(desc(savedProducts.createdAt), desc(savedProducts.productId))
        .limit(limit);
    },

    /** The default first, then in the order they were added. */
    async listAddresses(userId: string) {
      return db.select(addressColumns).from(savedAddresses)
        .where(eq(savedAddresses.userId, userId))
        .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt), asc(savedAddresses.id));
    },

    async findAddress(userId: string, id: string) {
      const rows = await db.select(addressColumns).from(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId))).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Adds an address unless the user already has `limit` (null then). The user's row is
     * locked for the transaction, so two concurrent adds cannot both pass the count.
     */
    async createAddress(userId: string, fields: AddressFields & { isDefault: boolean }, limit: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
        if ((count?.n ?? 0) >= limit) return null;
        if (fields.isDefault) {
          await tx.update(savedAddresses).set({ isDefault: false, updatedAt: new Date() })
            .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
        }
        const [row] = await tx.insert(savedAddresses).values({ userId, ...fields }).returning(addressColumns);
        return row!;
      });
    },

    /** Changes the named fields of an own address; null when the user has no such address. */
    async updateAddress(userId: string, id: string, fields: Partial<AddressFields & { isDefault: boolean }>) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (fields.isDefault) {
          await tx.update(savedAddresses).set({ isDefault: false, updatedAt: new Date() })
            .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true), sql`${savedAddresses.id} <> ${id}::uuid`));
        }
        const [row] = await tx.update(savedAddresses).set({ ...fields, updatedAt: new Date() })
          .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
          .returning(addressColumns);
        return row ?? null;
      });
    },

    /** True when an own address was removed. */
    async deleteAddress(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning({ id: savedAddresses.id });
      return rows.length > 0;
    },
  };
}

export type SavedRepository = ReturnType<typeof createSavedRepository>;
