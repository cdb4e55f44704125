import { z } from 'zod';
import { timeKeySql } from '../db/sql-time.ts';
import { validationFailed } from './errors.ts';

/**
 * Opaque keyset cursors (base64url of a JSON tuple). Lists page on the sort key plus the id,
 * so a page never repeats or skips an item even when rows are added between requests.
 */
export function encodeCursor(parts: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the validation error below
  }
  throw validationFailed([{ field: 'cursor', message: 'Invalid cursor' }], 'Invalid cursor');
}

/** A created_at key with microseconds, as PostgreSQL stores it (a JS Date keeps only ms). */
export const timeKey = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
  // A real instant: month 13, hour 25 or year 0 would be a database error (a 500), not a 400.
  .refine(isRealInstant);
export const timeIdCursor = z.tuple([timeKey, z.uuid()]);

function isRealInstant(value: string): boolean {
  if (value.startsWith('0000')) return false;
  const date = new Date(`${value.slice(0, 23)}Z`);
  return Number.isFinite(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19);
}

/** The cursor's time part of a timestamp column; written in SQL by the db layer. */
export { timeKeySql };
