import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, makeDataDir, removeDataDir, sleep, startApp, startNodeFlags, type AppHandle } from './lib/app.ts';
import { record, startBaseline, type Recorded } from './lib/baseline.ts';
import { checkoutBaskets } from './lib/checkout.ts';
import { connectApp, stopLeftoverPostmaster } from './lib/db.ts';
import { generateCatalog, prng, type GeneratedCatalog } from './lib/generate.ts';
import { cpuTimes, memoryBreakdown, sampleRss, watchRss, type CpuTimes, type RssSample } from './lib/rss.ts';
import { createBuyers } from './lib/users.ts';
import { runWrk, type WrkRequest, type WrkResult } from './lib/wrk.ts';

/**
 * `npm run bench`: load scenarios against the real app (node scripts/start.mjs, embedded
 * PostgreSQL, production mode), each read compared with a bare node:http server answering the
 * same bytes in the same run. Prints one table and writes bench/results/*.json.
 *
 * `node bench/run.mjs <scenario>…` runs only the named scenarios (SCENARIOS below; run.mjs
 * lists them) with the same settings as the full run, e.g. `feed` or `household` alone.
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

interface ReadScenario {
  name: string;
  /** The URLs (recorded once each for the baseline). */
  paths: string[];
  /** What wrk sends, when not one plain GET per path (e.g. with buyers' tokens). */
  requests?: WrkRequest[];
  /** Headers for recording the answers. */
  headers?: Record<string, string>;
  target: string;
  check: (app: WrkResult, ratio: number) => boolean;
}

/** At most this share of a read's requests may fail (socket errors, timeouts, non-2xx/3xx). */
const MAX_ERROR_SHARE = 0.01;

/** CPU ms per answered request between two cpuTimes readings: the app process, and PostgreSQL (the app's child processes; 0 with an external one). */
function cpuPerRequest(before: CpuTimes, after: CpuTimes, requests: number): { app: number; postgres: number } {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 1000) / 1000;
  return { app: per(after.appMs - before.appMs), postgres: per(after.childrenMs - before.childrenMs) };
}

/** Records the app's answers, loads the bare baseline and then the app with the same URLs. */
async function readScenario(app: AppHandle, s: ReadScenario, log: (msg: string) => void): Promise<{ row: Row; rss: { peak: RssSample; last: RssSample } }> {
  const answers = new Map<string, Recorded>();
  for (const p of s.paths) {
    const answer = await record(`${app.url}${p}`, s.headers);
    if (answer.status !== 200) throw new Error(`${s.name}: ${p} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    answers.set(p, answer);
  }
  const bytes = Math.round([...answers.values()].reduce((n, a) => n + a.body.length, 0) / answers.size);
  const requests: WrkRequest[] = s.requests ?? s.paths.map((p) => ({ path: p }));
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
  const cpuBefore = cpuTimes(app.pid);
  const result = await runWrk({ url: app.url, requests, durationSec: DURATION });
  const cpuAfter = cpuTimes(app.pid);
  const rss = watch.stop();
  const cpuPerRequestMs = cpuPerRequest(cpuBefore, cpuAfter, result.requests);
  const ratio = Math.round((result.rps / base.rps) * 1000) / 1000;
  const errors = result.errors.connect + result.errors.read + result.errors.write + result.errors.status + result.errors.timeout;
  const errorShare = errors / Math.max(1, result.requests);
  const met = errorShare < MAX_ERROR_SHARE && s.check(result, ratio);
  const loadavg = machine().loadavg;
  writeResult(s.name, { scenario: s.name, at: new Date().toISOString(), machine: machine(), urls: s.paths.length, sampleUrl: s.paths[0], signedIn: Boolean(s.headers?.authorization), responseBytes: bytes, app: result, baseline: base, ratio, cpuPerRequestMs, errorShare, target: s.target, met, rssDuring: rss.peak, rssAfter: rss.last });
  log(`${s.name}: ${result.rps} req/s (baseline ${base.rps}, ratio ${ratio}), p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${errors} errors; CPU per request: app ${cpuPerRequestMs.app} ms, PostgreSQL ${cpuPerRequestMs.postgres} ms; load average ${loadavg.join(' ')}`);
  return {
    row: { scenario: s.name, rps: result.rps, p50Ms: result.p50Ms, p95Ms: result.p95Ms, p99Ms: result.p99Ms, ratio, target: s.target, met, note: `${(errorShare * 100).toFixed(2)}% errors, ${bytes} B, load ${loadavg[0]}` },
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

async function checkoutScenario(app: AppHandle, catalog: GeneratedCatalog, log: (msg: string) => void): Promise<{ row: Row; rss: { peak: RssSample; last: RssSample } }> {
  const pool = connectApp(app.dataDir);
  try {
    const buyers = await createBuyers(pool, app.dataDir, 50);
    const requests: WrkRequest[] = (await checkoutBaskets(pool, catalog.productIds, buyers, 4)).map(({ token, body }) => ({
      method: 'POST', path: '/api/orders', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body,
    }));
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
    const cpuBefore = cpuTimes(app.pid);
    const result = await runWrk({ url: app.url, requests, durationSec: DURATION, idempotencyKeys: true, expectStatus: 201 });
    const cpuAfter = cpuTimes(app.pid);
    const rss = watch.stop();
    const cpuPerRequestMs = cpuPerRequest(cpuBefore, cpuAfter, result.requests);
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
      non201, unexpectedStatuses: result.unexpectedStatuses, cpuPerRequestMs, target: '>= 300 orders/s, no non-201', met, rssDuring: rss.peak, rssAfter: rss.last,
      mails: { sentDuringRun: mailsDuring, backlogAfterRun: backlog, backlogClearedMs },
    });
    log(`checkout errors: ${JSON.stringify(result.errors)}`);
    log(`checkout: ${result.rps} checkouts/s (${ordersPerSec} orders/s in the DB), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-201: ${non201} ${JSON.stringify(result.unexpectedStatuses)}; CPU per checkout: app ${cpuPerRequestMs.app} ms, PostgreSQL ${cpuPerRequestMs.postgres} ms`);
    log(`checkout mails: ${mailsDuring} sent during the run, ${backlog} queued after it, all sent ${backlogClearedMs} ms later`);
    return { row: { scenario: 'checkout (50 buyers)', rps: result.rps, p50Ms: result.p50Ms, p95Ms: result.p95Ms, p99Ms: result.p99Ms, ratio, target: '>= 300 orders/s, 0 non-201', met, note: `${non201} non-201` }, rss };
  } finally {
    await pool.end();
  }
}

/** The main V8 heap's used and committed MB, from the app's /metrics (prom-client's defaults). */
async function v8Heap(url: string): Promise<{ usedMb: number; totalMb: number; externalMb: number } | null> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const mb = (name: string) => Math.round(Number(new RegExp(`^domace_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 104857.6) / 10;
    return { usedMb: mb('nodejs_heap_size_used_bytes'), totalMb: mb('nodejs_heap_size_total_bytes'), externalMb: mb('nodejs_external_memory_bytes') };
  } catch {
    return null;
  }
}

/** The app's log lines (pino JSON) as `+ms message`, relative to its first line. */
function appLogLines(output: string): string[] {
  const lines: { time: number; msg: string }[] = [];
  for (const line of output.split('\n')) {
    try {
      const j = JSON.parse(line) as { time?: number; msg?: string };
      if (typeof j.time === 'number' && j.msg) lines.push({ time: j.time, msg: j.msg });
    } catch { /* not a log line */ }
  }
  const t0 = lines[0]?.time ?? 0;
  return lines.map((l) => `+${l.time - t0} ms ${l.msg.slice(0, 140)}`);
}

/**
 * A fresh clone's first `npm start` after `npm ci`: an empty DATA_DIR (initdb, migrations,
 * the demo seed with its images), NODE_ENV unset, the web build checked as start.mjs checks
 * it. `npm ci` builds the web app (the `prepare` script); if the build here is stale it is
 * made first, outside the timing, as npm ci would have.
 */
async function firstStart(log: (msg: string) => void): Promise<Row> {
  const { webBuildIsStale, buildWeb } = await import('../scripts/web-build.mjs');
  if (webBuildIsStale()) {
    log('first start: the web build is missing or older than its sources; building it first (npm ci does it at install)');
    buildWeb();
  }
  const runs: number[] = [];
  let phases: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const dir = makeDataDir('bench-first');
    let app: AppHandle | undefined;
    try {
      app = await startApp({ dataDir: dir, env: { NODE_ENV: '', SEED_DEMO: '', SKIP_WEB_BUILD: '', LOG_LEVEL: 'info' }, healthTimeoutMs: 180_000 });
      runs.push(Math.round(app.startupMs));
      phases = appLogLines(app.output());
    } finally {
      await app?.stop();
      await stopLeftoverPostmaster(dir);
      removeDataDir(dir);
    }
  }
  const worst = Math.max(...runs);
  const met = worst <= FIRST_START_TARGET_MS;
  writeResult('first-start', { scenario: 'first-start', at: new Date().toISOString(), machine: machine(), runsMs: runs, worstMs: worst, appLog: phases, target: `<= ${FIRST_START_TARGET_MS} ms from spawning node scripts/start.mjs on an empty DATA_DIR to a 200 from /api/health`, met });
  log(`first start: ${runs.join(', ')} ms; phases of the last one:\n  ${phases.join('\n  ')}`);
  return { scenario: 'first start (empty DATA_DIR, demo seed, worst of 2)', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: '<= 10 s', met, note: `${runs.join(', ')} ms, load ${machine().loadavg[0]}` };
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

/** The scenarios `node bench/run.mjs <name>…` can run alone (`load` = all of them). */
export const READ_SCENARIOS = ['feed', 'feed-signed-in', 'product-by-id', 'household', 'household-products'] as const;
export const UNCACHED_SCENARIOS = ['feed-uncached', 'product-uncached'] as const;
export const SCENARIOS = [...READ_SCENARIOS, ...UNCACHED_SCENARIOS, 'checkout', 'memory', 'restart', 'first-start', 'search'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

const READ_TARGET = '>= 50% of baseline, < 1% errors';
const UNCACHED_TARGET = '>= 5% of baseline, < 1% errors (public cache off)';
const readCheck = (min: number) => (_r: WrkResult, ratio: number) => ratio >= min;

const RESTART_TARGET_MS = 2000;
const FIRST_START_TARGET_MS = 10_000;
const PSS_TARGET_MB = 250;
const REST_RSS_TARGET_MB = 150;

/**
 * The load scenarios (all of them, or those named). One app on a fresh DATA_DIR with the
 * 10,000-product catalogue serves the reads, the checkout and the memory figures; the
 * uncached reads run on the same data with PUBLIC_CACHE_MAX_BYTES=0; the first start has its
 * own empty DATA_DIR; search has its own 100,000-product one.
 */
export async function runSuite(only?: readonly string[], log: (msg: string) => void = console.log): Promise<Row[]> {
  const unknown = (only ?? []).filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`Unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);
  const want = (name: ScenarioName) => !only || only.length === 0 || only.includes(name);
  // Memory alone needs a load to have a peak: the cached reads and the checkout.
  const memoryAlone = want('memory') && !!only && only.every((n) => n === 'memory');
  const wantRead = (name: ScenarioName) => want(name) || memoryAlone;
  const rows: Row[] = [];
  let peakRss: RssSample | null = null;
  let loadsRun = 0;
  const notePeak = (s: RssSample) => { if (!peakRss || s.pssMb > peakRss.pssMb) peakRss = s; };
  const flags = startNodeFlags();
  log(`load average at the start: ${machine().loadavg.join(' ')}; node flags of npm start: ${flags.join(' ') || '(none)'}`);

  const needSmall = [...READ_SCENARIOS, ...UNCACHED_SCENARIOS, 'checkout', 'memory', 'restart'].some((n) => wantRead(n as ScenarioName));
  if (needSmall) {
    const dir = makeDataDir('bench');
    let app: AppHandle | undefined;
    try {
      app = await startApp({ dataDir: dir });
      log(`app started on ${app.url} (fresh DATA_DIR ${dir}, ${Math.round(app.startupMs)} ms with initdb, no demo seed)`);
      const pool = connectApp(dir);
      const catalog = await generateCatalog(pool, SMALL);
      const buyers = wantRead('feed-signed-in') ? await createBuyers(pool, dir, 50) : [];
      await pool.end();
      log(`generated ${SMALL.households} households and ${SMALL.products} products in ${Math.round(catalog.ms)} ms`);

      // ---- restart on existing data, 3 times; the last one stays up for the loads ----------
      await app.stop();
      app = undefined;
      const restarts: number[] = [];
      const phases: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const again = await startApp({ dataDir: dir, env: { LOG_LEVEL: 'info' } });
        restarts.push(Math.round(again.startupMs));
        phases.push(appLogLines(again.output()).join(' | '));
        if (i < 2) await again.stop();
        else app = again;
      }
      if (want('restart')) {
        const worst = Math.max(...restarts);
        const met = worst <= RESTART_TARGET_MS;
        writeResult('startup', { scenario: 'restart', at: new Date().toISOString(), machine: machine(), products: SMALL.products, runsMs: restarts, worstMs: worst, appLog: phases, target: `<= ${RESTART_TARGET_MS} ms from spawning node scripts/start.mjs to a 200 from /api/health`, met });
        rows.push({ scenario: 'restart on existing data (worst of 3)', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: '<= 2 s', met, note: `${restarts.join(', ')} ms` });
        log(`restart: ${restarts.join(', ')} ms; the last one's log: ${phases.at(-1)}`);
      }

      // ---- at rest: the app after start with the catalogue, idle ------------------------------
      await sleep(5000);
      const rest = sampleRss(app!.pid);
      const restDetail = memoryBreakdown(app!.pid);
      const restHeap = await v8Heap(app!.url);

      const products = pick(catalog.productIds, 200, 1).map((id) => `/api/products/${id}`);
      const householdIds = pick(catalog.householdIds, 100, 2);
      const signedIn = (p: string): WrkRequest[] => buyers.map((b) => ({ path: p, headers: { authorization: `Bearer ${b.token}` } }));
      const scenarios: (ReadScenario & { name: ScenarioName })[] = [
        { name: 'feed', paths: ['/api/products?limit=24'], target: READ_TARGET, check: readCheck(0.5) },
        { name: 'feed-signed-in', paths: ['/api/products?limit=24'], requests: signedIn('/api/products?limit=24'), headers: buyers[0] ? { authorization: `Bearer ${buyers[0].token}` } : {}, target: READ_TARGET, check: readCheck(0.5) },
        { name: 'product-by-id', paths: products, target: READ_TARGET, check: readCheck(0.5) },
        { name: 'household', paths: householdIds.map((id) => `/api/households/${id}`), target: READ_TARGET, check: readCheck(0.5) },
        { name: 'household-products', paths: householdIds.map((id) => `/api/products?householdId=${id}&limit=24`), target: READ_TARGET, check: readCheck(0.5) },
      ];
      for (const s of scenarios) {
        if (!wantRead(s.name)) continue;
        await stage(rows, s.name, s.target, log, async () => {
          const { row, rss } = await readScenario(app!, s, log);
          rows.push(row);
          notePeak(rss.peak);
          loadsRun += 1;
        });
      }
      if (wantRead('checkout')) {
        await stage(rows, 'checkout (50 buyers)', '>= 300 orders/s, 0 non-201', log, async () => {
          const { row, rss } = await checkoutScenario(app!, catalog, log);
          rows.push(row);
          notePeak(rss.peak);
          loadsRun += 1;
        });
      }
      if (want('memory') && loadsRun > 0) {
        await sleep(3000);
        const after = sampleRss(app!.pid);
        const afterDetail = memoryBreakdown(app!.pid);
        const peak = peakRss as RssSample | null;
        const pssMet = (peak?.pssMb ?? Infinity) <= PSS_TARGET_MB;
        const restMet = rest.appMb <= REST_RSS_TARGET_MB;
        writeResult('rss', {
          scenario: 'memory', at: new Date().toISOString(), machine: machine(), atRest: rest, atRestDetail: restDetail, atRestV8Heap: restHeap, peakDuringLoad: peak, afterLoad: after, afterLoadDetail: afterDetail,
          target: `PSS (app + its PostgreSQL) <= ${PSS_TARGET_MB} MB under load; app VmRSS at rest <= ${REST_RSS_TARGET_MB} MB`, met: pssMet && restMet,
        });
        rows.push({ scenario: 'memory: app + PostgreSQL PSS, peak under load', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: `<= ${PSS_TARGET_MB} MB`, met: pssMet, note: `PSS peak ${peak?.pssMb} MB (app VmRSS ${peak?.appMb} MB), after ${after.pssMb} MB; VmRSS sum peak ${peak?.totalMb} MB` });
        rows.push({ scenario: 'memory: app VmRSS at rest (10k products)', rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: `<= ${REST_RSS_TARGET_MB} MB`, met: restMet, note: `${rest.appMb} MB (${restDetail.summary}); PSS with PostgreSQL ${rest.pssMb} MB` });
        log(`memory at rest: app VmRSS ${rest.appMb} MB, PSS ${rest.pssMb} MB: ${restDetail.summary}; V8 main heap ${JSON.stringify(restHeap)}`);
        log(`memory under load: PSS peak ${peak?.pssMb} MB (app VmRSS ${peak?.appMb} MB, PostgreSQL VmRSS sum ${peak?.postgresMb} MB in ${peak?.processes} processes); after: ${after.pssMb} MB: ${afterDetail.summary}`);
      }

      // ---- the uncached path: the same data, public cache off ------------------------------
      if (UNCACHED_SCENARIOS.some((n) => want(n))) {
        await app!.stop();
        app = await startApp({ dataDir: dir, env: { PUBLIC_CACHE_MAX_BYTES: '0' } });
        const uncached: (ReadScenario & { name: ScenarioName })[] = [
          { name: 'feed-uncached', paths: ['/api/products?limit=24'], target: UNCACHED_TARGET, check: readCheck(0.05) },
          { name: 'product-uncached', paths: products, target: UNCACHED_TARGET, check: readCheck(0.05) },
        ];
        for (const s of uncached) {
          if (!want(s.name)) continue;
          await stage(rows, s.name, s.target, log, async () => { rows.push((await readScenario(app!, s, log)).row); });
        }
      }
    } catch (err) {
      rows.push(failedRow('10,000-product scenarios', 'every target', err));
      log(`10,000-product stage failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    } finally {
      await app?.stop();
      await stopLeftoverPostmaster(dir);
      removeDataDir(dir);
    }
  }

  if (want('first-start')) await stage(rows, 'first start (empty DATA_DIR, demo seed)', '<= 10 s', log, async () => { rows.push(await firstStart(log)); });

  // ---- 100,000 products: search ------------------------------------------------------------
  if (!want('search')) return rows;
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
