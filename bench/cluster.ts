/**
 * `npx tsx bench/cluster.ts`: the figures of docs/performance.md ("Pooler and replica"), on the
 * parts `npm run cluster` uses (scripts/lib/cluster-parts.mjs): one app instance on a PostgreSQL
 * primary, directly and then through PgBouncer (transaction mode), wrk at 50 connections for
 * 10 s on the uncached feed (public cache off, so every request reads the database) and on
 * checkout; the replica's lag (pg_stat_replication on the primary) sampled during the checkouts.
 * Writes bench/results/cluster-pooler.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAppDatabase, percentile as pct, replicationLag, startPgbouncer, startPrimary, startReplica } from '../scripts/lib/cluster-parts.mjs';
import { freePort, makeDataDir, removeDataDir, ROOT, startApp } from './lib/app.ts';
import { checkoutBaskets } from './lib/checkout.ts';
import { createBuyers } from './lib/users.ts';
import { runWrk, type WrkResult } from './lib/wrk.ts';

const JWT_SECRET = 'bench-cluster-secret-bench-cluster-secret-0123456789';
process.env.JWT_SECRET = JWT_SECRET; // the buyers' tokens (lib/users.ts) are signed with it
const dataDir = makeDataDir('bench-cluster');
const [pgPort, replicaPort, bouncerPort] = [await freePort(), await freePort(), await freePort()];
const primary = await startPrimary({ dir: path.join(dataDir, 'primary'), port: pgPort });
await createAppDatabase(pgPort);
const replica = await startReplica({ dir: path.join(dataDir, 'replica'), port: replicaPort, primaryPort: pgPort });
const bouncer = await startPgbouncer({ dir: path.join(dataDir, 'pgbouncer'), port: bouncerPort, pgPort });
const direct = `postgres://postgres@127.0.0.1:${pgPort}/domace`;
const pooled = `postgres://postgres@127.0.0.1:${bouncerPort}/domace`;
const db = new pg.Pool({ connectionString: direct, max: 4 });

interface Lag { ms: number; bytes: number }
async function sampleLag(until: () => boolean): Promise<Lag[]> {
  const samples: Lag[] = [];
  while (!until()) {
    const lag = await replicationLag(db);
    if (lag) samples.push(lag);
    await new Promise((r) => setTimeout(r, 100));
  }
  return samples;
}
const brief = (r: WrkResult) => ({ rps: Math.round(r.rps), p50Ms: r.p50Ms, p99Ms: r.p99Ms, errors: r.errors, unexpected: r.unexpected, unexpectedStatuses: r.unexpectedStatuses });

const results: Record<string, unknown> = {
  date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  loadAverageBefore: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  tools: 'wrk 50 connections, 2 threads, 10 s; PgBouncer 1.18 transaction mode, default_pool_size 20; PostgreSQL 15 primary + streaming replica',
};
try {
  for (const [name, env] of [
    ['direct', { DATABASE_URL: direct }],
    ['pgbouncer', { DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }],
  ] as const) {
    const app = await startApp({ dataDir, databaseUrl: env.DATABASE_URL, env: { ...env, JWT_SECRET, SEED_DEMO: 'true', PUBLIC_CACHE_MAX_BYTES: '0' }, healthTimeoutMs: 180_000 });
    try {
      const feed = await runWrk({ url: app.url, requests: [{ path: '/api/products?limit=20' }], expectStatus: 200 });
      const ids = (await db.query<{ id: string }>('SELECT id::text FROM products')).rows.map((r) => r.id);
      const buyers = await createBuyers(db, dataDir, 50);
      const baskets = await checkoutBaskets(db, ids, buyers, 20);
      let done = false;
      const lag = sampleLag(() => done);
      const checkout = await runWrk({ url: app.url, requests: baskets.map((b) => ({ method: 'POST', path: '/api/orders', headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' }, body: b.body })), idempotencyKeys: true, expectStatus: 201 });
      done = true;
      const samples = await lag;
      results[name] = {
        feedUncached: brief(feed), checkout: brief(checkout),
        replicaLagDuringCheckout: {
          samples: samples.length, medianMs: pct(samples.map((s) => s.ms), 0.5), p95Ms: pct(samples.map((s) => s.ms), 0.95), maxMs: pct(samples.map((s) => s.ms), 1),
          medianBytes: pct(samples.map((s) => s.bytes), 0.5), maxBytes: pct(samples.map((s) => s.bytes), 1),
        },
      };
      console.log(name, JSON.stringify(results[name]));
    } finally {
      await app.stop();
    }
  }
  results.loadAverageAfter = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  fs.writeFileSync(path.join(ROOT, 'bench/results/cluster-pooler.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('bench/results/cluster-pooler.json written');
} finally {
  await db.end();
  await bouncer.stop();
  await replica.stop();
  await primary.stop();
  removeDataDir(dataDir);
}
