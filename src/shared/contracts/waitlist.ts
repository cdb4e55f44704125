import { z } from 'zod';
import { WAITLIST_QUANTITY_MAX } from '../deposit.ts';
import { hasAtMostThreeDecimals } from '../quantity.ts';

/**
 * The waitlist (docs/product.md, "Pre-orders and the waitlist"): a buyer waits for a sold-out
 * product (or one whose preorderLimit is reached); when stock comes back it is held for the
 * buyers in join order (`heldQuantity` until `heldUntil`) and checkout uses the hold.
 */
export const waitlistBody = z.object({
  quantity: z.number({ error: 'Enter a quantity' })
    .positive('The quantity must be greater than 0')
    .max(WAITLIST_QUANTITY_MAX, `The quantity must be at most ${WAITLIST_QUANTITY_MAX}`)
    .refine(hasAtMostThreeDecimals, 'The quantity may have at most 3 decimals'),
}).strict();
export type WaitlistBody = z.infer<typeof waitlistBody>;

export const waitlistEntry = z.object({
  productId: z.uuid(),
  productName: z.string(),
  householdName: z.string(),
  quantity: z.number(),
  /** Units held for the buyer now (0 while waiting). */
  heldQuantity: z.number(),
  /** Until when the hold lasts; null while waiting. */
  heldUntil: z.iso.datetime({ offset: true }).nullable(),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistResponse = z.object({ items: z.array(waitlistEntry) });

export const WAITLIST_ERROR_CODES = ['waitlist.own_product', 'waitlist.on_sale'] as const;
