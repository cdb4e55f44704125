import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { model97Reference } from '#shared/ips.ts';
import { runMigrations } from '#server/db/client.ts';
import { makeDataDir, removeDataDir, ROOT, startApp } from './lib/app.ts';
import { createDatabase, dropDatabase } from './lib/db.ts';
import { explainPages, signIn, type ExplainedPage } from './lib/scale-explain.ts';
import { scalePages, type ScaleFixtures } from './lib/scale-pages.ts';
import { jwtSecretOf } from './lib/users.ts';

/**
 * `npm run bench -- scale`: the pages and jobs of a busy year (docs/performance.md, "A year at
 * scale") on a database filled by `npm run admin -- seed-scale`, named by SCALE_DATABASE_URL
 * (on an external PostgreSQL; the bench writes to it: run-cycles places the due standing orders, the
 * import marks orders paid, so seed a fresh one for a second run).
 *
 * The app is started afresh (its public cache empty); the first request of each page is timed
 * alone (cold), then 10 connections ask it for SCALE_SECONDS (default 10) and its p99 is
 * the figure. Each page's queries are explained (EXPLAIN ANALYZE, BUFFERS) by the same list the
 * CI plan test uses (bench/lib/scale-pages.ts). Then run-cycles, a 5 MB statement import, a
 * backup and its restore into a new database. Results: bench/results/scale.json.
 */

const run = promisify(execFile);
const PAGE_P99_MS = 50;
const CYCLES_S = 300;
const IMPORT_S = 10;

export interface ScaleRow { name: string; figure: string; target: string; met: boolean | null; plan?: string[] }

function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(' ');
}

/**
 * `connections` clients asking `url` one request after another for `seconds` (wrk is not on
 * every machine; a node client on keep-alive connections is enough at 10 connections).
 */
async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const r = await fetch(url, { headers }).catch(() => null);
      if (r) await r.arrayBuffer();
      times.push(performance.now() - t);
      if (!r || r.status !== 200) failed += 1;
    }
  }));
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { requests: times.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), rps: times.length / seconds, failed };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

/** A CSV of `bytes` or more: rows paying the producer's unpaid IPS orders, the rest its other orders at a wrong amount. */
async function statementOf(pool: pg.Pool, producerId: string, bytes: number): Promise<Buffer> {
  const { rows } = await pool.query<{ number: number; total: number; unpaid: boolean }>(
    `SELECT number, total_para AS total, (payment_method = 'ips_qr' AND payment_status <> 'paid') AS unpaid
     FROM orders WHERE household_id = $1 ORDER BY created_at DESC LIMIT 200000`, [producerId]);
  const lines = ['Datum;Iznos;Platilac;Poziv na broj'];
  let size = lines[0]!.length;
  for (let i = 0; size < bytes; i += 1) {
    const o = rows[i % rows.length]!;
    const para = o.unpaid && i < rows.length ? o.total : o.total + 1;
    const line = `28.11.2026;${Math.floor(para / 100)},${String(para % 100).padStart(2, '0')};Kupac ${i};${model97Reference(String(o.number))}`;
    lines.push(line);
    size += line.length + 2;
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

export async function runScale(log: (msg: string) => void = console.log): Promise<{ rows: ScaleRow[]; result: object }> {
  const url = process.env.SCALE_DATABASE_URL;
  if (!url) throw new Error('Set SCALE_DATABASE_URL to a database filled by `npm run admin -- seed-scale` (see docs/performance.md).');
  const seconds = Number(process.env.SCALE_SECONDS ?? 10);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const started = new Date();
  const rows: ScaleRow[] = [];
  const result: Record<string, unknown> = { date: started.toISOString(), loadAverageAtStart: loadAverage(), cpus: os.cpus().length };
  const dataDir = makeDataDir('scale');
  // Written after every stage, so a run cut short still leaves what it measured.
  const save = () => {
    result.rows = rows.map(({ plan: _plan, ...r }) => r);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  };
  try {
    const { rows: [sizes] } = await pool.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM households) AS households, (SELECT count(*)::int FROM products) AS products,
      (SELECT count(*)::int FROM users WHERE user_type = 'customer') AS buyers, (SELECT count(*)::int FROM orders) AS orders,
      (SELECT count(*)::int FROM order_items) AS "orderLines", (SELECT count(*)::int FROM notifications) AS notifications,
      (SELECT count(*)::int FROM standing_orders WHERE status = 'active') AS standing`);
    result.sizes = sizes;
    log(`Sizes: ${JSON.stringify(sizes)}; load average ${loadAverage()}`);
    const [, migrateMs] = await timed(() => runMigrations(pool));
    result.migrateMs = Math.round(migrateMs);
    log(`Migrations: ${(migrateMs / 1000).toFixed(1)} s`);

    // Requests only: the app's own scheduler would place the standing orders' cycles during the
    // page loads (each order empties the public cache) and leave run-cycles fewer to time.
    const app = await startApp({ dataDir, databaseUrl: url, healthTimeoutMs: 120_000, env: { WORKERS: 'false' } });
    const signed = await signIn(pool, jwtSecretOf(dataDir));
    try {
      const first = await fetch(`${app.url}/api/orders`, { headers: signed.headers.buyer });
      const fixtures: ScaleFixtures = { ...signed.fixtures, buyerCursor: ((await first.json()) as { nextCursor?: string | null }).nextCursor ?? null };
      const pages = [];
      for (const page of scalePages(fixtures)) {
        // A failed request (the app gone) is status 0: the run goes on and says so.
        const [res, coldMs] = await timed(() => fetch(`${app.url}${page.url}`, { headers: signed.headers[page.as] })
          .then(async (r) => { await r.arrayBuffer(); return { status: r.status }; }, () => ({ status: 0 })));
        const w = await load(`${app.url}${page.url}`, signed.headers[page.as], 10, seconds);
        const ok = res.status === 200 && w.failed === 0;
        pages.push({ ...page, status: res.status, coldMs: Math.round(coldMs), p50Ms: w.p50Ms, p99Ms: w.p99Ms, maxMs: w.maxMs, requests: w.requests, rps: Math.round(w.rps), non2xx: w.failed });
        result.pages = pages;
        save();
        log(`  ${page.name}: p99 ${w.p99Ms} ms (p50 ${w.p50Ms}, first ${Math.round(coldMs)} ms, ${Math.round(w.rps)}/s)${ok ? '' : ` — status ${res.status}, ${w.failed} failed`}`);
      }
      result.pages = pages;
      log('Explaining each page\'s queries…');
      const explained: ExplainedPage[] = await explainPages(pool, url);
      result.pages = pages.map((p) => {
        const e = explained.find((x) => x.name === p.name);
        return { ...p, queries: e?.queries.map((q) => ({ sql: q.text, executionMs: q.executionMs, sharedHit: q.sharedHit, sharedRead: q.sharedRead, seqScans: q.seqScans, plan: q.lines })) ?? [] };
      });
      for (const p of pages) {
        const e = explained.find((x) => x.name === p.name);
        const seq = [...new Set(e?.queries.flatMap((q) => q.seqScans) ?? [])];
        rows.push({
          name: p.name, figure: `p99 ${p.p99Ms} ms (first ${p.coldMs} ms)${seq.length ? `; seq scan of ${seq.join(', ')}` : ''}`,
          target: `p99 <= ${PAGE_P99_MS} ms`, met: p.status === 200 && p.non2xx === 0 && p.p99Ms <= PAGE_P99_MS,
          plan: e?.queries.flatMap((q) => [`-- ${q.executionMs.toFixed(1)} ms, ${q.sharedRead} blocks read, ${q.sharedHit} hit: ${q.text.slice(0, 120)}`, ...q.lines]),
        });
      }

      save();
      // The statement import: 5 MB of the busiest producer's orders.
      const csv = await statementOf(pool, fixtures.producerId, 5 * 1024 * 1024 - 4096);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'izvod.csv');
      const [imp, importMs] = await timed(() => fetch(`${app.url}/api/producer/payments/import`, { method: 'POST', body: form, headers: signed.headers.producer }));
      const body = (await imp.json()) as { matched?: unknown[]; unmatched?: unknown[] };
      result.import = { bytes: csv.length, status: imp.status, ms: Math.round(importMs), matched: body.matched?.length, unmatched: body.unmatched?.length };
      log(`Import of ${(csv.length / 1024 / 1024).toFixed(1)} MB: ${imp.status} in ${(importMs / 1000).toFixed(1)} s (${body.matched?.length} matched)`);
      rows.push({ name: '5 MB statement import', figure: `${(importMs / 1000).toFixed(1)} s (${body.matched?.length ?? 0} matched, ${body.unmatched?.length ?? 0} not)`, target: `<= ${IMPORT_S} s`, met: imp.status === 200 && importMs <= IMPORT_S * 1000 });
    } finally {
      await signed.end();
      await app.stop();
    }

    save();
    // run-cycles: every due standing order, exactly once.
    const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir };
    const [cycles, cyclesMs] = await timed(() => run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/cli/admin.ts'), 'run-cycles'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? String(err) })));
    const { rows: [check] } = await pool.query<{ ordered: number; skipped: number; twice: number; orders: number }>(`SELECT
      (SELECT count(*)::int FROM standing_order_cycles WHERE status = 'ordered') AS ordered,
      (SELECT count(*)::int FROM standing_order_cycles WHERE status = 'skipped') AS skipped,
      (SELECT count(*)::int FROM (SELECT standing_order_id FROM standing_order_cycles GROUP BY standing_order_id HAVING count(*) > 1) x) AS twice,
      (SELECT count(DISTINCT order_id)::int FROM standing_order_cycles WHERE order_id IS NOT NULL) AS orders`);
    result.runCycles = { ms: Math.round(cyclesMs), ...check, output: cycles.stdout.trim().split('\n').slice(-2).join(' ') };
    log(`run-cycles: ${(cyclesMs / 1000).toFixed(0)} s — ${check!.ordered} ordered, ${check!.skipped} skipped, ${check!.twice} standing orders with two cycles; ${cycles.stdout.trim().split('\n').pop()}`);
    rows.push({
      name: `run-cycles (${sizes!.standing} due)`, figure: `${(cyclesMs / 1000).toFixed(0)} s; ${check!.ordered} ordered, ${check!.skipped} skipped, ${check!.orders} orders, ${check!.twice} twice`,
      target: `<= ${CYCLES_S} s, each once`, met: cyclesMs <= CYCLES_S * 1000 && check!.twice === 0 && check!.orders === check!.ordered && check!.ordered + check!.skipped === sizes!.standing,
    });

    save();
    // A backup, then its restore into a new database.
    const [backup, backupMs] = await timed(() => run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/cli/backup.ts'), 'backup'], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }));
    const file = /Backup written: (.+)$/m.exec(backup.stdout)?.[1]?.trim();
    const bytes = file ? fs.statSync(file).size : 0;
    rows.push({ name: 'backup', figure: `${(backupMs / 1000).toFixed(0)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB`, target: 'measured', met: null });
    log(`Backup: ${(backupMs / 1000).toFixed(0)} s, ${file}`);
    const adminUrl = new URL(url); adminUrl.pathname = '/postgres';
    const restoreName = `${new URL(url).pathname.slice(1)}_restore`;
    const restoreUrl = await createDatabase(adminUrl.toString(), restoreName);
    try {
      const [, restoreMs] = await timed(() => run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/cli/backup.ts'), 'restore', file!], { cwd: ROOT, env: { ...env, DATABASE_URL: restoreUrl }, maxBuffer: 16 * 1024 * 1024 }));
      const restored = new pg.Client({ connectionString: restoreUrl });
      await restored.connect();
      const { rows: [r] } = await restored.query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
      await restored.end();
      rows.push({ name: 'restore', figure: `${(restoreMs / 1000).toFixed(0)} s, ${r!.orders} orders back`, target: 'measured', met: null });
      log(`Restore: ${(restoreMs / 1000).toFixed(0)} s, ${r!.orders} orders`);
      result.backup = { ms: Math.round(backupMs), bytes, restoreMs: Math.round(restoreMs), restoredOrders: r!.orders };
    } finally {
      await dropDatabase(adminUrl.toString(), restoreName);
      if (file) fs.rmSync(file, { force: true });
    }
  } finally {
    await pool.end();
    removeDataDir(dataDir);
  }
  result.loadAverageAtEnd = loadAverage();
  save();
  return { rows, result };
}

export function formatScale(rows: ScaleRow[]): string {
  const out = ['| what | figure | target | met |', '|---|---|---|---|'];
  for (const r of rows) out.push(`| ${r.name} | ${r.figure} | ${r.target} | ${r.met === null ? '—' : r.met ? 'yes' : 'NO'} |`);
  return out.join('\n');
}
