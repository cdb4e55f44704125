import { isPreorder } from '#shared/deposit.ts';
import type { WaitlistEntry } from '#shared/contracts/waitlist.ts';
import type { Db } from '../../db/client.ts';
import { preorderedQuantityQuery } from '../../db/read-models.ts';
import { offerReturnedStock, type WaitlistDeps } from '../../domain/waitlist.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { WaitlistRepository } from './waitlist.repository.ts';

/** PUT/DELETE /api/products/:id/waitlist and GET /api/me/waitlist (docs/product.md, "Pre-orders and the waitlist"). */
export function createWaitlistService(deps: { db: Db; repo: WaitlistRepository; clock: () => Date; waitlist: WaitlistDeps; kick: () => void }) {
  const { db, repo, clock } = deps;

  async function mine(userId: string): Promise<WaitlistEntry[]> {
    return (await repo.listMine(db, userId)).map((r) => ({
      ...r, heldUntil: r.heldUntil ? r.heldUntil.toISOString() : null, joinedAt: r.joinedAt.toISOString(),
    }));
  }

  return {
    mine: async (userId: string) => ({ items: await mine(userId) }),

    /**
     * Joins the waitlist of a product that is sold out (limited stock below one step) or whose
     * pre-order limit is reached; again: the quantity of a waiting entry changes, its place stays.
     */
    async join(userId: string, productId: string, quantity: number): Promise<WaitlistEntry> {
      await db.transaction(async (tx) => {
        const now = clock();
        const p = await repo.lockProduct(tx, productId);
        if (!p) throw notFound('Product');
        if (p.householdId === userId) throw new AppError(409, 'waitlist.own_product', 'You cannot wait for your own product');
        const existing = await repo.entry(tx, productId, userId);
        if (!existing) {
          const soldOut = p.stock !== null && p.stock < p.quantityStep;
          let limitReached = false;
          if (!soldOut && p.preorderLimit !== null && isPreorder(p.availableFrom, now)) {
            const { rows } = await tx.execute<{ n: number }>(preorderedQuantityQuery(productId));
            limitReached = Number(rows[0]?.n ?? 0) >= p.preorderLimit;
          }
          if (!soldOut && !limitReached) throw conflict('waitlist.on_sale', 'This product is on sale: order it instead');
        }
        await repo.upsert(tx, productId, userId, quantity, now);
      });
      const entry = (await mine(userId)).find((e) => e.productId === productId);
      if (!entry) throw notFound('Product');
      return entry;
    },

    /** Leaves the waitlist (idempotent); a hold goes back to the stock and on to the next buyer. */
    async leave(userId: string, productId: string): Promise<void> {
      const offered = await db.transaction(async (tx) => {
        const now = clock();
        const p = await repo.lockProduct(tx, productId);
        const entry = await repo.entry(tx, productId, userId);
        if (!entry) return 0;
        await repo.remove(tx, productId, userId);
        if (!p || entry.heldQuantity === 0) return 0;
        await repo.returnHeld(tx, productId, entry.heldQuantity, now);
        return offerReturnedStock(tx, productId, now, deps.waitlist);
      });
      if (offered > 0) deps.kick();
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
