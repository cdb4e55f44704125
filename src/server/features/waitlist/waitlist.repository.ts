import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { households, products, waitlistEntries } from '../../db/schema.ts';

/** The only module of the waitlist feature that touches the schema (holds: src/server/domain/waitlist.ts). */
export function createWaitlistRepository() {
  return {
    /** The product under its row lock (the order every stock change takes), or null when unknown or archived. */
    async lockProduct(db: DbOrTx, id: string) {
      const [row] = await db.select({
        id: products.id, householdId: products.householdId, stock: products.stock, quantityStep: products.quantityStep,
        availableFrom: products.availableFrom, preorderLimit: products.preorderLimit,
      }).from(products).where(and(eq(products.id, id), isNull(products.archivedAt))).for('update');
      return row ?? null;
    },

    async entry(db: DbOrTx, productId: string, userId: string) {
      const [row] = await db.select().from(waitlistEntries).where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.userId, userId))).for('update');
      return row ?? null;
    },

    /** Joins (a new place at the end) or changes the quantity of a waiting entry (the place stays). */
    async upsert(db: DbOrTx, productId: string, userId: string, quantity: number, now: Date): Promise<void> {
      await db.insert(waitlistEntries).values({ productId, userId, quantity, joinedAt: now })
        .onConflictDoUpdate({ target: [waitlistEntries.productId, waitlistEntries.userId], set: { quantity }, where: eq(waitlistEntries.heldQuantity, 0) });
    },

    async remove(db: DbOrTx, productId: string, userId: string): Promise<void> {
      await db.delete(waitlistEntries).where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.userId, userId)));
    },

    async returnHeld(db: DbOrTx, productId: string, quantity: number, now: Date): Promise<void> {
      const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      if (p?.stock !== null && p?.stock !== undefined) {
        await db.update(products).set({ stock: Math.round((p.stock + quantity) * 1000) / 1000, updatedAt: now }).where(eq(products.id, productId));
      }
    },

    async listMine(db: DbOrTx, userId: string) {
      return db.select({
        productId: waitlistEntries.productId, productName: products.name, householdName: households.name, quantity: waitlistEntries.quantity,
        heldQuantity: waitlistEntries.heldQuantity, heldUntil: waitlistEntries.heldUntil, joinedAt: waitlistEntries.joinedAt,
      }).from(waitlistEntries)
        .innerJoin(products, eq(products.id, waitlistEntries.productId))
        .innerJoin(households, eq(households.id, products.householdId))
        .where(eq(waitlistEntries.userId, userId)).orderBy(asc(waitlistEntries.seq));
    },
  };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
