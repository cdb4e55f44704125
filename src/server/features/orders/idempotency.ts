import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Idempotency-Key handling (DESIGN.md sections 5 and 6): the key row is claimed in its own
 * statement before the work starts, so a second request with the same key sees it at once,
 * whichever instance it reaches. Nothing is kept in process memory.
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

export function createIdempotency(deps: { db: Db; repo: Pick<OrdersRepository, 'claimKey' | 'findKey' | 'completeKey' | 'releaseKey'>; clock: () => Date }) {
  const { db, repo, clock } = deps;

  async function existing(userId: string, key: string, hash: string): Promise<Answer | null> {
    const row = await repo.findKey(db, userId, key);
    if (!row) return null;
    if (row.requestHash !== hash) {
      throw new AppError(422, 'idempotency.mismatch', 'This Idempotency-Key was used with a different request body');
    }
    if (row.responseStatus === null) {
      throw new AppError(409, 'idempotency.in_progress', 'A request with this Idempotency-Key is still being processed');
    }
    return { status: row.responseStatus, body: row.responseBody, replayed: true };
  }

  /**
   * Runs `work` once per (user, key). A 2xx or 4xx answer is stored and replayed for the
   * same body; a crash (anything else) releases the key so a retry can proceed.
   */
  return async function once(userId: string, key: string, body: unknown, work: () => Promise<Answer>): Promise<Answer> {
    const hash = requestHash(body);
    const now = clock();
    // Two tries: the row we conflicted with may vanish (its request crashed) before we read it.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claimed = await repo.claimKey(db, { userId, key, requestHash: hash, now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) });
      if (claimed) break;
      const answer = await existing(userId, key, hash);
      if (answer) return answer;
      if (attempt === 1) throw new AppError(409, 'idempotency.in_progress', 'A request with this Idempotency-Key is still being processed');
    }

    let answer: Answer;
    try {
      answer = await work();
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        answer = { status: err.statusCode, body: { error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) } };
      } else {
        await repo.releaseKey(db, userId, key).catch(() => undefined);
        throw err;
      }
    }
    await repo.completeKey(db, userId, key, answer.status, answer.body);
    return answer;
  };
}
