import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { text, wholeNumber } from './fields.ts';

export const review = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  rating: z.number().int().min(LIMITS.ratingMin).max(LIMITS.ratingMax),
  comment: z.string(),
  /** The author has a completed order with this product. */
  verifiedPurchase: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof review>;

/** The review rules and messages (docs/product.md, Reviews). Writing again edits the own review. */
export const createReviewBody = z.object({
  rating: wholeNumber('Please select a rating')
    .min(LIMITS.ratingMin, 'Please select a rating')
    .max(LIMITS.ratingMax, `Rating must be at most ${LIMITS.ratingMax}`),
  comment: text({ error: `Review must be at least ${LIMITS.reviewCommentMin} characters` })
    .trim()
    .min(LIMITS.reviewCommentMin, `Review must be at least ${LIMITS.reviewCommentMin} characters`)
    .max(LIMITS.reviewCommentMax, `Review must be at most ${LIMITS.reviewCommentMax} characters`),
}).strict();
export type CreateReviewBody = z.input<typeof createReviewBody>;

/** A review as the buyer page lists it: with the product it is about. */
export const buyerReview = review.extend({
  productName: z.string(),
  productImage: z.string().nullable(),
});
export type BuyerReview = z.infer<typeof buyerReview>;
