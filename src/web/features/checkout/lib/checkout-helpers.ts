import { randomUuid } from '#web/lib/random-uuid.ts';

/** A checkout attempt's Idempotency-Key: a random UUID. */
export const newIdempotencyKey = (): string => randomUuid();
