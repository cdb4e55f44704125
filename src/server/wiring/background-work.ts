import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { jwtSecret } from '../config/secrets.ts';
import { createDb, createPool, type Database } from '../db/client.ts';
import { scheduleCleanUp } from '../db/maintenance.ts';
import { createMailOutbox, type MailOutbox } from '../domain/outbox.ts';
import { createSmsOutbox, type SmsOutbox } from '../domain/sms-outbox.ts';
import { createCheckoutStore, createOrdersRepository } from '../features/orders/orders.repository.ts';
import { createOrdersService } from '../features/orders/orders.service.ts';
import { createSmsService, type SmsService } from '../features/sms/sms.service.ts';
import { createSmsSender, type SmsSender } from '../lib/sms-sender.ts';
import { createMessagesRepository } from '../features/messages/messages.repository.ts';
import { createMessagesService } from '../features/messages/messages.service.ts';
import { createNotificationsRepository } from '../features/notifications/notifications.repository.ts';
import { createPushSender, type PushSender } from '../features/notifications/push.ts';
import { createPaymentsRepository } from '../features/payments/payments.repository.ts';
import { createPaymentsService, type PaymentsService } from '../features/payments/payments.service.ts';
import type { StandingService } from '../features/standing/standing.service.ts';
import type { Mailer } from '../lib/mailer.ts';
import { repeatPass } from '../lib/repeat.ts';
import { vapidKeys, type VapidKeys } from '../lib/vapid.ts';
import { createExpiries, type Expiries } from './expiries.ts';
import { createStandingWithCheckout } from './standing-cycles.ts';

const MINUTE = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    outbox: MailOutbox;
    /** Web Push of pending notifications (features/notifications/push.ts). */
    push: PushSender;
    /** Standing orders, with `runCycles` (wiring/standing-cycles.ts). */
    standing: StandingService;
    /** Statement import and the day-before payment reminders (`runReminders`). */
    payments: PaymentsService;
    /** Unpaid deposits and unused waitlist holds that are due (`runExpiries`: wiring/expiries.ts). */
    expiries: Expiries;
    /** SMS to producers (features/sms): `drain` composes and sends what is due; `settled` waits for the replies being handled. */
    sms: { service: SmsService; outbox: SmsOutbox; sender: SmsSender; drain: () => Promise<number>; settled: () => Promise<void> };
  }
}

export interface BackgroundDeps {
  database: Database;
  mailer: Mailer;
  clock: () => Date;
  /** An outbox of the caller's (tests); else one over `mailer`. */
  outbox?: MailOutbox;
  /** An SMS sender of the caller's; else one from SMS_URL (or the files of DATA_DIR/sms-outbox). */
  smsSender?: SmsSender;
  /** The timers run only in the served app; tests drain by hand. */
  startWorkers?: boolean;
}

/**
 * What runs beside the requests: the mail outbox and the message summaries, the clean-up,
 * Web Push of new notifications, the standing orders' cycles and the payment reminders. Each
 * is decorated on `app` (`outbox`, `push`, `standing`, `payments`), started only with
 * `startWorkers`, and stopped on close.
 */
export function wireBackgroundWork(app: FastifyInstance, config: Config, deps: BackgroundDeps): { outbox: MailOutbox; vapid: VapidKeys; standing: StandingService; payments: PaymentsService } {
  const { database, clock } = deps;
  // The sender claims and marks its batches on a connection of its own, so that it never
  // queues behind the checkouts waiting for the app's pool (bench/lib/mail-scenario.ts).
  const outboxPool = deps.startWorkers && !deps.outbox && database.url ? createPool(database.url, 1) : undefined;
  const outbox = deps.outbox ?? createMailOutbox({ db: outboxPool ? createDb(outboxPool) : database.db, mailer: deps.mailer, clock, log: app.log });
  // Message summaries whose 10 minutes have passed are mail that is due: a drain
  // sends them too, and with workers they are looked for every minute.
  const messageMails = createMessagesService({ db: database.db, repo: createMessagesRepository(), clock, outbox, publicUrl: config.publicUrl });
  app.decorate('outbox', { ...outbox, drain: async () => { await messageMails.sendDueMails(); return outbox.drain(); } });
  if (deps.startWorkers) {
    const stopMessageMails = repeatPass(() => messageMails.sendDueMails(), MINUTE, (err) => app.log.warn({ err }, 'message mails failed'), { atStart: false });
    app.addHook('onClose', async () => stopMessageMails());
    outbox.start();
    outbox.kick(); // mail queued before a crash or restart goes out now
    const stopCleanUp = scheduleCleanUp(database.db, clock, (err) => app.log.warn({ err }, 'clean-up failed'));
    app.addHook('onClose', async () => stopCleanUp());
  }
  app.addHook('onClose', async () => {
    await outbox.stop();
    // The pooled SMTP connections say QUIT (the outbox was their only user).
    await deps.mailer.close?.();
    await outboxPool?.end();
  });

  // Web Push of new notifications: after every successful write request (whatever
  // feature's commit or trigger created them) and, with workers, every 10 s.
  const vapid = vapidKeys(config.vapidKeys, config.dataDir);
  const push = createPushSender({ db: database.db, repo: createNotificationsRepository(), keys: vapid, subject: config.vapidSubject, log: app.log, allowLocal: config.pushAllowLocal });
  app.decorate('push', push);
  if (deps.startWorkers) push.start();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/')) push.kick();
  });
  app.addHook('onClose', () => push.stop());

  // Standing orders' cycles: every minute with workers (a restart catches up), on demand by the CLI.
  const standing = createStandingWithCheckout({ db: database.db, pool: database.pool, clock, outbox, publicUrl: config.publicUrl, waitlistHoldHours: config.waitlistHoldHours, log: app.log });
  app.decorate('standing', standing);
  if (deps.startWorkers) {
    const stopCycles = repeatPass(() => standing.runCycles(), MINUTE, (err) => app.log.warn({ err }, 'standing order cycles failed'));
    app.addHook('onClose', async () => stopCycles());
  }

  // Payment reminders: every minute with workers; each order's reminder claimed once in the database.
  const payments = createPaymentsService({ db: database.db, repo: createPaymentsRepository(), clock, outbox, publicUrl: config.publicUrl, log: app.log });
  app.decorate('payments', payments);
  if (deps.startWorkers) {
    const stopReminders = repeatPass(() => payments.runReminders(), MINUTE, (err) => app.log.warn({ err }, 'payment reminders failed'));
    app.addHook('onClose', async () => stopReminders());
  }
  // Deposits and waitlist holds that expire: every minute with workers; each expiry happens once (row locks).
  const expiries = createExpiries({ db: database.db, pool: database.pool, clock, outbox, log: app.log, waitlist: { holdHours: config.waitlistHoldHours, publicUrl: config.publicUrl } });
  app.decorate('expiries', expiries);
  if (deps.startWorkers) {
    const stopExpiries = repeatPass(() => expiries.runExpiries(), MINUTE, (err) => app.log.warn({ err }, 'expiries failed'));
    app.addHook('onClose', async () => stopExpiries());
  }
  wireSms(app, config, deps, outbox, standing);
  return { outbox, vapid, standing, payments };
}

/** How often, with workers, notifications marked for SMS are looked for (a write request kicks it too). */
const SMS_COMPOSE_MS = 5_000;

/**
 * SMS to producers: the sender (SMPP or files), the SMS outbox, the composer of notifications
 * marked for SMS and the replies' handler (features/sms), decorated as `app.sms`.
 */
function wireSms(app: FastifyInstance, config: Config, deps: BackgroundDeps, outbox: MailOutbox, standing: StandingService) {
  const { database, clock } = deps;
  const sender = deps.smsSender ?? createSmsSender({ smsUrl: config.smsUrl, outboxDir: path.join(config.dataDir, 'sms-outbox'), log: app.log });
  const smsOutbox = createSmsOutbox({ db: database.db, sender, clock, log: app.log });
  // A decline by SMS cancels like the dashboard: the stock it returns is offered to the waitlist.
  const orders = createOrdersService({
    db: database.db, repo: createOrdersRepository(), checkoutStore: createCheckoutStore(database.pool), clock, outbox,
    waitlist: { holdHours: config.waitlistHoldHours, publicUrl: config.publicUrl },
  });
  const standingDemand = async (householdId: string, date: string) =>
    (await standing.demand(householdId, { from: date, days: 1 })).days[0]?.products ?? [];
  const service = createSmsService({
    db: database.db, clock, outbox: smsOutbox, orders, log: app.log, standingDemand,
    codeKey: `sms-codes:${jwtSecret(config.jwtSecret, config.dataDir)}`,
  });
  const handling = new Set<Promise<unknown>>();
  sender.onIncoming((incoming) => {
    const p = service.handleIncoming(incoming).catch((err: unknown) => app.log.warn({ err }, 'an incoming SMS could not be handled'));
    handling.add(p);
    void p.finally(() => handling.delete(p));
  });
  const drain = async () => { await service.composeDue(); await service.runSummaries(); return smsOutbox.drain(); };
  app.decorate('sms', { service, outbox: smsOutbox, sender, drain, settled: async () => { while (handling.size > 0) await Promise.all([...handling]); } });
  if (deps.startWorkers) {
    smsOutbox.start();
    smsOutbox.kick();
    const stopCompose = repeatPass(() => service.composeDue(), SMS_COMPOSE_MS, (err) => app.log.warn({ err }, 'SMS composing failed'));
    const stopSummaries = repeatPass(() => service.runSummaries(), MINUTE, (err) => app.log.warn({ err }, 'SMS summaries failed'));
    // Once a day whoever runs it (its scheduled_runs row); every instance only asks each hour.
    const stopRetention = repeatPass(() => service.runRetention(), 60 * MINUTE, (err) => app.log.warn({ err }, 'SMS retention failed'), { atStart: false });
    app.addHook('onClose', async () => { await Promise.all([stopCompose(), stopSummaries(), stopRetention()]); });
    // After a write request (an order, a message): one compose at a time, and at most one more
    // queued behind it however many requests ask meanwhile (it sees all of their notifications).
    let composing: Promise<unknown> | undefined;
    let again = false;
    const kickCompose = () => {
      if (composing) { again = true; return; }
      composing = service.composeDue()
        .catch((err: unknown) => app.log.warn({ err }, 'SMS composing failed'))
        .finally(() => { composing = undefined; if (again) { again = false; kickCompose(); } });
    };
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/')) kickCompose();
    });
    app.addHook('onClose', async () => { again = false; await composing; });
  }
  app.addHook('onClose', async () => {
    await smsOutbox.stop();
    await sender.close();
  });
}
