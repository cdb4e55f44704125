import { z } from 'zod';

/** A buyer's public profile: no e-mail or phone. Totals are real (docs/product.md). */
export const buyerProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  userType: z.literal('customer'),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  joinedAt: z.iso.datetime({ offset: true }),
  /** Orders that were not cancelled. */
  totalPurchases: z.number().int(),
  /** RSD, over orders that were not cancelled; null unless the viewer is the buyer or the buyer chose to show it. */
  totalSpent: z.number().nullable(),
  /** The buyer has a completed order ("Verified Buyer"). */
  verifiedBuyer: z.boolean(),
  reviewsGiven: z.number().int(),
  /** Average of the ratings this buyer gave; null before the first review. */
  averageRating: z.number().nullable(),
});
export type BuyerProfile = z.infer<typeof buyerProfile>;
