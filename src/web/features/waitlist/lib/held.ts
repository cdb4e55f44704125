import type { WaitlistEntry } from '#shared/contracts/waitlist.ts';

/**
 * What is held for the buyer of `productId` now (0 when nothing is, or the hold has passed). A
 * hold is units taken out of the product's public stock for this buyer; the checkout gives them
 * back to the stock it buys from (src/server/domain/waitlist.ts), so this buyer may order the
 * public stock plus the hold.
 */
export function heldFor(entries: readonly WaitlistEntry[] | undefined, productId: string, now: Date = new Date()): number {
  const entry = entries?.find((e) => e.productId === productId);
  if (!entry || entry.heldQuantity <= 0 || !entry.heldUntil || Date.parse(entry.heldUntil) <= now.getTime()) return 0;
  return entry.heldQuantity;
}

/** The stock this buyer may order: the public stock plus their hold (null: no limit). */
export function stockFor(product: { id: string; stock: number | null }, entries: readonly WaitlistEntry[] | undefined, now: Date = new Date()): number | null {
  if (product.stock === null) return null;
  return Math.round((product.stock + heldFor(entries, product.id, now)) * 1000) / 1000;
}
