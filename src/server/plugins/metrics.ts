import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { faultCounters } from '../lib/fault-counters.ts';
import { smsCounters } from '../lib/sms-counters.ts';
import type { VitalsHistograms } from '../lib/vitals-histograms.ts';
import type { PublicCacheStore } from './public-cache.ts';

/**
 * /metrics in the Prometheus text format (prom-client): request latency by route, orders by
 * status, the mail outbox's depth and oldest age, pool use, the public cache's hits and the
 * Core Web Vitals of real visits (features/vitals).
 * Answered only to loopback callers (when no proxy is trusted: behind one every caller looks
 * local) or with `Authorization: Bearer <METRICS_TOKEN>`. docs/deployment.md has a scrape config.
 */
export interface MetricsOptions {
  pool: pg.Pool;
  cache: PublicCacheStore;
  /** The field data of real visits (features/vitals), when the app collects it. */
  vitals?: VitalsHistograms;
  token: string | undefined;
  trustProxy: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp<MetricsOptions>(async function metricsPlugin(app: FastifyInstance, { pool, cache, vitals, token, trustProxy }) {
  // A registry per app (tests build several apps in one process).
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'domace_' });
  vitals?.registerIn(registry);

  const latency = new Histogram({
    name: 'domace_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (bounded label values), never the raw URL; unmatched requests share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'domace_orders',
    help: 'Orders by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await pool.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM orders GROUP BY status');
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'domace_mail_outbox_depth',
    help: 'Mails waiting in the outbox (not those given up on)',
    registers: [registry],
    async collect() {
      // A database that cannot answer (a full disk, a restart) leaves the last value, not a failed scrape.
      const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL').catch(() => ({ rows: [] as Array<{ n: string }> }));
      if (rows[0]) this.set(Number(rows[0].n));
    },
  });
  new Gauge({
    name: 'domace_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when empty; mails given up on are not waiting)',
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ age: number | null }>('SELECT EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL').catch(() => ({ rows: [] as Array<{ age: number | null }> }));
      if (rows[0]) this.set(Number(rows[0].age ?? 0));
    },
  });
  new Gauge({
    name: 'domace_mail_outbox_given_up',
    help: 'Mails given up on in the last 30 days (kept as a record: recipient, subject, reason)',
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE given_up_at > now() - interval '30 days'").catch(() => ({ rows: [] as Array<{ n: string }> }));
      if (rows[0]) this.set(Number(rows[0].n));
    },
  });
  new Gauge({
    name: 'domace_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const cacheCounter = (name: string, help: string, read: () => number) => new Counter({
    name, help, registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
  // Bad days (docs/bad-days.md): what happened while a dependency failed.
  cacheCounter('domace_log_lines_dropped_total', 'Log lines dropped because the log destination failed (a full disk)', () => faultCounters.logLinesDropped);
  cacheCounter('domace_storage_full_total', 'Requests answered 503 storage_full (the database had no room to write)', () => faultCounters.storageFull);
  cacheCounter('domace_media_storage_full_total', 'Uploads answered 507 media.storage_full', () => faultCounters.mediaStorageFull);
  cacheCounter('domace_rate_limit_fallbacks_total', 'Rate-limit checks counted in memory because Redis did not answer', () => faultCounters.rateLimitFallbacks);
  new Counter({
    name: 'domace_mail_given_up_total', help: 'Mails given up on by this process, by reason (permanent: refused 5xx; expired: not sent within 3 days)',
    labelNames: ['reason'], registers: [registry],
    collect() {
      this.reset();
      this.inc({ reason: 'permanent' }, faultCounters.mailGivenUp.permanent);
      this.inc({ reason: 'expired' }, faultCounters.mailGivenUp.expired);
    },
  });
  // SMS to producers (domain/sms-outbox.ts): parts are what the SMSC bills.
  for (const [name, help, counts] of [
    ['domace_sms_messages_total', 'SMS sent by this process, by event', smsCounters.messages],
    ['domace_sms_parts_total', 'SMS parts sent by this process (what the SMSC bills), by event', smsCounters.parts],
  ] as const) {
    new Counter({
      name, help, labelNames: ['event'], registers: [registry],
      collect() {
        this.reset();
        for (const [event, n] of counts) this.inc({ event }, n);
      },
    });
  }
  cacheCounter('domace_sms_given_up_total', 'SMS given up on by this process (refused by the SMSC, or not sent within 3 days)', () => smsCounters.givenUp);
  cacheCounter('domace_public_cache_hits_total', 'Anonymous catalogue answers served from memory', () => cache.counts.hits);
  cacheCounter('domace_public_cache_misses_total', 'Cacheable anonymous answers computed afresh', () => cache.counts.misses);

  const allowed = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (token && header?.startsWith('Bearer ') && sameSecret(header.slice(7), token)) return true;
    return !trustProxy && LOOPBACK.has(request.socket.remoteAddress ?? '');
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) return reply.code(403).send({ error: 'Metrics are served to loopback or with METRICS_TOKEN', code: 'forbidden' });
    reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
    return registry.metrics();
  });
}, { name: 'metrics' });
