import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import type { KeyRecord, KeyRow, StoredKey } from './orders.repository.ts';

/**
 * Idempotency-Key handling (docs/architecture.md, API and Security), entirely in PostgreSQL so it holds
 * across instances; nothing is kept in process memory.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Answer { status: number; body: unknown; replayed?: boolean }

/** JSON with object keys sorted, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type { KeyRecord, KeyRow, StoredKey };

/**
 * What `once` needs from the database; `T` is the transaction handle (a pooled connection),
 * `W` what a piece of work asks to have written with its key (the checkout's orders).
 */
export interface KeyStore<T, W = never> {
  /**
   * Runs `fn` in one transaction whose first act is taking the transaction-scoped lock on
   * (user, key) and reading the key's row (locked is false when another transaction holds
   * it); commits when `fn` resolves, rolls back when it throws.
   */
  withKey: <R>(userId: string, key: string, fn: (tx: T, lock: { locked: boolean; row: StoredKey | null }) => Promise<R>) => Promise<R>;
  /** Deletes the key's row only if it has expired by `now` (never a row committed meanwhile). */
  deleteExpiredKey: (tx: T, userId: string, key: string, now: Date) => Promise<void>;
  /** Writes the key's row, and the work's own rows when it has any, in one statement. */
  storeKey: (tx: T, row: KeyRow, write?: W) => Promise<void>;
  /** The unique violation of a key row another transaction committed after our lookup. */
  isKeyTaken: (err: unknown) => boolean;
}

/**
 * The work behind a key, inside the key's transaction. It returns its answer and what is to
 * be written with it (`write`): `once` stores the key together with that write, so an answer
 * and its rows always commit together. Its refusals (AppError 4xx) are stored as the key's
 * answer; it must throw them before it changes anything itself (there is no savepoint).
 */
export type Work<T, W = never> = (tx: T, now: Date) => Promise<Answer & { write?: W }>;

export function createIdempotency<T, W = never>(deps: { store: KeyStore<T, W>; clock: () => Date }) {
  const { store, clock } = deps;

  async function attempt(userId: string, key: string, hash: string, work: Work<T, W>): Promise<Answer> {
    return store.withKey(userId, key, async (tx, { locked, row }) => {
      const now = clock();
      if (!locked) {
        throw new AppError(409, 'idempotency.in_progress', 'A request with this Idempotency-Key is still being processed');
      }
      if (row && row.expiresAt > now) {
        if (row.requestHash !== hash) {
          throw new AppError(422, 'idempotency.mismatch', 'This Idempotency-Key was used with a different request body');
        }
        return { status: row.responseStatus ?? 500, body: row.responseBody, replayed: true };
      }
      if (row) await store.deleteExpiredKey(tx, userId, key, now);

      const record: KeyRecord = { userId, key, requestHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) };
      let answer: Answer;
      let write: W | undefined;
      try {
        const done = await work(tx, now);
        answer = { status: done.status, body: done.body };
        write = done.write;
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        answer = { status: err.statusCode, body: { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) } };
      }
      await store.storeKey(tx, { ...record, responseStatus: answer.status, responseBody: answer.body }, write);
      return answer;
    });
  }

  /**
   * Runs `work` once per (user, key), in ONE transaction with the key row, which only this
   * function writes (with the work's rows, in one statement): a crash rolls
   * back the orders and the key together, so a retry with the same key always gets a real
   * answer. A transaction-scoped advisory lock on (user, key) tells a concurrent duplicate
   * that the first is still running (409); a finished key replays its stored answer, 2xx or
   * 4xx, and a different body with the same key is refused (422).
   *
   * The lock and the lookup are one statement, so the lookup's snapshot can predate the
   * commit of a duplicate that released the lock just before we took it; writing our key
   * then fails on its primary key, everything rolls back, and the next attempt replays.
   */
  return async function once(userId: string, key: string, body: unknown, work: Work<T, W>): Promise<Answer> {
    const hash = requestHash(body);
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt(userId, key, hash, work);
      } catch (err) {
        if (tries < 3 && store.isKeyTaken(err)) continue;
        throw err;
      }
    }
  };
}
