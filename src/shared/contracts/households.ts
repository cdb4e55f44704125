import { z } from 'zod';

export const household = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  avatar: z.string().nullable(),
  followerCount: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  hasActiveStory: z.boolean(),
  /** Whether the signed-in user follows it; false when signed out. */
  isFollowing: z.boolean(),
});
export type Household = z.infer<typeof household>;

export const updateHouseholdBody = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120, 'Name must be at most 120 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  location: z.string().trim().max(120, 'Location must be at most 120 characters'),
  /** An uploaded image id (POST /api/media) of the producer's own, or null to remove. */
  avatarId: z.uuid().nullable(),
}).partial().strict();
export type UpdateHouseholdBody = z.input<typeof updateHouseholdBody>;
