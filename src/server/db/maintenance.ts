import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const LOCK_KEY = 7_311_045;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping that any instance may run: whichever takes the advisory lock does the work,
 * the others skip (scheduled jobs with 2+ instances). Deletes what no rule needs:
 * used or expired codes, expired refresh tokens and idempotency keys, stories expired for a
 * week, mail sent a month ago.
 */
export async function cleanUp(db: Db, now: Date): Promise<{ ran: boolean }> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`);
    if (!lock.rows[0]?.locked) return { ran: false };
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
    await tx.execute(sql`DELETE FROM auth_codes WHERE expires_at < ${now} OR used_at IS NOT NULL`);
    await tx.execute(sql`DELETE FROM refresh_tokens WHERE expires_at < ${now}`);
    await tx.execute(sql`DELETE FROM idempotency_keys WHERE expires_at < ${now} AND response_status IS NOT NULL`);
    await tx.execute(sql`DELETE FROM stories WHERE expires_at < ${weekAgo}`);
    await tx.execute(sql`DELETE FROM mail_outbox WHERE sent_at < ${monthAgo}`);
    return { ran: true };
  });
}

/** Runs cleanUp every hour (and once soon after start); returns a stop function. */
export function scheduleCleanUp(db: Db, clock: () => Date, onError: (err: unknown) => void): () => void {
  const run = () => void cleanUp(db, clock()).catch(onError);
  const first = setTimeout(run, 30_000);
  const every = setInterval(run, 60 * 60 * 1000);
  first.unref();
  every.unref();
  return () => { clearTimeout(first); clearInterval(every); };
}
