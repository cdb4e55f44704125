import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, makeDataDir, removeDataDir, sleep, startApp, type AppHandle } from './lib/app.ts';
import { record, startBaseline, type Recorded } from './lib/baseline.ts';
import { checkoutBody } from './lib/checkout.ts';
import { connectApp, stopLeftoverPostmaster } from './lib/db.ts';
import { generateCatalog, prng, type GeneratedCatalog } from './lib/generate.ts';
import { pssMb, sampleRss, watchRss, type RssSample } from './lib/rss.ts';
import { createBuyers } from './lib/users.ts';
import { runWrk, type WrkRequest, type WrkResult } from './lib/wrk.ts';

/**
 * `npm run bench`: load scenarios against the real app (node scripts/start.mjs, embedded
 * PostgreSQL, production mode), each read compared with a bare node:http server answering the
 * same bytes in the same run. Prints one table and writes bench/results/*.json.
 *
 * `node bench/run.mjs checkout` runs only the checkout scenario (fresh DATA_DIR, 10,000
 * products, same settings as in the full run; `runCheckoutOnly`), e.g. to compare changes to
 * the order path without the read and search stages.
 */

export const RESULTS_DIR = path.join(ROOT, 'bench/results');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SMALL = { households: 500, products: 10_000 };
const LARGE = { households: 2_000, products: 100_000 };

export interface Row {
  scenario: string;
  rps: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  ratio: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}

function writeResult(name: string, data: unknown): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memGb: Math.round(os.totalmem() / 2 ** 30),
  loadavg: os.loadavg().map((n) => Math.round(n * 100) / 100),
  node: process.version,
});

const pick = <T>(list: readonly T[], n: number, seed: number): T[] => {
  const rand = prng(seed);
  return Array.from({ length: Math.min(n, list.length) }, () => list[Math.floor(rand() * list.length)]!);
};

interface ReadScenario { name: string; paths: string[]; target: string; check: (app: WrkResult, ratio: number) => boolean }

/** Records the app's answers, loads the bare baseline and then the app with the same URLs. */
async function readScenario(app: AppHandle, s: ReadScenario, log: (msg: string) => void): Promise<{ row: Row; rss: { peak: RssSample; last: RssSample } }> {
  const answers = new Map<string, Recorded>();
  for (const p of s.paths) {
    const answer = await record(`${app.url}${p}`);
    if (answer.status !== 200) throw new Error(`${s.name}: ${p} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    answers.set(p, answer);
  }
  const bytes = Math.round([...answers.values()].reduce((n, a) => n + a.body.length, 0) / answers.size);
  const requests: WrkRequest[] = s.paths.map((p) => ({ path: p }));
  const baseline = await startBaseline(answers);
  let base: WrkResult;
  try {
    if (WARMUP) await runWrk({ url: baseline.url, requests, durationSec: 1 });
    base = await runWrk({ url: baseline.url, requests, durationSec: DURATION });
  } finally {
    await baseline.close();
  }
  if (WARMUP) await runWrk({ url: app.url, requests, durationSec: WARMUP });
  const watch = watchRss(app.pid);
  const result = await runWrk({ url: app.url, requests, durationSec: DURATION });
  const rss = watch.stop();
  const ratio = Math.round((result.rps / base.rps) * 1000) / 1000;
  const errors = result.errors.connect + result.errors.read + result.errors.write + result.errors.status + result.errors.timeout;
  const met = errors === 0 && s.check(result, ratio);
  writeResult(s.name, { scenario: s.name, at: new Date().toISOString(), machine: machine(), urls: s.paths.length, sampleUrl: s.paths[0], responseBytes: bytes, app: result, baseline: base, ratio, target: s.target, met, rssDuring: rss.peak, rssAfter: rss.last });
  log(`${s.name}: ${result.rps} req/s (baseline ${base.rps}, ratio ${ratio}), p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms${errors ? `, ${errors} errors` : ''}`);
  return {
    row: { scenario: s.name, rps: result.rps, p50Ms: result.p50Ms, p95Ms: result.p95Ms, p99Ms: result.p99Ms, ratio, target: s.target, met },
    rss,
  };
}

/** p95 of one client asking one after another (latency without queueing behind 50 others). */
async function sequentialLatency(url: string, paths: string[], count: number): Promise<{ p50Ms: number; p95Ms: number; p99Ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    const res = await fetch(`${url}${paths[i % paths.length]}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
}

async function checkoutScenario(app: AppHandle, catalog: GeneratedCatalog, log: (msg: string) => void): Promise<Row> {
  const pool = connectApp(app.dataDir);
  try {
    const buyers = await createBuyers(pool, app.dataDir, 50);
    // Baskets of 2 lines from one household (one order each), spread over the catalogue so
    // buyers do not all queue on the same product rows. Generated products have unlimited stock.
    const available = await pool.query<{ household_id: string; ids: string[] }>(
      `SELECT household_id, array_agg(id::text ORDER BY id) AS ids FROM products
       WHERE availability AND archived_at IS NULL AND stock IS NULL AND id = ANY($1::uuid[])
       GROUP BY household_id HAVING count(*) >= 2 ORDER BY household_id`, [catalog.productIds]);
    const multi = available.rows.map((r) => r.ids);
    const rand = prng(7);
    const requests: WrkRequest[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (const buyer of buyers) {
        const ids = multi[Math.floor(rand() * multi.length)]!;
        const a = ids[Math.floor(rand() * ids.length)]!;
        let b = ids[Math.floor(rand() * ids.length)]!;
        if (b === a) b = ids.find((x) => x !== a)!;
        requests.push({
          method: 'POST', path: '/api/orders',
          headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
          body: checkoutBody([{ productId: a, quantity: 1 + Math.floor(rand() * 3) }, { productId: b, quantity: 1 }]),
        });
      }
    }
    // The baseline answers one recorded 201 for every POST.
    const first = requests[0]!;
    const probe = await fetch(`${app.url}/api/orders`, { method: 'POST', headers: { ...first.headers, 'idempotency-key': `probe-${Date.now()}` }, body: first.body });
    const probeBody = Buffer.from(await probe.arrayBuffer());
    if (probe.status !== 201) throw new Error(`checkout probe answered ${probe.status}: ${probeBody.toString().slice(0, 400)}`);
    const baseline = await startBaseline(new Map([['/api/orders', { status: 201, contentType: probe.headers.get('content-type') ?? 'application/json', body: probeBody }]]));
    let base: WrkResult;
    try {
      base = await runWrk({ url: baseline.url, requests, durationSec: DURATION, idempotencyKeys: true, expectStatus: 201 });
    } finally {
      await baseline.close();
    }
    const before = Number((await pool.query('SELECT count(*) AS n FROM orders')).rows[0].n);
    if (WARMUP) await runWrk({ url: app.url, requests, durationSec: WARMUP, idempotencyKeys: true, expectStatus: 201 });
    const mid = Number((await pool.query('SELECT count(*) AS n FROM orders')).rows[0].n);
    const sentMails = async () => Number((await pool.query('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NOT NULL')).rows[0].n);
    const mailsBefore = await sentMails();
    const watch = watchRss(app.pid);
    const result = await runWrk({ url: app.url, requests, durationSec: DURATION, idempotencyKeys: true, expectStatus: 201 });
    const rss = watch.stop();
    const mailsDuring = (await sentMails()) - mailsBefore;
    await sleep(500);
    const after = Number((await pool.query('SELECT count(*) AS n FROM orders')).rows[0].n);
    // The outbox sends the checkouts' mails (2 per order) on the same cores; how far behind
    // it fell during the run and how long it took to catch up afterwards (at most 120 s).
    const backlog = Number((await pool.query('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n);
    const drainStarted = performance.now();
    while (Number((await pool.query('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n) > 0 && performance.now() - drainStarted < 120_000) await sleep(250);
    const backlogClearedMs = Math.round(performance.now() - drainStarted);
    const ordersInRun = after - mid;
    const ordersPerSec = Math.round((ordersInRun / result.durationSec) * 10) / 10;
    const errors = result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout;
    const non201 = Math.max(result.unexpected ?? 0, result.errors.status) + errors;
    const met = result.rps >= 300 && non201 === 0;
    const ratio = Math.round((result.rps / base.rps) * 1000) / 1000;
    writeResult('checkout', {
      scenario: 'checkout', at: new Date().toISOString(), machine: machine(), buyers: buyers.length, linesPerBasket: 2, ordersPerCheckout: 1,
      app: result, baseline: base, ratio, checkoutsPerSec: result.rps, ordersPerSec, ordersWritten: ordersInRun, ordersBeforeWarmup: before,
      non201, unexpectedStatuses: result.unexpectedStatuses, target: '>= 300 orders/s, no non-201', met, rssDuring: rss.peak, rssAfter: rss.last,
      mails: { sentDuringRun: mailsDuring, backlogAfterRun: backlog, backlogClearedMs },
    });
    log(`checkout errors: ${JSON.stringify(result.errors)}`);
    log(`checkout: ${result.rps} checkouts/s (${ordersPerSec} orders/s in the DB), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-201: ${non201} ${JSON.stringify(result.unexpectedStatuses)}`);
    log(`checkout mails: ${mailsDuring} sent during the run, ${backlog} queued after it, all sent ${backlogClearedMs} ms later`);
    return { scenario: 'checkout (50 buyers)', rps: result.rps, p50Ms: result.p50Ms, p95Ms: result.p95Ms, p99Ms: result.p99Ms, ratio, target: '>= 300 orders/s, 0 non-201', met, note: `${non201} non-201` };
  } finally {
    await pool.end();
  }
}

const failedRow = (scenario: string, target: string, err: unknown): Row => ({
  scenario, rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target, met: false,
  note: `error: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 160)}`,
});

/** Runs one stage; a failure becomes a failed row instead of ending the whole run. */
async function stage(rows: Row[], scenario: string, target: string, log: (msg: string) => void, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    log(`${scenario} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    rows.push(failedRow(scenario, target, err));
  }
}

/** Only the checkout scenario on a fresh app with the 10,000-product catalogue. */
export async function runCheckoutOnly(log: (msg: string) => void = console.log): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = makeDataDir('bench-checkout');
  let app: AppHandle | undefined;
  try {
    app = await startApp({ dataDir: dir });
    const pool = connectApp(dir);
    const catalog = await generateCatalog(pool, SMALL);
    await pool.end();
    log(`generated ${SMALL.households} households and ${SMALL.products} products in ${Math.round(catalog.ms)} ms (load average ${machine().loadavg.join(' ')})`);
    await stage(rows, 'checkout (50 buyers)', '>= 300 orders/s, 0 non-201', log, async () => {
      rows.push(await checkoutScenario(app!, catalog, log));
    });
    log(`load average after the run: ${machine().loadavg.join(' ')}`);
  } finally {
    await app?.stop();
    await stopLeftoverPostmaster(dir);
    removeDataDir(dir);
  }
  return rows;
}

export async function runSuite(log: (msg: string) => void = console.log): Promise<Row[]> {
  const rows: Row[] = [];
  let peakRss: RssSample | null = null;
  const notePeak = (s: RssSample) => { if (!peakRss || s.pssMb > peakRss.pssMb) peakRss = s; };

  // ---- 10,000 products ------------------------------------------------------------------
  const dir = makeDataDir('bench');
  let app: AppHandle | undefined;
  try {
    app = await startApp({ dataDir: dir });
    log(`app started on ${app.url} (fresh DATA_DIR ${dir}, ${Math.round(app.startupMs)} ms with initdb)`);
    const pool = connectApp(dir);
    const catalog = await generateCatalog(pool, SMALL);
    await pool.end();
    log(`generated ${SMALL.households} households and ${SMALL.products} products in ${Math.round(catalog.ms)} ms`);
    const rssIdle = sampleRss(app.pid);

    const products = pick(catalog.productIds, 200, 1).map((id) => `/api/products/${id}`);
    const householdIds = pick(catalog.householdIds, 100, 2);
    const scenarios: ReadScenario[] = [
      { name: 'feed', paths: ['/api/products?limit=24'], target: '>= 35% of baseline, p99 <= 25 ms', check: (r, ratio) => ratio >= 0.35 && r.p99Ms <= 25 },
      { name: 'product-by-id', paths: products, target: '>= 35% of baseline', check: (_r, ratio) => ratio >= 0.35 },
      { name: 'household', paths: householdIds.map((id) => `/api/households/${id}`), target: '(no target)', check: () => true },
      { name: 'household-products', paths: householdIds.map((id) => `/api/products?householdId=${id}&limit=24`), target: '(no target)', check: () => true },
    ];
    for (const s of scenarios) {
      await stage(rows, s.name, s.target, log, async () => {
        const { row, rss } = await readScenario(app!, s, log);
        if (s.target === '(no target)') row.met = null;
        rows.push(row);
        notePeak(rss.peak);
      });
    }

    await stage(rows, 'checkout (50 buyers)', '>= 300 orders/s, 0 non-201', log, async () => {
      rows.push(await checkoutScenario(app!, catalog, log));
    });
    const during = sampleRss(app.pid);
    notePeak(during);
    await sleep(3000);
    const after = sampleRss(app.pid);
    const pss = pssMb(app.pid);
    const peak = peakRss as RssSample | null;
    const rssMet = (peak?.pssMb ?? Infinity) <= 400;
    writeResult('rss', { scenario: 'rss', at: new Date().toISOString(), machine: machine(), idle: rssIdle, peakDuringLoad: peak, afterLoad: after, afterLoadPssMb: pss, target: '<= 400 MB (app + its PostgreSQL: sum of PSS, i.e. resident memory with shared pages divided among the processes sharing them)', met: rssMet });
    rows.push({ scenario: 'server RSS (peak under load)', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: '<= 400 MB', met: rssMet, note: `PSS peak ${peak?.pssMb} MB, after ${after.pssMb} MB (app VmRSS ${peak?.appMb}); VmRSS sum, shared counted per process: peak ${peak?.totalMb} MB` });
    log(`memory: PSS idle ${rssIdle.pssMb} MB, peak ${peak?.pssMb} MB, after ${after.pssMb} MB; VmRSS sum idle ${rssIdle.totalMb}, peak ${peak?.totalMb}, after ${after.totalMb} MB (shared memory once: peak ${peak?.sharedOnceMb} MB)`);

    // ---- startup on existing data, 3 times ------------------------------------------------
    await app.stop();
    app = undefined;
    await stage(rows, 'startup on existing data (worst of 3)', '<= 5 s', log, async () => {
      const startups: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const again = await startApp({ dataDir: dir });
        startups.push(Math.round(again.startupMs));
        await again.stop();
      }
      const worst = Math.max(...startups);
      writeResult('startup', { scenario: 'startup', at: new Date().toISOString(), machine: machine(), products: SMALL.products, runsMs: startups, worstMs: worst, target: '<= 5000 ms from spawning node scripts/start.mjs to a 200 from /api/health', met: worst <= 5000 });
      rows.push({ scenario: 'startup on existing data (worst of 3)', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: '<= 5 s', met: worst <= 5000, note: `${startups.join(', ')} ms` });
      log(`startup: ${startups.join(', ')} ms`);
    });
  } catch (err) {
    rows.push(failedRow('10,000-product scenarios', 'every target', err));
    log(`10,000-product stage failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  } finally {
    await app?.stop();
    await stopLeftoverPostmaster(dir);
    removeDataDir(dir);
  }

  // ---- 100,000 products: search ------------------------------------------------------------
  const bigDir = makeDataDir('bench-100k');
  let big: AppHandle | undefined;
  try {
    big = await startApp({ dataDir: bigDir });
    const pool = connectApp(bigDir);
    const catalog = await generateCatalog(pool, LARGE);
    await pool.end();
    log(`generated ${LARGE.households} households and ${LARGE.products} products in ${Math.round(catalog.ms)} ms`);
    for (const [name, q] of [['search-med', 'med'], ['search-ajvar', 'ајвар']] as const) {
      await stage(rows, `search q=${q} (100k products)`, 'p95 <= 30 ms', log, async () => {
        const paths = [`/api/products?q=${encodeURIComponent(q)}&limit=24`];
        const { row } = await readScenario(big!, { name: `${name}-100k`, paths, target: 'p95 <= 30 ms', check: (r) => r.p95Ms <= 30 }, log);
        const single = await sequentialLatency(big!.url, paths, 200);
        const file = path.join(RESULTS_DIR, `${name}-100k.json`);
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
        writeResult(`${name}-100k`, { ...saved, singleClient: single });
        row.scenario = `search q=${q} (100k products)`;
        row.note = `one client, one request at a time: p95 ${single.p95Ms} ms`;
        rows.push(row);
      });
    }
  } catch (err) {
    rows.push(failedRow('100,000-product search', 'p95 <= 30 ms', err));
    log(`100,000-product stage failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  } finally {
    await big?.stop();
    await stopLeftoverPostmaster(bigDir);
    removeDataDir(bigDir);
  }
  return rows;
}

export function formatTable(rows: Row[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'ratio to baseline', 'target', 'met?', 'notes'];
  const fmt = (n: number | null, d = 1) => (n === null ? '—' : n.toFixed(d));
  const lines = rows.map((r) => [
    r.scenario, fmt(r.rps, 0), fmt(r.p50Ms, 2), fmt(r.p95Ms, 2), fmt(r.p99Ms, 2), r.ratio === null ? '—' : `${(r.ratio * 100).toFixed(1)}%`,
    r.target, r.met === null ? '—' : r.met ? 'yes' : 'NO', r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(line)].join('\n');
}

export function writeSummary(rows: Row[], extra: Record<string, unknown> = {}): void {
  writeResult('summary', { at: new Date().toISOString(), machine: machine(), wrk: { connections: 50, threads: 2, durationSec: DURATION, latency: true }, rows, ...extra });
}
