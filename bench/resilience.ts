import { randomUUID } from 'node:crypto';
import { makeDataDir, removeDataDir, sleep, startApp, type AppHandle } from './lib/app.ts';
import { checkoutBody, type BasketLine } from './lib/checkout.ts';
import { connectApp, createDatabase, dropDatabase, stopLeftoverPostmaster } from './lib/db.ts';
import { generateCatalog, prng } from './lib/generate.ts';
import { createBuyers, type Buyer } from './lib/users.ts';
import type { Row } from './suite.ts';

/**
 * Crash benchmark: 8 buyers check out continuously (every basket spans 2 households, products
 * have limited stock) while the server is killed with SIGKILL three times at random moments
 * and restarted on the same data. A buyer keeps its Idempotency-Key until it gets an answer,
 * retrying through the outage. Then, from the database:
 *  1. every order acknowledged with 201 exists (by id) and belongs to its checkout;
 *  2. for every product, stock + units sold (non-cancelled orders) == starting stock;
 *  3. no partial checkout: every checkout_id has orders for both households of its basket.
 * Runs on the embedded PostgreSQL and on an external one (fresh database, dropped after).
 */

const BUYERS = 8;
const KILLS = 3;
// Enough that the buyers never empty a shelf during the run (~3,000 checkouts × 1–2 units per line, 6 products per household).
const STOCK = 20_000;
const PRODUCTS_PER_HOUSEHOLD = 6;
/**
 * A key that keeps answering 409 idempotency.in_progress is given up after this long: a live
 * duplicate finishes in milliseconds, so this is a claim left behind by a killed server, which
 * the buyer can never get an answer for. Counted (check 4) and the buyer moves on.
 */
const IN_PROGRESS_GIVE_UP_MS = 3_000;
const EXTERNAL_ADMIN_URL = process.env.BENCH_EXTERNAL_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Acked { key: string; buyerId: string; orderIds: string[]; checkoutId: string; households: string[] }

export interface ResilienceResult {
  variant: 'embedded' | 'external';
  durationMs: number;
  kills: number;
  restartsMs: number[];
  attempts: number;
  checkouts: { acknowledged: number; outOfStock: number; otherAnswers: Record<string, number>; retriedThroughOutage: number; gaveUpInProgress: number };
  ordersInDb: number;
  checkoutsInDb: number;
  /** Committed checkouts whose key never got its answer stored (killed between commit and reply). */
  unacknowledgedCommitted: number;
  checks: {
    acknowledgedPresent: { ok: boolean; missing: string[] };
    stockConserved: { ok: boolean; mismatches: Array<{ productId: string; start: number; stock: number; sold: number }> };
    noPartialCheckout: { ok: boolean; partial: string[]; mismatchedAnswers: string[] };
    /** Every key retried after a crash got a real answer (not an endless 409 in_progress). */
    everyRetryAnswered: { ok: boolean; stuckKeys: number };
  };
  ok: boolean;
  error?: string;
}

interface Target { url: string }

async function buyerLoop(buyer: Buyer, target: Target, baskets: BasketLine[][], rand: () => number, stop: () => boolean, out: {
  acked: Acked[]; answers: Map<string, number>; attempts: number; retried: number; gaveUp: number; productHousehold: Map<string, string>;
}): Promise<void> {
  while (!stop()) {
    const key = randomUUID();
    const basket = baskets[Math.floor(rand() * baskets.length)]!;
    const body = checkoutBody(basket);
    let inProgressSince: number | null = null;
    let failedOnce = false;
    // Keep this key until an answer comes (bounded: the outage is a few seconds).
    for (let tries = 0; tries < 2000; tries += 1) {
      out.attempts += 1;
      let res: Response;
      let text: string;
      try {
        res = await fetch(`${target.url}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        text = await res.text();
      } catch {
        failedOnce = true;
        await sleep(50);
        continue;
      }
      if (failedOnce) out.retried += 1;
      failedOnce = false;
      if (res.status === 201) {
        const answer = JSON.parse(text) as { orders: Array<{ id: string; checkoutId: string; householdId: string }> };
        out.acked.push({
          key, buyerId: buyer.id, orderIds: answer.orders.map((o) => o.id), checkoutId: answer.orders[0]!.checkoutId,
          households: [...new Set(basket.map((l) => out.productHousehold.get(l.productId)!))].sort(),
        });
        break;
      }
      let code = String(res.status);
      try { code = `${res.status} ${(JSON.parse(text) as { code?: string }).code ?? ''}`.trim(); } catch { /* not JSON */ }
      if (code === '409 idempotency.in_progress') {
        inProgressSince ??= Date.now();
        if (Date.now() - inProgressSince > IN_PROGRESS_GIVE_UP_MS) { out.gaveUp += 1; break; }
        await sleep(200);
        continue;
      }
      if (res.status >= 500) { out.answers.set(code, (out.answers.get(code) ?? 0) + 1); await sleep(50); continue; }
      out.answers.set(code, (out.answers.get(code) ?? 0) + 1);
      break;
    }
  }
}

export async function resilienceOnce(variant: 'embedded' | 'external', log: (msg: string) => void): Promise<ResilienceResult> {
  const dir = makeDataDir(`resilience-${variant}`);
  const dbName = `domace_bench_${randomUUID().slice(0, 8)}`;
  const databaseUrl = variant === 'external' ? await createDatabase(EXTERNAL_ADMIN_URL, dbName) : undefined;
  let app: AppHandle | undefined;
  const started = Date.now();
  try {
    app = await startApp({ dataDir: dir, databaseUrl });
    const pool = connectApp(dir, databaseUrl);
    const catalog = await generateCatalog(pool, { households: 2, products: 2 * PRODUCTS_PER_HOUSEHOLD, stock: STOCK, seed: 11 });
    await pool.query('UPDATE products SET availability = true');
    const buyers = await createBuyers(pool, dir, BUYERS);
    await pool.end();

    const productHousehold = new Map(catalog.productIds.map((id, i) => [id, catalog.householdIds[catalog.productHousehold[i]!]!]));
    const byHousehold = catalog.householdIds.map((h) => catalog.productIds.filter((id) => productHousehold.get(id) === h));
    // Every basket: 1–2 lines from each of the 2 households.
    const rand = prng(99);
    const baskets: BasketLine[][] = Array.from({ length: 64 }, () => byHousehold.flatMap((ids) => {
      const n = 1 + Math.floor(rand() * 2);
      const chosen = [...new Set(Array.from({ length: n }, () => ids[Math.floor(rand() * ids.length)]!))];
      return chosen.map((productId) => ({ productId, quantity: 1 + Math.floor(rand() * 3) }));
    }));

    const target: Target = { url: app.url };
    let stopped = false;
    const out = { acked: [] as Acked[], answers: new Map<string, number>(), attempts: 0, retried: 0, gaveUp: 0, productHousehold };
    const loops = buyers.map((b, i) => buyerLoop(b, target, baskets, prng(1000 + i), () => stopped, out));

    const killRand = prng(Date.now() & 0xffff);
    const restartsMs: number[] = [];
    for (let k = 0; k < KILLS; k += 1) {
      await sleep(3000 + Math.floor(killRand() * 2000));
      await app.kill('SIGKILL');
      log(`[${variant}] SIGKILL ${k + 1}/${KILLS} after ${out.acked.length} acknowledged checkouts, ${out.gaveUp} keys stuck so far`);
      const port = app.port;
      app = await startApp({ dataDir: dir, databaseUrl, port });
      restartsMs.push(Math.round(app.startupMs));
      target.url = app.url;
    }
    await sleep(3000);
    stopped = true;
    await Promise.race([Promise.all(loops), sleep(IN_PROGRESS_GIVE_UP_MS + 15_000)]);

    // ---- checks, straight from the database -----------------------------------------------
    const check = connectApp(dir, databaseUrl);
    try {
      const ackedIds = out.acked.flatMap((a) => a.orderIds);
      const present = new Set((await check.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1::uuid[])', [ackedIds])).rows.map((r) => r.id));
      const missing = ackedIds.filter((id) => !present.has(id));

      // Stock and quantities are numeric (half a kilo): compared exactly, in SQL; pg returns
      // numerics as strings, so they are only turned into numbers for the report.
      const stock = await check.query<{ id: string; stock: string; sold: string; conserved: boolean }>(
        `SELECT id, stock, sold, stock + sold = $2 AS conserved FROM (
           SELECT p.id, p.stock, COALESCE((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
             WHERE oi.product_id = p.id AND o.status <> 'cancelled'), 0) AS sold
           FROM products p WHERE p.id = ANY($1::uuid[])) AS s`, [catalog.productIds, STOCK]);
      const mismatches = stock.rows.filter((r) => !r.conserved).map((r) => ({ productId: r.id, start: STOCK, stock: Number(r.stock), sold: Number(r.sold) }));

      const groups = await check.query<{ checkout_id: string; households: string[]; ids: string[] }>(
        `SELECT checkout_id, array_agg(DISTINCT household_id::text ORDER BY household_id::text) AS households, array_agg(id::text) AS ids
         FROM orders WHERE buyer_id = ANY($1::uuid[]) GROUP BY checkout_id`, [buyers.map((b) => b.id)]);
      const partial = groups.rows.filter((g) => g.households.length !== 2).map((g) => g.checkout_id);
      const byCheckout = new Map(groups.rows.map((g) => [g.checkout_id, g]));
      const mismatchedAnswers = out.acked.filter((a) => {
        const g = byCheckout.get(a.checkoutId);
        return !g || g.households.join() !== a.households.join() || [...g.ids].sort().join() !== [...a.orderIds].sort().join();
      }).map((a) => a.checkoutId);
      const ackedCheckouts = new Set(out.acked.map((a) => a.checkoutId));
      const ordersInDb = groups.rows.reduce((n, g) => n + g.ids.length, 0);

      const outOfStock = out.answers.get('409 order.out_of_stock') ?? 0;
      const otherAnswers = Object.fromEntries([...out.answers].filter(([k]) => k !== '409 order.out_of_stock'));
      const checks = {
        acknowledgedPresent: { ok: missing.length === 0, missing },
        stockConserved: { ok: mismatches.length === 0 && stock.rows.length === catalog.productIds.length, mismatches },
        noPartialCheckout: { ok: partial.length === 0 && mismatchedAnswers.length === 0, partial, mismatchedAnswers },
        everyRetryAnswered: { ok: out.gaveUp === 0, stuckKeys: out.gaveUp },
      };
      const result: ResilienceResult = {
        variant, durationMs: Date.now() - started, kills: KILLS, restartsMs, attempts: out.attempts,
        checkouts: { acknowledged: out.acked.length, outOfStock, otherAnswers, retriedThroughOutage: out.retried, gaveUpInProgress: out.gaveUp },
        ordersInDb, checkoutsInDb: groups.rows.length,
        unacknowledgedCommitted: groups.rows.filter((g) => !ackedCheckouts.has(g.checkout_id)).length,
        checks,
        ok: checks.acknowledgedPresent.ok && checks.stockConserved.ok && checks.noPartialCheckout.ok && checks.everyRetryAnswered.ok,
      };
      log(`[${variant}] ${result.checkouts.acknowledged} acknowledged checkouts (${ordersInDb} orders in the DB), ${outOfStock} out of stock, ${out.retried} retried through an outage, ${out.gaveUp} keys stuck "in progress"; restarts ${restartsMs.join(', ')} ms; ` +
        `acknowledged present: ${checks.acknowledgedPresent.ok}, stock conserved: ${checks.stockConserved.ok}, no partial: ${checks.noPartialCheckout.ok}, every retry answered: ${checks.everyRetryAnswered.ok}`);
      return result;
    } finally {
      await check.end();
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log(`[${variant}] failed: ${message}`);
    return {
      variant, durationMs: Date.now() - started, kills: 0, restartsMs: [], attempts: 0,
      checkouts: { acknowledged: 0, outOfStock: 0, otherAnswers: {}, retriedThroughOutage: 0, gaveUpInProgress: 0 }, ordersInDb: 0, checkoutsInDb: 0, unacknowledgedCommitted: 0,
      checks: { acknowledgedPresent: { ok: false, missing: [] }, stockConserved: { ok: false, mismatches: [] }, noPartialCheckout: { ok: false, partial: [], mismatchedAnswers: [] }, everyRetryAnswered: { ok: false, stuckKeys: 0 } },
      ok: false, error: message,
    };
  } finally {
    await app?.stop().catch(() => undefined);
    await stopLeftoverPostmaster(dir);
    if (databaseUrl) await dropDatabase(EXTERNAL_ADMIN_URL, dbName).catch((e: unknown) => log(`could not drop ${dbName}: ${String(e)}`));
    removeDataDir(dir);
  }
}

export async function runResilience(opts: { log?: (msg: string) => void; variants?: Array<'embedded' | 'external'> } = {}): Promise<ResilienceResult[]> {
  const log = opts.log ?? console.log;
  const results: ResilienceResult[] = [];
  for (const variant of opts.variants ?? ['embedded', 'external']) results.push(await resilienceOnce(variant, log));
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const { RESULTS_DIR } = await import('./suite.ts');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(`${RESULTS_DIR}/resilience.json`, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  return results;
}

export function resilienceRows(results: ResilienceResult[]): Row[] {
  return results.map((r) => ({
    scenario: `resilience, ${KILLS}x SIGKILL (${r.variant} PostgreSQL)`,
    rps: null, p50Ms: null, p95Ms: null, p99Ms: null, ratio: null,
    target: 'every 201 kept, stock conserved, no partial order, every retry answered',
    met: r.ok,
    note: r.error ? `error: ${r.error.slice(0, 120)}` : `${r.checkouts.acknowledged} acked, ${r.ordersInDb} orders; 201 kept: ${r.checks.acknowledgedPresent.ok ? 'yes' : 'NO'}, stock: ${r.checks.stockConserved.ok ? 'yes' : 'NO'}, partial: ${r.checks.noPartialCheckout.ok ? 'none' : 'FOUND'}; ${r.checkouts.gaveUpInProgress} keys stuck "in progress" (${r.unacknowledgedCommitted} of them committed)`,
  }));
}
