import { z } from 'zod';
import { MEDIA_TYPES } from '../constants.ts';

/** The answer of POST /api/media (multipart, one file field "file"). */
export const mediaResponse = z.object({
  id: z.uuid(),
  url: z.string(),
  type: z.enum(MEDIA_TYPES),
  thumbnailUrl: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type MediaUpload = z.infer<typeof mediaResponse>;

/** Stable error codes of uploads; the web app translates them. */
export const MEDIA_ERROR_CODES = ['media.unsupported_type', 'media.too_large', 'media.too_many_pixels', 'media.invalid_image', 'media.file_missing'] as const;
