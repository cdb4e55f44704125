import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Idempotency-Key handling (DESIGN.md sections 5 and 6), entirely in PostgreSQL so it holds
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

export function createIdempotency(deps: { db: Db; repo: Pick<OrdersRepository, 'tryLockKey' | 'findKey' | 'deleteKey' | 'storeKey'>; clock: () => Date }) {
  const { db, repo, clock } = deps;

  /**
   * Runs `work` once per (user, key), in ONE transaction with the key row: a crash rolls
   * back the orders and the key together, so a retry with the same key always gets a real
   * answer. A transaction-scoped advisory lock on (user, key) tells a concurrent duplicate
   * that the first is still running (409); a finished key replays its stored answer, 2xx or
   * 4xx, and a different body with the same key is refused (422).
   */
  return async function once(userId: string, key: string, body: unknown, work: (tx: Tx) => Promise<Answer>): Promise<Answer> {
    const hash = requestHash(body);
    return db.transaction(async (tx) => {
      const now = clock();
      if (!(await repo.tryLockKey(tx, userId, key))) {
        throw new AppError(409, 'idempotency.in_progress', 'A request with this Idempotency-Key is still being processed');
      }
      const row = await repo.findKey(tx, userId, key);
      if (row && row.expiresAt > now) {
        if (row.requestHash !== hash) {
          throw new AppError(422, 'idempotency.mismatch', 'This Idempotency-Key was used with a different request body');
        }
        return { status: row.responseStatus ?? 500, body: row.responseBody, replayed: true };
      }
      if (row) await repo.deleteKey(tx, userId, key);

      let answer: Answer;
      try {
        answer = await work(tx); // a savepoint: a refusal undoes the work, not the key we store
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        answer = { status: err.statusCode, body: { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) } };
      }
      await repo.storeKey(tx, {
        userId, key, requestHash: hash, responseStatus: answer.status, responseBody: answer.body,
        createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      });
      return answer;
    });
  };
}
