import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { text } from './fields.ts';

export const story = z.object({
  id: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  householdAvatar: z.string().nullable(),
  mediaUrl: z.string(),
  mediaType: z.enum(['image', 'video']),
  caption: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type Story = z.infer<typeof story>;

export const storiesQuery = z.object({ householdId: z.uuid().optional() }).strict();

export const createStoryBody = z.object({
  /** An uploaded image or video (POST /api/media) of the producer's own. */
  mediaId: z.uuid(),
  caption: text().trim().max(LIMITS.storyCaptionMax, `Caption must be at most ${LIMITS.storyCaptionMax} characters`).optional(),
}).strict();
