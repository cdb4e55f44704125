import { z } from 'zod';
import { queryWholeNumber, text } from './fields.ts';

/** `{ error, code, details? }`: the body of every failed API answer (docs/architecture.md, API). */
export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string().optional(), message: z.string(), rule: z.string().optional() }).loose()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Every list answers `{ items, nextCursor }`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const idParams = z.object({ id: z.uuid() }).strict();

/** An opaque list cursor (the previous page's `nextCursor`). */
export const cursorParam = text().max(200);

export const cursorQuery = z.object({
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, 100).default(24),
});

export const okResponse = z.object({ ok: z.literal(true) });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'external']),
  /** With `degraded` when a disk is full: which store cannot write for lack of space. */
  storage: z.object({ database: z.enum(['ok', 'full']), media: z.enum(['ok', 'full']) }).optional(),
  /** With `degraded`: why, in words for the operator (the primary unreachable, migrations waiting for it…). */
  reason: z.string().optional(),
  /**
   * With DATABASE_READ_URL: the read replica as this instance last saw it. `down` or `lagging`
   * (more than 5 s behind) = the public reads go to the primary; the app stays `ok`.
   */
  replica: z.object({ state: z.enum(['up', 'lagging', 'down']), lagMs: z.number().nullable(), lagBytes: z.number().nullable() }).optional(),
});
