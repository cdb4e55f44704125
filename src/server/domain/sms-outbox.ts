import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { smsOutbox } from '../db/schema.ts';
import { smsCounters } from '../lib/sms-counters.ts';
import { SmsRefused, type SmsSender } from '../lib/sms-sender.ts';
import { serialDrain } from '../lib/serial-drain.ts';
import { buildSms, sendableAt, type SmsScript } from '#shared/sms.ts';

/**
 * SMS that survives a crash and an outage, the way mail does (domain/outbox.ts,
 * docs/decisions/0003-mail-outbox.md): written to sms_outbox in the transaction that causes it,
 * claimed by any instance with one UPDATE … FOR UPDATE SKIP LOCKED … RETURNING that moves the
 * rows a lease ahead (so no other instance takes them), sent with no connection held, and marked
 * sent. Transient failures (the link down, the SMSC asking to wait) are retried for 3 days, the
 * wait doubling from 30 s to 5 min; when the link is bound again every waiting SMS is made due at
 * once, and each goes once. A refusal by the SMSC is tried 3 times, then given up on (kept, with
 * the reason). Delivery receipts are recorded on the row (delivery_status, delivered_at).
 *
 * Quiet hours (src/shared/sms.ts sendableAt): an SMS for a household in its quiet hours is held
 * until they end; held SMS of one household are merged into one (`summary`).
 */

export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 5 * 60_000;
export const MAX_REFUSALS = 3;
export const LEASE_MS = 2 * 60_000;
const BATCH = 50;
export const POLL_MS = 2_000;

export interface NewSms {
  householdId: string | null;
  phone: string;
  event: string;
  /** As written in the producer's language (features/sms/sms.texts.ts); `buildSms` puts it in the script. */
  text: string;
  script: SmsScript;
  orderId?: string | null;
  /** Hold in the quiet hours (HH:MM Belgrade) and merge with what is held; codes and help go at once. */
  quiet?: { from: string; to: string; now: Date; summaryLine: string; header: string };
  /** One part at most (help). */
  maxParts?: number;
}

/**
 * Writes an SMS to the outbox. In the quiet hours, it is held until they end: merged into the
 * household's held summary if one waits, else held as a summary of its own line.
 */
export async function enqueueSms(db: DbOrTx, sms: NewSms): Promise<void> {
  const quiet = sms.quiet;
  const at = quiet ? sendableAt(quiet.now, quiet.from, quiet.to) : undefined;
  if (quiet && at && at.getTime() > quiet.now.getTime() && sms.householdId) {
    const held = await db.execute<{ id: string; text: string; event: string }>(sql`
      SELECT id, text, event FROM sms_outbox
       WHERE household_id = ${sms.householdId} AND held AND sent_at IS NULL AND given_up_at IS NULL AND attempts = 0
       ORDER BY created_at LIMIT 1 FOR UPDATE`);
    const row = held.rows[0];
    // The held text is kept as written (Cyrillic too) until it is sent (buildSms at claim time would cut it
    // twice): the summary's lines are joined here and the whole is put in the script once more.
    const text = row ? `${row.text}; ${quiet.summaryLine}` : `${quiet.header} ${quiet.summaryLine}`;
    const built = buildSms(text, sms.script, sms.maxParts);
    if (row) {
      await db.update(smsOutbox).set({ text, encoding: built.encoding, parts: built.parts, event: row.event === sms.event ? sms.event : 'summary' }).where(eq(smsOutbox.id, row.id));
    } else {
      await db.insert(smsOutbox).values({ householdId: sms.householdId, phone: sms.phone, event: sms.event, text, encoding: built.encoding, parts: built.parts, orderId: sms.orderId ?? null, held: true, nextAttemptAt: at });
    }
    return;
  }
  const built = buildSms(sms.text, sms.script, sms.maxParts);
  await db.insert(smsOutbox).values({ householdId: sms.householdId, phone: sms.phone, event: sms.event, text: built.text, encoding: built.encoding, parts: built.parts, orderId: sms.orderId ?? null });
}


export interface SmsOutbox {
  drain: () => Promise<number>;
  kick: () => void;
  start: (intervalMs?: number) => void;
  stop: () => Promise<void>;
}

interface Row { id: string; phone: string; event: string; text: string; encoding: 'gsm7' | 'ucs2'; parts: number; held: boolean; attempts: number; createdAt: Date; script: SmsScript }

export function createSmsOutbox(opts: { db: Db; sender: SmsSender; clock?: () => Date; log?: { warn: (o: object, m: string) => void; error?: (o: object, m: string) => void } }): SmsOutbox {
  const clock = opts.clock ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<Row[]> {
    const now = sql`GREATEST(${clock()}::timestamptz, now())`;
    const result = await opts.db.execute<Record<string, unknown>>(sql`
      WITH due AS (
        SELECT id FROM sms_outbox
         WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ${now}
         ORDER BY next_attempt_at, created_at LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED)
      UPDATE sms_outbox o SET next_attempt_at = ${now} + make_interval(secs => ${LEASE_MS / 1000}),
        sending_until = ${now} + make_interval(secs => ${LEASE_MS / 1000})
        FROM due WHERE o.id = due.id
      RETURNING o.id, o.phone, o.event, o.text, o.encoding, o.parts, o.held, o.attempts, o.created_at`);
    return result.rows
      .map((r) => ({
        id: r.id as string, phone: r.phone as string, event: r.event as string, text: r.text as string,
        encoding: r.encoding as 'gsm7' | 'ucs2', parts: Number(r.parts), held: Boolean(r.held), attempts: Number(r.attempts),
        createdAt: new Date(r.created_at as string), script: (r.encoding === 'ucs2' ? 'cyrl' : 'latn') as SmsScript,
      }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function sendOne(row: Row): Promise<boolean> {
    // A held summary is still as written (Cyrillic too): put in its script now.
    const sms = row.held ? buildSms(row.text, row.script) : { text: row.text, encoding: row.encoding, parts: row.parts };
    try {
      const messageId = await opts.sender.send({ to: row.phone, ...sms });
      await opts.db.update(smsOutbox)
        .set({ sentAt: clock(), attempts: sql`${smsOutbox.attempts} + 1`, lastError: null, sendingUntil: null, messageId, text: sms.text, parts: sms.parts })
        .where(and(eq(smsOutbox.id, row.id), isNull(smsOutbox.sentAt)));
      smsCounters.messages.set(row.event, (smsCounters.messages.get(row.event) ?? 0) + 1);
      smsCounters.parts.set(row.event, (smsCounters.parts.get(row.event) ?? 0) + sms.parts);
      return true;
    } catch (err) {
      const now = clock();
      const refused = err instanceof SmsRefused;
      const reason = String((err as Error).message ?? err).slice(0, 500);
      const givingUp = refused ? row.attempts + 1 >= MAX_REFUSALS : now.getTime() - row.createdAt.getTime() >= RETRY_WINDOW_MS;
      const delay = Math.min(2 ** row.attempts * FIRST_WAIT_MS, MAX_WAIT_MS);
      if (givingUp) {
        smsCounters.givenUp++;
        (opts.log?.error ?? opts.log?.warn)?.call(opts.log, { smsId: row.id, to: row.phone, reason }, 'SMS given up');
      } else opts.log?.warn({ smsId: row.id, attempt: row.attempts + 1, reason }, 'SMS sending failed; will retry');
      await opts.db.update(smsOutbox).set({
        attempts: row.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + delay),
        sendingUntil: null,
        lastError: reason,
        ...(givingUp ? { givenUpAt: now } : {}),
      }).where(and(eq(smsOutbox.id, row.id), isNull(smsOutbox.sentAt)));
      return false;
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    while (!stopped) {
      const due = await claim();
      let n = 0;
      for (; n < due.length && !stopped; n++) {
        // The link went down mid-batch: the rest go back at once (retried when it is up again).
        if (!opts.sender.isUp()) break;
        if (await sendOne(due[n]!)) total++;
      }
      const rest = due.slice(n).map((r) => r.id);
      if (rest.length > 0) {
        await opts.db.update(smsOutbox).set({ nextAttemptAt: sql`GREATEST(${clock()}::timestamptz, now()) + make_interval(secs => ${FIRST_WAIT_MS / 1000})`, sendingUntil: null })
          .where(and(inArray(smsOutbox.id, rest), isNull(smsOutbox.sentAt)));
      }
      if (due.length < BATCH || rest.length > 0) break;
    }
    return total;
  }

  /** The link is bound again: everything waiting on a retry (not under another send's lease) is due now. */
  async function wakeWaiting(): Promise<void> {
    const now = sql`GREATEST(${clock()}::timestamptz, now())`;
    await opts.db.execute(sql`
      UPDATE sms_outbox SET next_attempt_at = ${now}
       WHERE sent_at IS NULL AND given_up_at IS NULL AND (attempts > 0 OR NOT held) AND next_attempt_at > ${now}
         AND (sending_until IS NULL OR sending_until <= ${now})`);
    api.kick();
  }
  opts.sender.onUp(() => { if (!stopped) void wakeWaiting().catch((err: unknown) => opts.log?.warn({ err }, 'SMS outbox: waking the waiting SMS failed')); });

  const runs = serialDrain(drain, (err) => opts.log?.warn({ err }, 'SMS outbox drain failed'));
  const api: SmsOutbox = {
    drain: () => runs.drain(),
    kick() {
      if (!stopped) runs.kick();
    },
    start(intervalMs = POLL_MS) {
      stopped = false;
      timer ??= setInterval(() => api.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await runs.settled();
    },
  };
  return api;
}

/** A delivery receipt: recorded on the SMS whose part carried `messageId`. */
export async function recordReceipt(db: DbOrTx, messageId: string, status: string, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET delivery_status = ${status.slice(0, 40)}, delivered_at = ${at}
     WHERE message_id IS NOT NULL AND ${messageId} = ANY(string_to_array(message_id, ' '))`);
}
