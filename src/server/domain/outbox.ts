import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { faultCounters } from '../lib/fault-counters.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { serialDrain } from '../lib/serial-drain.ts';

/**
 * Mail that survives a crash: written to mail_outbox in the same transaction as the order
 * or code that causes it, then sent by any instance (docs/decisions/0003-mail-outbox.md).
 *
 * A batch is claimed with a lease: one short UPDATE … FOR UPDATE SKIP LOCKED … RETURNING moves
 * the rows' next_attempt_at a lease ahead, so no other instance takes them while they are being
 * sent, and commits at once. The mails then go out with no database connection held (a slow or
 * hanging SMTP relay never holds a pooled connection), several at a time (the pooled SMTP
 * transport spreads them over its connections), and every mail the transport accepted is
 * marked sent in one UPDATE at the end of the batch. An instance that dies mid-batch leaves its
 * rows to be claimed again when the lease ends: at most one batch is sent twice, none is lost
 * (a mail sent again keeps its Message-ID, the row's id). The worker holds one batch at a time.
 *
 * Failures (docs/bad-days.md, "The mail relay is down"):
 * - transient (the relay refuses or drops the connection, times out, or answers 4xx) are
 *   retried for RETRY_WINDOW_MS (3 days) after the mail was written, the wait doubling from
 *   30 s up to MAX_WAIT_MS (5 min). While a relay is seen down, the mailer's `probe` (a TCP
 *   connect and the relay's 220 greeting) runs every PROBE_MS; when it answers again, every
 *   waiting mail is made due at once, so a relay's return is followed within seconds by all
 *   the mail that waited for it, each sent once (mails being sent under a lease are left alone);
 * - permanent (a 5xx reply: no such mailbox, refused content) are tried MAX_PERMANENT_FAILURES
 *   times, a few minutes apart, then given up.
 * A mail given up on keeps its row: recipient, subject, reason (last_error) and given_up_at;
 * it is logged as an error and counted (`domace_mail_given_up_total` on /metrics). Its body is
 * blanked: a code it carried expires anyway.
 *
 * Bodies are blanked once sent: sign-up and reset mails carry codes, which are kept only as
 * hashes (auth_codes). Recipient and subject stay, for the record.
 */
export function enqueueMail(db: DbOrTx, mails: Mail | Mail[]) {
  const rows = Array.isArray(mails) ? mails : [mails];
  return rows.length ? db.insert(mailOutbox).values(rows) : Promise.resolve();
}

export interface MailOutbox {
  /** Sends what is due now; resolves with the number sent. Stops between batches after `stop`. */
  drain: () => Promise<number>;
  /** Ask for a drain soon (after a commit that enqueued mail). */
  kick: () => void;
  start: (intervalMs?: number) => void;
  /**
   * Stops at the end of the batch in flight, waiting at most `graceMs`: unsent mail waits in
   * the table for the next start (a mail still being sent is claimed again after its lease).
   */
  stop: (graceMs?: number) => Promise<void>;
}

/** How long transient failures are retried, from when the mail was written. */
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
/** The first wait after a transient failure; it doubles up to MAX_WAIT_MS. */
export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 5 * 60_000;
/** Permanent (5xx) refusals before a mail is given up on, and the wait between them. */
export const MAX_PERMANENT_FAILURES = 3;
export const PERMANENT_WAIT_MS = 2 * 60_000;
/** While the relay is seen down, it is probed this often; its return wakes the waiting mail. */
export const PROBE_MS = 5_000;
/** Mails claimed at once: the most the worker holds in memory, and the most a crash sends twice. */
export const BATCH = 100;
/**
 * Mails of a batch handed to the mailer at once. Each SMTP mail takes four round trips, each
 * waiting its turn in an event loop busy with requests: throughput is mails in flight over
 * that, so many are kept in flight (the SMTP pool spreads them over its connections).
 */
export const CONCURRENCY = 40;
/** One mail's send gives up after this; the mailer's own timeouts are shorter. */
const SEND_TIMEOUT_MS = 25_000;
/**
 * A claimed mail is left alone this long: longer than a batch may take to send, i.e.
 * SEND_TIMEOUT_MS × BATCH / CONCURRENCY (63 s).
 */
export const LEASE_MS = 5 * 60_000;
const STOP_GRACE_MS = 2_000;
/**
 * How often a started outbox looks for due mail by itself. Its own instance kicks it after
 * every commit that wrote mail; the poll is for the rest: mail another instance or the admin
 * CLI wrote, and retries coming due. One indexed claim a second (mail_outbox_pending_idx).
 */
export const POLL_MS = 1_000;

interface Row { id: string; to: string; subject: string; text: string; html: string; attempts: number; hardFailures: number; createdAt: Date }

/**
 * A permanent failure: the relay answered 5xx (the mail itself is refused). Anything else (no
 * connection, a reset, a timeout, 4xx, the mail thread dying) is transient.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  clock?: () => Date;
  log?: { warn: (o: object, m: string) => void; error?: (o: object, m: string) => void };
  /** How often a relay seen down is probed (PROBE_MS). */
  probeMs?: number;
  leaseMs?: number;
  sendTimeoutMs?: number;
  batchSize?: number;
  concurrency?: number;
}

export function createMailOutbox(opts: MailOutboxOptions): MailOutbox {
  const clock = opts.clock ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const sendTimeoutMs = opts.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const batchSize = opts.batchSize ?? BATCH;
  const concurrency = Math.max(1, opts.concurrency ?? CONCURRENCY);
  const probeMs = opts.probeMs ?? PROBE_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** Claims up to a batch of due mails in one autocommitted statement. */
  async function claim(): Promise<Row[]> {
    // Due by the injected clock or by the database's own (rows default to now()).
    const now = sql`GREATEST(${clock()}::timestamptz, now())`;
    // RETURNING gives no order: the claimed mails are sorted by when they became due (then by
    // their id's creation order), so a buyer's status mails go out in the order they happened.
    const result = await opts.db.execute<Record<string, unknown>>(sql`
      WITH due AS (
        SELECT id, next_attempt_at AS due_at, created_at FROM mail_outbox
        WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, created_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      UPDATE mail_outbox m SET next_attempt_at = ${now} + make_interval(secs => ${leaseMs / 1000}),
        sending_until = ${now} + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE m.id = due.id
      RETURNING m.id, m."to", m.subject, m.text, m.html, m.attempts, m.hard_failures, due.due_at, due.created_at`);
    const at = (v: unknown) => new Date(v as string | Date).getTime();
    return result.rows
      .sort((a, b) => at(a.due_at) - at(b.due_at) || at(a.created_at) - at(b.created_at))
      .map((r) => ({
        id: r.id as string, to: r.to as string, subject: r.subject as string, text: r.text as string, html: r.html as string,
        attempts: Number(r.attempts), hardFailures: Number(r.hard_failures), createdAt: new Date(r.created_at as string | Date),
      }));
  }

  /** Hands one mail to the mailer; rejects on the mailer's error or after sendTimeoutMs. */
  async function send(row: Row): Promise<void> {
    const abort = new AbortController();
    try {
      await withTimeout(
        opts.mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html }, { id: row.id, signal: abort.signal }),
        sendTimeoutMs, 'sending a mail');
    } catch (err) {
      // A timed-out mail is taken out of the pooled transport's queue too.
      abort.abort();
      throw err;
    }
  }

  async function recordFailure(row: Row, err: unknown): Promise<void> {
    const now = clock();
    const permanent = isPermanentFailure(err);
    const hardFailures = row.hardFailures + (permanent ? 1 : 0);
    const reason = String((err as Error).message ?? err).slice(0, 500);
    const givingUp = permanent
      ? hardFailures >= MAX_PERMANENT_FAILURES
      : now.getTime() - row.createdAt.getTime() >= RETRY_WINDOW_MS;
    const delayMs = permanent ? PERMANENT_WAIT_MS : Math.min(2 ** row.attempts * FIRST_WAIT_MS, MAX_WAIT_MS);
    // No reply at all (refused, reset, timed out): the relay is down; probe for its return.
    if (!permanent && typeof (err as { responseCode?: unknown } | null)?.responseCode !== 'number') noteRelayDown();
    if (givingUp) {
      const why = permanent ? 'permanent' : 'expired';
      faultCounters.mailGivenUp[why]++;
      (opts.log?.error ?? opts.log?.warn)?.call(opts.log, { mailId: row.id, to: row.to, subject: row.subject, attempts: row.attempts + 1, reason, why },
        permanent ? 'mail given up: the relay refused it permanently' : 'mail given up: not sent within the retry window');
    } else {
      opts.log?.warn({ err, mailId: row.id, attempt: row.attempts + 1, permanent }, 'mail sending failed; will retry');
    }
    await opts.db.update(mailOutbox).set({
      attempts: row.attempts + 1,
      hardFailures,
      nextAttemptAt: new Date(now.getTime() + delayMs),
      sendingUntil: null,
      lastError: givingUp ? `${permanent ? 'refused' : 'expired'}: ${reason}`.slice(0, 500) : reason,
      // A mail given up on will never be read by anyone: its body (maybe a code) goes too.
      ...(givingUp ? { text: '', html: '', givenUpAt: now } : {}),
    }).where(and(sql`${mailOutbox.id} = ${row.id}`, isNull(mailOutbox.sentAt)));
  }

  /**
   * The relay was seen down: probe it every probeMs until it answers, then make every waiting
   * mail (not one under another send's lease) due now and drain. Without a probe (the file
   * mailer, tests), the capped wait alone brings the mail out.
   */
  let probeTimer: NodeJS.Timeout | undefined;
  function noteRelayDown() {
    if (!opts.mailer.probe || probeTimer || stopped) return;
    const tick = async () => {
      probeTimer = undefined;
      if (stopped) return;
      const up = await opts.mailer.probe!().catch(() => false);
      if (!up) {
        probeTimer = setTimeout(() => void tick(), probeMs);
        probeTimer.unref();
        return;
      }
      await wakeWaiting().catch((err: unknown) => opts.log?.warn({ err }, 'mail outbox: waking the waiting mail failed'));
    };
    probeTimer = setTimeout(() => void tick(), probeMs);
    probeTimer.unref();
  }

  async function wakeWaiting(): Promise<void> {
    const now = sql`GREATEST(${clock()}::timestamptz, now())`;
    await opts.db.execute(sql`
      UPDATE mail_outbox SET next_attempt_at = ${now}
      WHERE sent_at IS NULL AND given_up_at IS NULL AND hard_failures = 0 AND attempts > 0
        AND next_attempt_at > ${now} AND (sending_until IS NULL OR sending_until <= ${now})`);
    api.kick();
  }

  async function drainOnce(): Promise<{ claimed: number; sent: number }> {
    const due = await claim();
    const sent: string[] = [];
    const failed: Array<{ row: Row; err: unknown }> = [];
    let next = 0;
    // `concurrency` senders take the batch's mails in order; when stopping, none takes another.
    const sender = async () => {
      while (next < due.length && !stopped) {
        const row = due[next++]!;
        try {
          await send(row);
          sent.push(row.id);
        } catch (err) {
          failed.push({ row, err });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, sender));
    // Every mail the transport accepted is marked in one statement, and its body blanked
    // (codes). A row someone else sent meanwhile (a lease outlived) stays as is.
    if (sent.length > 0) {
      await opts.db.update(mailOutbox)
        .set({ sentAt: clock(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, text: '', html: '', sendingUntil: null })
        .where(and(inArray(mailOutbox.id, sent), isNull(mailOutbox.sentAt)));
    }
    for (const { row, err } of failed) await recordFailure(row, err);
    if (next < due.length) {
      // Stopping: the rest of the batch is handed back at once instead of after its lease.
      const rest = due.slice(next).map((r) => r.id);
      await opts.db.update(mailOutbox).set({ nextAttemptAt: sql`now()`, sendingUntil: null }).where(and(inArray(mailOutbox.id, rest), isNull(mailOutbox.sentAt))).catch(() => undefined);
    }
    return { claimed: due.length, sent: sent.length };
  }

  async function drain(): Promise<number> {
    let total = 0;
    while (!stopped) {
      const { claimed, sent } = await drainOnce();
      total += sent;
      if (claimed < batchSize) break;
    }
    return total;
  }

  const runs = serialDrain(drain, (err) => opts.log?.warn({ err }, 'mail outbox drain failed'));
  const api: MailOutbox = {
    drain: () => runs.drain(),
    kick() {
      if (!stopped) runs.kick();
    },
    start(intervalMs = POLL_MS) {
      stopped = false;
      timer ??= setInterval(() => api.kick(), intervalMs);
      timer.unref();
      // Mail left waiting by a stop or an earlier process goes as soon as the relay answers.
      noteRelayDown();
    },
    async stop(graceMs = STOP_GRACE_MS) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      clearTimeout(probeTimer);
      probeTimer = undefined;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        runs.settled(),
        new Promise<void>((resolve) => { waited = setTimeout(resolve, graceMs); }),
      ]).finally(() => clearTimeout(waited));
    },
  };
  return api;
}
