import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { NotificationType } from '#shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { VapidKeys } from '../../lib/vapid.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { notificationTitle } from './titles.ts';
import { InsideAddressError, assertSendable, guardedLookup } from './push-endpoint.ts';

/**
 * Web Push of new notifications. Notifications of users with a subscription are
 * written with push_pending; this sender claims them after the commit that made them, renders
 * the title in the reader's language, and sends one encrypted request (web-push builds it:
 * aes128gcm + VAPID) to each of the reader's devices, unless the reader turned push off for
 * that kind. A subscription the push service calls gone (404, 410) is deleted.
 *
 * Requests go only to https endpoints whose address, checked when connecting, is public
 * (push-endpoint.ts); `allowLocal` (PUSH_ALLOW_LOCAL, tests) lifts that.
 */

const BATCH = 20;
const SEND_TIMEOUT_MS = 5000;
/** Requests in flight at once: a slow push service cannot hold more than this many sockets. */
const PARALLEL = 4;
/** Kicks closer together than this share one look at the pending rows. */
const MIN_GAP_MS = 200;

export interface PushSender {
  /** Ask for a send soon (after a commit that may have created notifications). */
  kick: () => void;
  /** Sends what is pending now; resolves with the number of requests made. */
  drain: () => Promise<number>;
  start: (intervalMs?: number) => void;
  stop: () => Promise<void>;
}

/** Where a click on the notification leads (src/web/sw.ts opens it). */
export function notificationUrl(type: NotificationType, orderId: string | null, forProducer: boolean, data: Record<string, unknown>): string {
  if (orderId) return forProducer ? `/producer/dashboard?tab=orders&order=${orderId}` : `/orders?order=${orderId}`;
  if ((type === 'review' || type === 'waitlist_offer') && typeof data.productId === 'string') return `/product/${data.productId}`;
  if ((type === 'drop_announced' || type === 'drop_changed') && typeof data.dropId === 'string') return `/drop/${data.dropId}`;
  return forProducer ? '/producer/dashboard' : '/';
}

export function createPushSender(opts: {
  db: Db;
  repo: NotificationsRepository;
  keys: VapidKeys;
  subject: string;
  log: { warn: (o: object, m: string) => void };
  /** PUSH_ALLOW_LOCAL: http and inside addresses allowed (a push service on loopback in tests). */
  allowLocal?: boolean;
}): PushSender {
  const { db, repo } = opts;
  let running: Promise<number> | undefined;
  let kickQueued = false;
  let timer: NodeJS.Timeout | undefined;

  /**
   * One request with node:https and a lookup that refuses inside addresses, so the address
   * connected to is the one checked; resolves with the status. No redirect is followed.
   */
  function post(url: URL, method: string, headers: Record<string, string | number>, body: Buffer | null): Promise<number> {
    if (!opts.allowLocal) assertSendable(url);
    const client = url.protocol === 'http:' ? http : https;
    return new Promise<number>((resolve, reject) => {
      const req = client.request(url, {
        method, headers, timeout: SEND_TIMEOUT_MS, signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        ...(opts.allowLocal ? {} : { lookup: guardedLookup() }),
      }, (res) => {
        res.resume();
        res.on('error', () => undefined);
        resolve(res.statusCode ?? 0);
      });
      req.on('timeout', () => req.destroy(new Error(`push request timed out after ${SEND_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  }

  async function send(sub: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<'ok' | 'gone' | 'failed'> {
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        { vapidDetails: { subject: opts.subject, publicKey: opts.keys.publicKey, privateKey: opts.keys.privateKey }, TTL: 24 * 60 * 60, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      const res = await post(new URL(request.endpoint), request.method, request.headers as Record<string, string | number>, request.body);
      if (res === 404 || res === 410) return 'gone';
      if (res >= 200 && res < 300) return 'ok';
      opts.log.warn({ status: res }, 'push service refused a notification');
      return 'failed';
    } catch (err) {
      // An endpoint that now leads inside (its name was rebound) is never called: it goes.
      if (err instanceof InsideAddressError) {
        opts.log.warn({ err: err.message }, 'push endpoint refused: not a public address; subscription deleted');
        return 'gone';
      }
      opts.log.warn({ err }, 'push sending failed');
      return 'failed';
    }
  }

  async function drainOnce(): Promise<{ claimed: number; sent: number }> {
    const claimed = await repo.claimPushPending(db, BATCH);
    if (claimed.length === 0) return { claimed: 0, sent: 0 };
    const wanted = claimed.filter((n) => n.settings[n.type]?.push !== false);
    const subs = await repo.subscriptionsOf(db, [...new Set(wanted.map((n) => n.user_id))]);
    const jobs = wanted.flatMap((n) => {
      const payload = JSON.stringify({
        id: n.id, type: n.type, orderId: n.order_id,
        title: notificationTitle(n.language, n.type, n.order_id, n.data),
        url: notificationUrl(n.type, n.order_id, n.for_producer, n.data),
      });
      return subs.filter((s) => s.userId === n.user_id).map((s) => ({ sub: s, payload }));
    });
    const gone = new Set<string>();
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        if (gone.has(job.sub.id)) continue;
        if ((await send(job.sub, job.payload)) === 'gone') gone.add(job.sub.id);
      }
    }));
    await repo.deleteSubscriptionsById(db, [...gone]);
    return { claimed: claimed.length, sent: jobs.length };
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, sent } = await drainOnce();
      total += sent;
      if (claimed < BATCH) return total;
    }
  }

  let lastStart = 0;
  let delayed: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => { kickQueued = false; lastStart = Date.now(); return drain(); };
  const queue = () => {
    running = (running ?? Promise.resolve(0)).then(run, run);
    void running.catch((err: unknown) => opts.log.warn({ err }, 'push sender failed'));
    return running;
  };

  return {
    drain: () => { kickQueued = true; return queue(); },
    kick() {
      // Every write request kicks: under a burst, one look at the pending rows per
      // MIN_GAP_MS is enough (a push may wait that long), not one per request.
      if (kickQueued || stopped) return;
      kickQueued = true;
      const wait = lastStart + MIN_GAP_MS - Date.now();
      if (wait <= 0) void queue();
      else {
        delayed = setTimeout(() => { delayed = undefined; void queue(); }, wait);
        delayed.unref();
      }
    },
    start(intervalMs = 10_000) {
      timer ??= setInterval(() => this.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (delayed) clearTimeout(delayed);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
