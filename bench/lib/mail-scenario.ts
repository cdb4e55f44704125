import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { Mail } from '../../src/server/lib/mailer.ts';
import { confirmationMail, newOrderMail, type MailOrder } from '../../src/server/features/orders/orders.mails.ts';
import type { Row } from '../suite.ts';
import { ROOT, makeDataDir, removeDataDir, sleep, startApp, type AppHandle } from './app.ts';
import { checkoutBaskets } from './checkout.ts';
import { connectApp, stopLeftoverPostmaster } from './db.ts';
import { generateCatalog } from './generate.ts';
import { cpuTimes, watchRss } from './rss.ts';
import { createBuyers } from './users.ts';

/**
 * `node bench/run.mjs mail`: can the mail outbox keep up with a steady checkout peak?
 *
 * The real app (fresh DATA_DIR, 10,000 products) sends its mail over SMTP to a sink started
 * here on 127.0.0.1 (smtp-server, which accepts every mail and discards it). A Node driver
 * places checkouts at a fixed rate (MAIL_BENCH_RATE, default 500 orders/s) for
 * MAIL_BENCH_SECONDS (default 60) over keep-alive connections, each with its own
 * Idempotency-Key; every order writes two mails (the buyer's receipt and the producer's new
 * order). Every second the age of the oldest unsent mail is read from mail_outbox. After the
 * run, the time until the outbox is empty. Writes bench/results/mail.json.
 * MAIL_BENCH_SMTP_QUERY (e.g. `?maxConnections=20`) is appended to the app's SMTP_URL.
 */

const RATE = Number(process.env.MAIL_BENCH_RATE ?? 500);
const SECONDS = Number(process.env.MAIL_BENCH_SECONDS ?? 60);
/** Requests in flight at most; a tick that finds this many waiting places nothing (counted as behind). */
const MAX_IN_FLIGHT = 256;
const TARGET = `>= ${RATE} orders/s for ${SECONDS} s, oldest unsent mail <= 30 s`;
const TARGET_AGE_S = 30;
/** The outbox-alone scenario's: the mail of RATE orders a second, written for SECONDS. */
const OUTBOX_TARGET = `${RATE * 2} mails/s written for ${SECONDS} s (${RATE} orders/s), oldest unsent mail <= 30 s`;
const DRAIN_LIMIT_MS = 180_000;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const loadavg = () => os.loadavg().map((n) => round(n, 2));

interface Sink { port: number; received: () => number; close: () => Promise<void> }

/** An SMTP server that takes every mail and keeps nothing but the count. */
async function startSmtpSink(): Promise<Sink> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => { received += 1; callback(); });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received: () => received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface OutboxState { backlog: number; oldestAgeS: number }
interface OutboxSample extends OutboxState { t: number; sinkReceived: number; load1: number }

/** The backlog and the age of its oldest unsent mail, every second from now; `finish` waits until the outbox is empty. */
function sampleOutbox(pool: pg.Pool, sink: Sink) {
  const outboxNow = async (): Promise<OutboxState> => {
    const { rows } = await pool.query<{ n: string; age: number | null }>(
      'SELECT count(*) AS n, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age FROM mail_outbox WHERE sent_at IS NULL');
    return { backlog: Number(rows[0]!.n), oldestAgeS: round(Number(rows[0]!.age ?? 0)) };
  };
  const samples: OutboxSample[] = [];
  const started = performance.now();
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const at = performance.now();
      const s = await outboxNow();
      samples.push({ t: round((at - started) / 1000), ...s, sinkReceived: sink.received(), load1: loadavg()[0]! });
      await sleep(Math.max(0, 1000 - (performance.now() - at)));
    }
  })();
  return {
    async finish() {
      const atEnd = await outboxNow();
      const endedAt = performance.now();
      // Time until every mail of the run has gone out.
      let drained = atEnd.backlog === 0;
      while (!drained && performance.now() - endedAt < DRAIN_LIMIT_MS) {
        await sleep(250);
        drained = (await outboxNow()).backlog === 0;
      }
      const drainMs = Math.round(performance.now() - endedAt);
      sampling = false;
      await loop;
      return { atEnd, drainMs, drained, samples, maxOldestAgeS: Math.max(0, ...samples.map((x) => x.oldestAgeS)) };
    },
  };
}

interface Paced { sent: number; ok: number; other: Record<string, number>; errors: number; behind: number; latenciesMs: number[]; durationSec: number }

/**
 * Fixed-rate POSTs (wrk2-like): every 5 ms the driver places as many requests as the rate
 * asks for by then. Latency is measured from when a request was due, not when it left, so a
 * server that falls behind shows it (no coordinated omission).
 */
async function paced(url: string, bodies: Array<{ token: string; body: string }>, rate: number, seconds: number): Promise<Paced> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const target = new URL(url);
  const result: Paced = { sent: 0, ok: 0, other: {}, errors: 0, behind: 0, latenciesMs: [], durationSec: seconds };
  let inFlight = 0;
  const run = `${Date.now().toString(36)}-${process.pid}`;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  const pending = new Set<Promise<void>>();

  const fire = (dueAt: number) => {
    const { token, body } = bodies[result.sent % bodies.length]!;
    const key = `${run}-${result.sent}`;
    result.sent += 1;
    inFlight += 1;
    const done = new Promise<void>((resolve) => {
      const req = http.request({
        agent, host: target.hostname, port: target.port, path: '/api/orders', method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': key },
      }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 201) result.ok += 1;
          else result.other[String(res.statusCode)] = (result.other[String(res.statusCode)] ?? 0) + 1;
          result.latenciesMs.push(performance.now() - dueAt);
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => { result.errors += 1; resolve(); });
      req.end(body);
    }).finally(() => { inFlight -= 1; pending.delete(done); });
    pending.add(done);
  };

  let placed = 0;
  while (performance.now() < endAt) {
    const now = performance.now();
    const due = Math.min(Math.floor(((now - started) / 1000) * rate), Math.floor(seconds * rate));
    while (placed < due) {
      const dueAt = started + (placed / rate) * 1000;
      placed += 1;
      if (inFlight >= MAX_IN_FLIGHT) { result.behind += 1; continue; }
      fire(dueAt);
    }
    await sleep(5);
  }
  await Promise.all(pending);
  result.durationSec = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!, 2);
}

/** The app with its mail going over SMTP to a sink started here, on a fresh DATA_DIR; everything is stopped and removed after `run`. */
async function withSmtpApp(label: string, run: (ctx: { app: AppHandle; pool: pg.Pool; sink: Sink }) => Promise<Row>): Promise<Row> {
  const sink = await startSmtpSink();
  const dir = makeDataDir(label);
  let app: AppHandle | undefined;
  try {
    app = await startApp({ dataDir: dir, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}${process.env.MAIL_BENCH_SMTP_QUERY ?? ''}` } });
    const pool = connectApp(dir);
    try {
      return await run({ app, pool, sink });
    } finally {
      await pool.end();
    }
  } finally {
    await app?.stop();
    await stopLeftoverPostmaster(dir);
    removeDataDir(dir);
    await sink.close();
  }
}

/** Writes bench/results/<name>.json. */
function writeMailResult(name: string, result: object): void {
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, `bench/results/${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** The summary table's note of a mail scenario. */
function outboxNote(o: { maxOldestAgeS: number; atEnd: OutboxState; drainMs: number }, pssMb: number, load: number[]): string {
  return `oldest mail max ${o.maxOldestAgeS} s, ${o.atEnd.backlog} queued at end, drained in ${round(o.drainMs / 1000)} s, PSS peak ${pssMb} MB, load ${load.join(' ')}`;
}

export async function mailScenario(log: (msg: string) => void = console.log): Promise<Row> {
  const uptimeBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const loadBefore = loadavg();
  return withSmtpApp('bench-mail', async ({ app, pool, sink }) => {
    const catalog = await generateCatalog(pool, { households: 500, products: 10_000 });
    log(`mail: generated 10,000 products in ${Math.round(catalog.ms)} ms (load average ${loadavg().join(' ')})`);
    const buyers = await createBuyers(pool, app.dataDir, 50);
    // The checkout scenario's baskets (bench/suite.ts), 8 per buyer.
    const bodies = await checkoutBaskets(pool, catalog.productIds, buyers, 8);
    const probe = await fetch(`${app.url}/api/orders`, { method: 'POST', headers: { authorization: `Bearer ${bodies[0]!.token}`, 'content-type': 'application/json', 'idempotency-key': `probe-${Date.now()}` }, body: bodies[0]!.body });
    if (probe.status !== 201) throw new Error(`checkout probe answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    await probe.arrayBuffer().catch(() => undefined);
    // The probe's mails go out before the run starts.
    for (let i = 0; i < 100 && Number((await pool.query('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n) > 0; i += 1) await sleep(100);

    const sampler = sampleOutbox(pool, sink);
    const receivedBefore = sink.received();
    log(`mail: ${RATE} orders/s for ${SECONDS} s, SMTP sink on 127.0.0.1:${sink.port} (load average ${loadavg().join(' ')})`);
    const memory = watchRss(app.pid);
    const drive = await paced(app.url, bodies, RATE, SECONDS);
    const { atEnd, drainMs, drained, samples, maxOldestAgeS } = await sampler.finish();
    const rss = memory.stop();

    const latencies = drive.latenciesMs.sort((x, y) => x - y);
    const ordersPerSec = round(drive.ok / drive.durationSec);
    const non201 = Object.values(drive.other).reduce((n, v) => n + v, 0) + drive.errors;
    const met = ordersPerSec >= RATE * 0.99 && maxOldestAgeS <= TARGET_AGE_S && drained && non201 === 0;
    const loadAfter = loadavg();
    const result = {
      scenario: 'mail', at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadAfter, procLoadavgBefore: uptimeBefore, procLoadavgAfter: fs.readFileSync('/proc/loadavg', 'utf8').trim() },
      transport: 'SMTP (pooled) to an smtp-server sink on 127.0.0.1',
      rateAsked: RATE, seconds: SECONDS, requests: drive.sent, created: drive.ok, non201: drive.other, errors: drive.errors, behind: drive.behind,
      ordersPerSec, latencyFromDueMs: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) },
      mails: { maxOldestAgeS, backlogAtEnd: atEnd.backlog, oldestAgeAtEndS: atEnd.oldestAgeS, drainMs, drained, sinkReceivedDuringAndAfter: sink.received() - receivedBefore },
      memoryPeak: rss.peak, target: TARGET, met, samples,
    };
    writeMailResult('mail', result);
    log(`mail: ${ordersPerSec} orders/s (${drive.ok} created, ${non201} other, ${drive.behind} not placed: driver ${MAX_IN_FLIGHT} in flight), latency from due p50 ${result.latencyFromDueMs.p50} ms p99 ${result.latencyFromDueMs.p99} ms`);
    log(`mail: oldest unsent mail at most ${maxOldestAgeS} s; ${atEnd.backlog} queued at the end, all sent ${drainMs} ms later${drained ? '' : ' (NOT drained)'}; sink received ${result.mails.sinkReceivedDuringAndAfter}; PSS peak ${rss.peak.pssMb} MB (app VmRSS ${rss.peak.appMb} MB); load average ${loadAfter.join(' ')}`);
    return {
      scenario: `mail outbox (${RATE} orders/s, ${SECONDS} s, SMTP)`, rps: ordersPerSec,
      p50Ms: result.latencyFromDueMs.p50, p95Ms: result.latencyFromDueMs.p95, p99Ms: result.latencyFromDueMs.p99, ratio: null,
      target: TARGET, met,
      note: outboxNote({ maxOldestAgeS, atEnd, drainMs }, rss.peak.pssMb, loadAfter),
    };
  });
}

/** Runs a mail scenario; a failure becomes a failed row. */
async function asRow(name: string, scenario: string, target: string, run: () => Promise<Row>, log: (msg: string) => void): Promise<Row> {
  try {
    return await run();
  } catch (err) {
    log(`${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return { scenario, rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target, met: false, note: `error: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 160)}` };
  }
}

/** `node bench/run.mjs mail` / `mail-outbox`: the checkout-driven scenario and the outbox alone (both by default). */
export async function runMailOnly(which: Array<'mail' | 'mail-outbox'> = ['mail', 'mail-outbox'], log: (msg: string) => void = console.log): Promise<Row[]> {
  const rows: Row[] = [];
  if (which.includes('mail')) rows.push(await asRow('mail', `mail outbox (${RATE} orders/s, ${SECONDS} s, SMTP)`, TARGET, () => mailScenario(log), log));
  if (which.includes('mail-outbox')) rows.push(await asRow('mail-outbox', `mail outbox alone (${RATE * 2} mails/s, ${SECONDS} s, SMTP)`, OUTBOX_TARGET, () => mailOutboxScenario(log), log));
  return rows;
}

/** A checkout's two mails (the buyer's receipt, the producer's new order), written by the app's own templates for a three-line order. */
function checkoutMails(n: number): Mail[] {
  const order: MailOrder = {
    id: '018f2c3e-7a1b-7c00-8000-000000000000', householdName: 'Salaš Kovač', customerName: `Kupac ${n}`, status: 'pending',
    deliveryType: 'pickup', pickupDate: '2026-12-01', pickupTime: '10:00', deliveryAddress: null, contactPhone: '+381641234567',
    notes: null, totalPara: 182_000, number: 1000 + n, deliveryFeePara: 0, deliveryArea: null, pickupPointName: null, pickupPointAddress: null,
    paymentMethod: 'cash', paymentStatus: 'unpaid', ips: null, estimate: false, estimateTotalPara: null, drop: null, deposit: null,
    items: [
      { name: 'Ajvar ljuti', unit: 'jar', unitPricePara: 65_000, quantity: 2 },
      { name: 'Domaći med', unit: 'kg', unitPricePara: 40_000, quantity: 1 },
      { name: 'Kravlje mleko', unit: 'l', unitPricePara: 13_000, quantity: 1 },
    ],
  };
  return [
    confirmationMail({ email: `buyer${n}@bench.test`, name: `Kupac ${n}`, language: 'sr' }, [order]),
    newOrderMail({ email: `producer${n % 500}@bench.test`, name: 'Salaš Kovač', language: 'sr-Latn' }, order),
  ];
}

/**
 * `node bench/run.mjs mail-outbox`: the outbox alone. The `mail` scenario's orders come from
 * checkouts, which on a small machine cannot be placed at 500/s (the app and PostgreSQL share
 * its cores), so it cannot tell whether the outbox itself would keep up. Here the bench writes
 * the mail of 500 orders/s straight into mail_outbox (two rows an order, the app's templates,
 * written every 5 ms as they fall due) for 60 s, and the running app sends them over SMTP to
 * the sink as it would a checkout's: it finds them by its outbox's own poll (no request kicks
 * it). Every second the age of the oldest unsent mail is read. Writes bench/results/mail-outbox.json.
 */
export async function mailOutboxScenario(log: (msg: string) => void = console.log): Promise<Row> {
  const loadBefore = loadavg();
  return withSmtpApp('bench-mail-outbox', async ({ app, pool, sink }) => {
    const templates = Array.from({ length: 50 }, (_, i) => checkoutMails(i)).flat();
    const perSecond = RATE * 2;
    const total = perSecond * SECONDS;
    log(`mail-outbox: ${perSecond} mails/s (${RATE} orders/s) written for ${SECONDS} s, SMTP sink on 127.0.0.1:${sink.port} (load average ${loadavg().join(' ')})`);
    const receivedBefore = sink.received();
    const cpuBefore = cpuTimes(app.pid);
    const sampler = sampleOutbox(pool, sink);
    const memory = watchRss(app.pid);
    const started = performance.now();
    let written = 0;
    let insertMs = 0;
    while (written < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
      if (due > written) {
        const rows = Array.from({ length: due - written }, (_, i) => templates[(written + i) % templates.length]!);
        const at = performance.now();
        await pool.query('INSERT INTO mail_outbox ("to", subject, text, html) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])',
          [rows.map((m) => m.to), rows.map((m) => m.subject), rows.map((m) => m.text), rows.map((m) => m.html)]);
        insertMs += performance.now() - at;
        written = due;
      }
      await sleep(5);
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const { atEnd, drainMs, drained, samples, maxOldestAgeS } = await sampler.finish();
    const rss = memory.stop();
    const cpuAfter = cpuTimes(app.pid);
    const writtenPerSec = round(written / writeSeconds);
    const met = writtenPerSec >= perSecond * 0.99 && maxOldestAgeS <= TARGET_AGE_S && drained;
    const sent = sink.received() - receivedBefore;
    const cpuPerMailMs = { app: round((cpuAfter.appMs - cpuBefore.appMs) / Math.max(1, sent), 3), postgres: round((cpuAfter.childrenMs - cpuBefore.childrenMs) / Math.max(1, sent), 3) };
    const loadAfter = loadavg();
    const result = {
      scenario: 'mail-outbox', at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
      transport: 'SMTP (pooled) to an smtp-server sink on 127.0.0.1',
      ordersPerSecAsked: RATE, mailsPerSecAsked: perSecond, seconds: SECONDS, written, writtenPerSec, insertMsTotal: Math.round(insertMs),
      mails: { maxOldestAgeS, backlogAtEnd: atEnd.backlog, oldestAgeAtEndS: atEnd.oldestAgeS, drainMs, drained, sinkReceived: sent },
      cpuPerMailMs, memoryPeak: rss.peak, target: OUTBOX_TARGET, met, samples,
    };
    writeMailResult('mail-outbox', result);
    log(`mail-outbox: ${written} mails written (${writtenPerSec}/s); oldest unsent mail at most ${maxOldestAgeS} s; ${atEnd.backlog} queued at the end, all sent ${drainMs} ms later${drained ? '' : ' (NOT drained)'}; sink received ${sent}; CPU per mail: app ${cpuPerMailMs.app} ms, PostgreSQL ${cpuPerMailMs.postgres} ms; PSS peak ${rss.peak.pssMb} MB (app VmRSS ${rss.peak.appMb} MB); load average ${loadAfter.join(' ')}`);
    return {
      scenario: `mail outbox alone (${perSecond} mails/s, ${SECONDS} s, SMTP)`, rps: round(sent / ((writeSeconds * 1000 + drainMs) / 1000)),
      p50Ms: null, p95Ms: null, p99Ms: null, ratio: null, target: OUTBOX_TARGET, met,
      note: outboxNote({ maxOldestAgeS, atEnd, drainMs }, rss.peak.pssMb, loadAfter),
    };
  });
}
