import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Mail that survives a crash: written to mail_outbox in the same transaction as the order
 * or code that causes it, then sent by any instance. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so two instances never send the same mail; failures are retried
 * with exponential backoff (DESIGN.md section 12, issue 9).
 */
export function enqueueMail(db: DbOrTx, mails: Mail | Mail[]) {
  const rows = Array.isArray(mails) ? mails : [mails];
  return rows.length ? db.insert(mailOutbox).values(rows) : Promise.resolve();
}

export interface MailOutbox {
  /** Sends what is due now; resolves with the number sent. */
  drain: () => Promise<number>;
  /** Ask for a drain soon (after a commit that enqueued mail). */
  kick: () => void;
  start: (intervalMs?: number) => void;
  stop: () => Promise<void>;
}

const MAX_ATTEMPTS = 8;
/**
 * Mails claimed per transaction. Under a checkout burst the drain waits its turn for a pooled
 * connection like any request, so this also sets its share of the CPU while requests queue
 * (the rest waits in the outbox and goes out as soon as the burst ends).
 */
const BATCH = 10;

export function createMailOutbox(opts: { db: Db; mailer: Mailer; clock?: () => Date; log?: { warn: (o: object, m: string) => void } }): MailOutbox {
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<number> | undefined;
  let kickQueued = false;
  let timer: NodeJS.Timeout | undefined;

  async function drainOnce(): Promise<number> {
    return opts.db.transaction(async (tx) => {
      const due = await tx.select().from(mailOutbox)
        // Due by the injected clock or by the database's own (rows default to now()).
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`GREATEST(${clock()}::timestamptz, now())`), sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const sent: string[] = [];
      const failed: { row: (typeof due)[number]; err: unknown }[] = [];
      for (const row of due) {
        try {
          await opts.mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
          sent.push(row.id);
        } catch (err) {
          failed.push({ row, err });
        }
      }
      // Every mail that went out is marked in one statement at the end of the batch.
      // The rows are locked by this transaction, so attempts + 1 is each row's own count + 1.
      if (sent.length > 0) {
        await tx.update(mailOutbox).set({ sentAt: clock(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null }).where(inArray(mailOutbox.id, sent));
      }
      for (const { row, err } of failed) {
        const delayMs = Math.min(2 ** row.attempts * 30_000, 6 * 60 * 60 * 1000);
        opts.log?.warn({ err, mailId: row.id, attempt: row.attempts + 1 }, 'mail sending failed; will retry');
        await tx.update(mailOutbox).set({
          attempts: row.attempts + 1,
          nextAttemptAt: new Date(clock().getTime() + delayMs),
          lastError: String((err as Error).message ?? err).slice(0, 500),
        }).where(eq(mailOutbox.id, row.id));
      }
      return sent.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await drainOnce();
      total += sent;
      if (sent < BATCH) return total;
    }
  }

  return {
    drain: () => {
      running = (running ?? Promise.resolve(0)).then(drain, drain);
      return running;
    },
    kick() {
      // Many commits in a burst need one more drain, not one each: a drain that has not
      // started yet will see all of their mail.
      if (kickQueued) return;
      kickQueued = true;
      running = (running ?? Promise.resolve(0)).then(() => { kickQueued = false; return drain(); }, () => { kickQueued = false; return drain(); });
      void running.catch((err: unknown) => opts.log?.warn({ err }, 'mail outbox drain failed'));
    },
    start(intervalMs = 15_000) {
      timer ??= setInterval(() => this.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
