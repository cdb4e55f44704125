import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { SmsSettings } from '#shared/contracts/sms.ts';
import { addDays, belgradeDateOf, belgradeNow } from '#shared/time.ts';
import { normalisePhone, parseSmsReply, SMS_CODE, SMS_DEFAULTS, SMS_EVENTS, type SmsEvent, type SmsScript } from '#shared/sms.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { scheduledRuns, smsOutbox, smsReplies, smsSettings, smsSummaries, users } from '../../db/schema.ts';
import { enqueueSms, recordReceipt, type SmsOutbox } from '../../domain/sms-outbox.ts';
import { codeHash, newCode, sameCodeHash } from '../../lib/codes.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.ts';
import type { IncomingSms } from '../../lib/sms-sender.ts';
import { type SmsLine, type SmsOrder, smsTexts, type SmsTexts } from './sms.texts.ts';

/**
 * SMS to producers and their replies (docs/notifications.md, "SMS"): the settings and the
 * phone's confirmation code, the composer that turns notifications marked sms_pending
 * (migration 0022's trigger) into SMS, and what a reply does.
 */

export const smsErrors = {
  phoneTaken: () => conflict('sms.phone_taken', 'This phone is already confirmed by another household'),
  noCode: () => conflict('sms.no_code', 'No code is waiting: give the phone first'),
  codeMismatch: (triesLeft: number) => new AppError(400, 'sms.code_mismatch', 'The code is incorrect', [{ field: 'code', message: `The code is incorrect (${triesLeft} tries left)` }]),
  codeExpired: () => new AppError(400, 'sms.code_expired', 'The code has expired; ask for a new one', [{ field: 'code', message: 'The code has expired; ask for a new one' }]),
  tooManyAttempts: () => new AppError(429, 'sms.too_many_attempts', 'Too many wrong codes; ask for a new one', [{ field: 'code', message: 'Too many wrong codes; ask for a new one' }]),
  codeTooSoon: (retryAfterSeconds: number) => Object.assign(
    new AppError(429, 'sms.code_too_soon', 'A code was sent a moment ago; wait before asking for another', [{ field: 'phone', message: 'A code was sent a moment ago; wait before asking for another' }]),
    { retryAfterSeconds }),
};

type Row = typeof smsSettings.$inferSelect;

function toSettings(row: Row | undefined): SmsSettings {
  if (!row) return { phone: null, confirmed: false, ...SMS_DEFAULTS, events: [...SMS_DEFAULTS.events] };
  return {
    phone: row.phone, confirmed: row.confirmedAt !== null,
    events: SMS_EVENTS.filter((e) => row.events.includes(e)), quietFrom: row.quietFrom, quietTo: row.quietTo, script: row.script,
  };
}

export interface SmsServiceDeps {
  db: Db;
  clock: () => Date;
  outbox: Pick<SmsOutbox, 'kick'>;
  /** The producer's own status change (features/orders, composed in wiring/background-work.ts): stock back and the buyer told. */
  orders: { setStatusByProducer: (householdId: string, id: string, status: 'confirmed' | 'cancelled', reason?: string) => Promise<unknown> };
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** The server key the phone's code is stored under (lib/codes.ts). */
  codeKey: string;
  /** Tomorrow's standing demand of a household (features/standing, composed in wiring/background-work.ts). */
  standingDemand: (householdId: string, date: string) => Promise<SmsLine[]>;
}

/** Tomorrow's standing demand is sent from this Belgrade time on (and until midnight). */
export const STANDING_DEMAND_AT = '18:00';

/**
 * Days what SMS leaves behind is kept (ADR 0049, "Retention"): the replies (what a phone asked
 * and what it did), SMS sent or given up, and the summaries' claims (the pass looks back one day).
 */
export const SMS_RETENTION_DAYS = { replies: 90, sent: 30, summaries: 7 } as const;
const DAY_MS = 24 * 3600_000;

/**
 * Deletes what is older than SMS_RETENTION_DAYS, once per Belgrade day however many instances
 * run it (each asks hourly; `npm run admin -- run-sms-retention` asks the same): the day's row of
 * scheduled_runs is claimed in the transaction that deletes (a concurrent claim waits on the key,
 * then gets nothing; a failed pass leaves no claim and the next one runs it). Resolves with what
 * it deleted, or ran: false.
 */
export async function runSmsRetention(db: Db, at: Date): Promise<{ ran: boolean; replies: number; sent: number; summaries: number }> {
  const ago = (days: number) => new Date(at.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(scheduledRuns).values({ job: 'sms_retention', period: belgradeDateOf(at), ranAt: at })
      .onConflictDoNothing().returning({ period: scheduledRuns.period });
    if (claimed.length === 0) return { ran: false, replies: 0, sent: 0, summaries: 0 };
    const replies = await tx.delete(smsReplies).where(sql`${smsReplies.createdAt} < ${ago(SMS_RETENTION_DAYS.replies)}`).returning({ id: smsReplies.id });
    const sent = await tx.delete(smsOutbox)
      .where(sql`${smsOutbox.createdAt} < ${ago(SMS_RETENTION_DAYS.sent)} AND (${smsOutbox.sentAt} IS NOT NULL OR ${smsOutbox.givenUpAt} IS NOT NULL)`)
      .returning({ id: smsOutbox.id });
    const summaries = await tx.delete(smsSummaries).where(sql`${smsSummaries.createdAt} < ${ago(SMS_RETENTION_DAYS.summaries)}`).returning({ key: smsSummaries.key });
    // Its own claims: a year of days is enough to tell when it last ran.
    await tx.delete(scheduledRuns).where(sql`${scheduledRuns.job} = 'sms_retention' AND ${scheduledRuns.ranAt} < ${ago(365)}`);
    return { ran: true, replies: replies.length, sent: sent.length, summaries: summaries.length };
  });
}

export function createSmsService({ db, clock, outbox, orders, log, codeKey, standingDemand }: SmsServiceDeps) {
  const hashCode = (householdId: string, phone: string, code: string) => codeHash(codeKey, `${householdId}:${phone}`, code);

  async function load(tx: DbOrTx, householdId: string, lock = false): Promise<Row | undefined> {
    const q = tx.select().from(smsSettings).where(eq(smsSettings.householdId, householdId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /** The texts in the language the producer chose in the app (users.language). */
  async function textsOf(tx: DbOrTx, householdId: string): Promise<SmsTexts> {
    const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, householdId));
    return smsTexts(user?.language ?? DEFAULT_LANGUAGE);
  }

  /** The settings of a confirmed phone that wants `event`, or none. */
  async function wanting(tx: DbOrTx, householdId: string, event: SmsEvent): Promise<Row | undefined> {
    const row = await load(tx, householdId);
    return row?.confirmedAt && row.events.includes(event) ? row : undefined;
  }

  async function orderOf(tx: DbOrTx, orderId: string): Promise<(SmsOrder & { id: string; householdId: string }) | undefined> {
    const result = await tx.execute<Record<string, unknown>>(sql`
      SELECT o.id, o.number, o.household_id, b.name AS buyer_name, o.total_para, o.delivery_type, o.pickup_date, o.pickup_time,
             o.pickup_point_name, d.title AS drop_title,
             COALESCE((SELECT json_agg(json_build_object('name', i.name, 'quantity', i.quantity, 'unit', i.unit) ORDER BY i.name)
                         FROM order_items i WHERE i.order_id = o.id), '[]') AS lines
        FROM orders o JOIN users b ON b.id = o.buyer_id LEFT JOIN drops d ON d.id = o.drop_id
       WHERE o.id = ${orderId}`);
    const r = result.rows[0];
    if (!r) return undefined;
    return {
      id: r.id as string, householdId: r.household_id as string, number: Number(r.number), buyerName: r.buyer_name as string,
      lines: (r.lines as Array<{ name: string; quantity: number | string; unit: string }>).map((l) => ({ ...l, quantity: Number(l.quantity) })),
      totalPara: Number(r.total_para), deliveryType: r.delivery_type as SmsOrder['deliveryType'], pickupDate: r.pickup_date as string,
      pickupTime: r.pickup_time as string, pickupPointName: (r.pickup_point_name as string | null) ?? null, dropTitle: (r.drop_title as string | null) ?? null,
    };
  }

  /** DELETE /api/me/sms and a STOP reply: the settings go, and what waits for the household is not sent. */
  async function stop(tx: DbOrTx, householdId: string): Promise<void> {
    await tx.delete(smsSettings).where(eq(smsSettings.householdId, householdId));
    await tx.update(smsOutbox).set({ givenUpAt: clock(), lastError: 'stopped by the producer' })
      .where(and(eq(smsOutbox.householdId, householdId), sql`${smsOutbox.sentAt} IS NULL AND ${smsOutbox.givenUpAt} IS NULL`));
  }

  const quietOf = (row: Row, texts: SmsTexts, summaryLine: string) => ({ from: row.quietFrom, to: row.quietTo, now: clock(), summaryLine, header: texts.quietHeader });

  return {
    async get(householdId: string): Promise<SmsSettings> {
      return toSettings(await load(db, householdId));
    },

    /** PUT /api/me/sms: the phone normalised, a code sent to it (202). The same confirmed phone again changes nothing. */
    async setPhone(householdId: string, input: string): Promise<SmsSettings> {
      const phone = normalisePhone(input);
      if (!phone) throw validationFailed([{ field: 'phone', message: 'Not a phone number (for example 064 123 4567 or +381 64 123 4567)' }]);
      const settings = await db.transaction(async (tx) => {
        const now = clock();
        const row = await load(tx, householdId, true);
        if (row?.confirmedAt && row.phone === phone) return toSettings(row);
        const [taken] = await tx.select({ id: smsSettings.householdId }).from(smsSettings)
          .where(and(eq(smsSettings.phone, phone), isNotNull(smsSettings.confirmedAt), ne(smsSettings.householdId, householdId)));
        if (taken) throw smsErrors.phoneTaken();
        if (row?.codeSentAt && now.getTime() - row.codeSentAt.getTime() < SMS_CODE.resendAfterMs) {
          throw smsErrors.codeTooSoon(Math.ceil((SMS_CODE.resendAfterMs - (now.getTime() - row.codeSentAt.getTime())) / 1000));
        }
        const windowOpen = row?.codesWindowAt && now.getTime() - row.codesWindowAt.getTime() < 3600_000;
        if (windowOpen && row.codesSent >= SMS_CODE.perHour) {
          throw smsErrors.codeTooSoon(Math.ceil((3600_000 - (now.getTime() - row.codesWindowAt!.getTime())) / 1000));
        }
        const code = newCode(SMS_CODE.digits);
        const fields = {
          phone, confirmedAt: null, codeHash: hashCode(householdId, phone, code), codeExpiresAt: new Date(now.getTime() + SMS_CODE.ttlMs),
          codeTries: 0, codeSentAt: now, codesSent: windowOpen ? row.codesSent + 1 : 1, codesWindowAt: windowOpen ? row.codesWindowAt : now, updatedAt: now,
        };
        const [saved] = row
          ? await tx.update(smsSettings).set(fields).where(eq(smsSettings.householdId, householdId)).returning()
          : await tx.insert(smsSettings).values({ householdId, ...fields }).returning();
        await enqueueSms(tx, { householdId, phone, event: 'code', text: (await textsOf(tx, householdId)).code(code), script: saved!.script, maxParts: 1 });
        return toSettings(saved);
      });
      outbox.kick();
      return settings;
    },

    /** POST /api/me/sms/confirm: 5 tries of a code valid 10 minutes. */
    async confirm(householdId: string, code: string): Promise<SmsSettings> {
      const outcome = await db.transaction(async (tx) => {
        const now = clock();
        const row = await load(tx, householdId, true);
        if (!row || !row.codeHash || !row.codeExpiresAt) throw smsErrors.noCode();
        if (row.codeTries >= SMS_CODE.tries) throw smsErrors.tooManyAttempts();
        if (row.codeExpiresAt.getTime() <= now.getTime()) throw smsErrors.codeExpired();
        if (!sameCodeHash(row.codeHash, hashCode(householdId, row.phone, code.trim()))) {
          await tx.update(smsSettings).set({ codeTries: row.codeTries + 1 }).where(eq(smsSettings.householdId, householdId));
          return { wrong: SMS_CODE.tries - row.codeTries - 1, settings: undefined };
        }
        const [taken] = await tx.select({ id: smsSettings.householdId }).from(smsSettings)
          .where(and(eq(smsSettings.phone, row.phone), isNotNull(smsSettings.confirmedAt), ne(smsSettings.householdId, householdId)));
        if (taken) throw smsErrors.phoneTaken();
        const [saved] = await tx.update(smsSettings).set({ confirmedAt: now, codeHash: null, codeExpiresAt: null, codeTries: 0, updatedAt: now })
          .where(eq(smsSettings.householdId, householdId)).returning();
        return { wrong: undefined, settings: toSettings(saved) };
      });
      // The wrong try is counted (committed) before the refusal.
      if (outcome.wrong !== undefined) throw smsErrors.codeMismatch(outcome.wrong);
      return outcome.settings!;
    },

    async update(householdId: string, body: { events?: SmsEvent[] | undefined; quietFrom?: string | undefined; quietTo?: string | undefined; script?: SmsScript | undefined }): Promise<SmsSettings> {
      const now = clock();
      const [saved] = await db.update(smsSettings).set({
        ...(body.events ? { events: SMS_EVENTS.filter((e) => body.events!.includes(e)) } : {}),
        ...(body.quietFrom ? { quietFrom: body.quietFrom } : {}),
        ...(body.quietTo ? { quietTo: body.quietTo } : {}),
        ...(body.script ? { script: body.script } : {}),
        updatedAt: now,
      }).where(eq(smsSettings.householdId, householdId)).returning();
      if (!saved) throw notFound('SMS settings');
      return toSettings(saved);
    },

    /** DELETE /api/me/sms. */
    stop: (householdId: string) => db.transaction((tx) => stop(tx, householdId)),

    /**
     * Turns notifications marked sms_pending into SMS: each claimed once (FOR UPDATE SKIP LOCKED,
     * the mark cleared in the transaction that writes the SMS). Resolves with the number claimed.
     */
    async composeDue(limit = 50): Promise<number> {
      const claimed = await db.transaction(async (tx) => {
        const result = await tx.execute<{ user_id: string; type: string; order_id: string | null; data: Record<string, unknown> }>(sql`
          UPDATE notifications n SET sms_pending = false
           WHERE n.id IN (SELECT id FROM notifications WHERE sms_pending ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING n.user_id, n.type, n.order_id, n.data`);
        for (const n of result.rows) {
          if (!n.order_id) continue;
          const event: SmsEvent = n.type === 'order_placed' ? 'order' : 'message';
          const row = await wanting(tx, n.user_id, event);
          const order = row && await orderOf(tx, n.order_id);
          if (!row || !order) continue;
          const texts = await textsOf(tx, row.householdId);
          if (event === 'order') {
            await enqueueSms(tx, { householdId: row.householdId, phone: row.phone, event, orderId: order.id, script: row.script, text: texts.order(order, row.script), quiet: quietOf(row, texts, texts.orderLine(order)) });
          } else {
            const last = await tx.execute<{ body: string }>(sql`SELECT body FROM order_messages WHERE order_id = ${order.id} AND NOT from_producer ORDER BY created_at DESC, id DESC LIMIT 1`);
            const author = String(n.data.authorName ?? order.buyerName);
            await enqueueSms(tx, { householdId: row.householdId, phone: row.phone, event, orderId: order.id, script: row.script, text: texts.message(order.number, author, last.rows[0]?.body ?? ''), quiet: quietOf(row, texts, texts.messageLine(order.number, author)) });
          }
        }
        return result.rows.length;
      });
      if (claimed > 0) outbox.kick();
      return claimed;
    },

    /**
     * The summaries: a drop's orders when its cutoff has passed (within a day), and from
     * STANDING_DEMAND_AT tomorrow's standing demand; each claimed once per household in
     * sms_summaries (its primary key), whatever instance runs the pass. Resolves with the number written.
     */
    async runSummaries(): Promise<number> {
      const now = clock();
      let written = 0;
      const claim = async (tx: DbOrTx, householdId: string, kind: 'drop_cutoff' | 'standing_demand', key: string) =>
        (await tx.insert(smsSummaries).values({ householdId, kind, key, createdAt: now }).onConflictDoNothing().returning({ key: smsSummaries.key })).length > 0;
      const drops = await db.execute<{ household_id: string; drop_id: string; title: string; date: string }>(sql`
        SELECT s.household_id, d.id AS drop_id, d.title, d.date
          FROM sms_settings s
          JOIN drop_members m ON m.household_id = s.household_id
          JOIN drops d ON d.id = m.drop_id
         WHERE s.confirmed_at IS NOT NULL AND 'drop_cutoff' = ANY (s.events) AND d.cancelled_at IS NULL
           AND d.order_by <= ${now} AND d.order_by > ${now}::timestamptz - interval '1 day'
           AND NOT EXISTS (SELECT 1 FROM sms_summaries x WHERE x.household_id = s.household_id AND x.kind = 'drop_cutoff' AND x.key = d.id::text)`);
      for (const d of drops.rows) {
        await db.transaction(async (tx) => {
          if (!(await claim(tx, d.household_id, 'drop_cutoff', d.drop_id))) return;
          const row = await wanting(tx, d.household_id, 'drop_cutoff');
          const totals = (await tx.execute<{ orders: number; total: number }>(sql`
            SELECT count(*)::int AS orders, COALESCE(sum(total_para), 0)::bigint AS total FROM orders
             WHERE drop_id = ${d.drop_id} AND household_id = ${d.household_id} AND status <> 'cancelled'`)).rows[0];
          if (!row || !totals || Number(totals.orders) === 0) return;
          const lines = (await tx.execute<{ name: string; unit: string; quantity: string }>(sql`
            SELECT i.name, i.unit, sum(i.quantity) AS quantity FROM order_items i JOIN orders o ON o.id = i.order_id
             WHERE o.drop_id = ${d.drop_id} AND o.household_id = ${d.household_id} AND o.status <> 'cancelled'
             GROUP BY i.name, i.unit ORDER BY i.name`)).rows.map((l) => ({ ...l, quantity: Number(l.quantity) }));
          const texts = await textsOf(tx, row.householdId);
          const text = texts.dropCutoff({ title: d.title, date: d.date, orders: Number(totals.orders), totalPara: Number(totals.total), lines });
          await enqueueSms(tx, { householdId: row.householdId, phone: row.phone, event: 'drop_cutoff', script: row.script, text, quiet: quietOf(row, texts, texts.dropLine(d.title, Number(totals.orders))) });
          written++;
        });
      }
      const today = belgradeNow(now);
      if (today.time >= STANDING_DEMAND_AT) {
        const tomorrow = addDays(today.date, 1);
        const wanted = await db.execute<{ household_id: string }>(sql`
          SELECT s.household_id FROM sms_settings s
           WHERE s.confirmed_at IS NOT NULL AND 'standing_demand' = ANY (s.events)
             AND NOT EXISTS (SELECT 1 FROM sms_summaries x WHERE x.household_id = s.household_id AND x.kind = 'standing_demand' AND x.key = ${tomorrow})`);
        for (const { household_id: householdId } of wanted.rows) {
          const lines = await standingDemand(householdId, tomorrow);
          await db.transaction(async (tx) => {
            if (!(await claim(tx, householdId, 'standing_demand', tomorrow))) return;
            const row = await wanting(tx, householdId, 'standing_demand');
            if (!row || lines.length === 0) return;
            const texts = await textsOf(tx, householdId);
            await enqueueSms(tx, { householdId, phone: row.phone, event: 'standing_demand', script: row.script, text: texts.standingDemand(tomorrow, lines), quiet: quietOf(row, texts, texts.standingLine(lines.length)) });
            written++;
          });
        }
      }
      if (written > 0) outbox.kick();
      return written;
    },

    /** The daily retention (runSmsRetention) at `at`. */
    runRetention: (at: Date = clock()) => runSmsRetention(db, at),

    /** A reply or a delivery receipt from the SMSC. A reply changes something only from a confirmed phone, for its own household's order. */
    async handleIncoming(incoming: IncomingSms): Promise<string> {
      const now = clock();
      if (incoming.kind === 'receipt') {
        await recordReceipt(db, incoming.messageId, incoming.status, now);
        return 'receipt';
      }
      const phone = normalisePhone(incoming.from.startsWith('+') || incoming.from.startsWith('0') ? incoming.from : `+${incoming.from}`) ?? incoming.from;
      const text = incoming.text.slice(0, 500);
      const [row] = await db.select().from(smsSettings).where(and(eq(smsSettings.phone, phone), isNotNull(smsSettings.confirmedAt)));
      const record = async (outcome: string) => {
        await db.insert(smsReplies).values({ phone, text, householdId: row?.householdId ?? null, outcome, createdAt: now });
        (outcome.startsWith('refused') || outcome === 'unknown_phone' || outcome === 'not_their_order' || outcome === 'not_pending' ? log.warn : log.info)
          .call(log, { phone, householdId: row?.householdId, outcome }, 'SMS reply');
        return outcome;
      };
      if (!row) return record('unknown_phone');
      const reply = parseSmsReply(text);
      if (reply.kind === 'stop') {
        await db.transaction((tx) => stop(tx, row.householdId));
        return record('stop');
      }
      if (reply.kind === 'help') {
        await enqueueSms(db, { householdId: row.householdId, phone, event: 'help', text: (await textsOf(db, row.householdId)).help, script: row.script, maxParts: 1 });
        outbox.kick();
        return record('help');
      }
      const [order] = (await db.execute<{ id: string; status: string }>(sql`
        SELECT id, status FROM orders WHERE number = ${reply.number} AND household_id = ${row.householdId}`)).rows;
      if (!order) return record('not_their_order');
      if (order.status !== 'pending') return record('not_pending');
      try {
        if (reply.kind === 'confirm') await orders.setStatusByProducer(row.householdId, order.id, 'confirmed');
        else await orders.setStatusByProducer(row.householdId, order.id, 'cancelled', reply.reason || undefined);
      } catch (err) {
        return record(`refused:${(err as AppError).code ?? 'error'}`);
      }
      return record(reply.kind === 'confirm' ? 'confirmed' : 'declined');
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
