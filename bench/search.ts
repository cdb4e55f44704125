/**
 * Search benchmark (docs/architecture.md, Search; docs/performance.md): 100,000 products in a fresh
 * database, then p50/p95 of GET /api/products?q=… through the real app over HTTP, next to
 * a bare node:http server answering the same bytes (the machine's noise floor).
 *
 *   npx tsx bench/search.ts            # embedded PostgreSQL in a temporary DATA_DIR
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/search.ts
 *
 * Budget: p95 <= 30 ms per query. Figures go to bench/results/search.json.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { productSearchKey } from '../src/shared/category-search.ts';
import type { Category, Unit } from '../src/shared/constants.ts';
import { makeDataDir, removeDataDir, ROOT, startApp, type AppHandle } from './lib/app.ts';
import { connect, createDatabase, dropDatabase, embeddedUrl } from './lib/db.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const HOUSEHOLDS = 400;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const QUERIES = ['med', 'ајвар', 'zimnica', 'sir', 'pekmez od sljiva'];
const BUDGET_P95_MS = 30;

// Realistic Serbian names per category, in both scripts (the seed data mixes them too).
const NAMES: Record<Category, string[]> = {
  honey: ['Мед од багрема', 'Ливадски мед', 'Šumski med', 'Мед у саћу', 'Med od lipe', 'Кестенов мед', 'Мед са орасима', 'Polenov prah'],
  preserves: ['Ајвар', 'Љути ајвар', 'Pekmez od šljiva', 'Џем од кајсије', 'Туршија', 'Slatko od dunja', 'Пинђур', 'Kiseli krastavci', 'Сок од зове'],
  fruit: ['Јабуке ајдаред', 'Kruške viljamovke', 'Шљиве пожегача', 'Malina', 'Купине', 'Trešnje', 'Кајсије', 'Orasi očišćeni'],
  vegetables: ['Паприка бабура', 'Paradajz', 'Кромпир', 'Crni luk', 'Купус', 'Tikvice', 'Шаргарепа', 'Pasulj tetovac'],
  dairy: ['Млеко кравље', 'Kajmak', 'Сир из саламуре', 'Kozji sir', 'Јогурт', 'Pavlaka', 'Сурутка'],
  meat: ['Пршута', 'Kobasica sremska', 'Сланина', 'Čvarci', 'Кулен', 'Suvi vrat'],
  other: ['Ракија шљивовица', 'Domaći hleb', 'Јаја', 'Medenjaci', 'Тестенина домаћа', 'Lekovito bilje'],
};
const QUALIFIERS = ['', ' домаћи', ' organski', ' из Шумадије', ' sa Zlatibora', ' 2024', ' премијум', ' sveže', ' од бабе', ' iz Sremа'];
const PLACES = ['Чачак', 'Ваљево', 'Ужице', 'Leskovac', 'Nоvi Sad', 'Крагујевац', 'Šabac', 'Ниш', 'Pirot', 'Аранђеловац'];
const HOUSEHOLD_WORDS = ['Газдинство', 'Farma', 'Пчеларство', 'Domaćinstvo', 'Салаш', 'Voćnjak', 'Млекара', 'Vinogradi'];
const FAMILIES = ['Петровић', 'Jovanović', 'Николић', 'Marković', 'Ђорђевић', 'Stojanović', 'Илић', 'Pavlović', 'Милошевић', 'Todorović'];
const CATEGORY_LIST = Object.keys(NAMES) as Category[];
const UNIT_FOR: Record<Category, Unit> = { honey: 'jar', preserves: 'jar', fruit: 'kg', vegetables: 'kg', dairy: 'l', meat: 'kg', other: 'pc' };

/** Deterministic pseudo-random numbers, so every run measures the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

async function generate(databaseUrl: string) {
  const pool = connect(databaseUrl, 2);
  const rand = rng(42);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const households: { id: string; name: string }[] = [];
  for (let i = 0; i < HOUSEHOLDS; i++) households.push({ id: randomUUID(), name: `${pick(HOUSEHOLD_WORDS)} ${pick(FAMILIES)}` });
  await pool.query(
    `INSERT INTO users (id, email, password_hash, name, user_type, confirmed_at)
     SELECT id, 'bench-' || id || '@domace.test', 'x', name, 'producer', now() FROM unnest($1::uuid[], $2::text[]) AS t(id, name)`,
    [households.map((h) => h.id), households.map((h) => h.name)],
  );
  await pool.query(
    `INSERT INTO households (id, name, location, search_key) SELECT id, name, loc, '' FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, name, loc)`,
    [households.map((h) => h.id), households.map((h) => h.name), households.map(() => pick(PLACES))],
  );
  const BATCH = 10_000;
  const start = Date.now() - PRODUCTS * 60_000;
  for (let done = 0; done < PRODUCTS; done += BATCH) {
    const cols = { household: [] as string[], name: [] as string[], price: [] as number[], unit: [] as string[], category: [] as string[], key: [] as string[], featured: [] as boolean[], created: [] as string[] };
    for (let i = done; i < Math.min(done + BATCH, PRODUCTS); i++) {
      const household = pick(households);
      const category = pick(CATEGORY_LIST);
      const name = `${pick(NAMES[category])}${pick(QUALIFIERS)}`;
      cols.household.push(household.id);
      cols.name.push(name);
      cols.price.push((100 + Math.floor(rand() * 3000)) * 100);
      cols.unit.push(UNIT_FOR[category]);
      cols.category.push(category);
      cols.key.push(productSearchKey(name, household.name, category));
      cols.featured.push(rand() < 0.05);
      cols.created.push(new Date(start + i * 60_000).toISOString());
    }
    await pool.query(
      `INSERT INTO products (household_id, name, price_para, unit, category, search_key, featured, image, created_at)
       SELECT h, n, p, u, c, k, f, '/media/bench.webp', ts
       FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::timestamptz[]) AS t(h, n, p, u, c, k, f, ts)`,
      [cols.household, cols.name, cols.price, cols.unit, cols.category, cols.key, cols.featured, cols.created],
    );
  }
  // What autovacuum does soon after a bulk load: merge the GIN pending lists, set visibility, gather statistics.
  await pool.query('VACUUM ANALYZE products');
  await pool.query('ANALYZE households');
  await pool.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(url: string): Promise<{ p50: number; p95: number; max: number; bytes: number; body: string }> {
  let body = '';
  for (let i = 0; i < 20; i++) body = await (await fetch(url)).text(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    body = await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body}`);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times[times.length - 1]!), bytes: Buffer.byteLength(body), body };
}

/** The same bytes from a bare node:http server: what HTTP + fetch alone cost here. */
async function baseline(body: string) {
  const server = http.createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); res.end(body); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const result = await measure(`http://127.0.0.1:${port}/`);
  server.close();
  return { p50: result.p50, p95: result.p95 };
}

const NAME_KEY = `translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(p.name), 'љ', 'lj'), 'Љ', 'lj'), 'њ', 'nj'), 'Њ', 'nj'), 'џ', 'dz'), 'Џ', 'dz'), 'ю', 'ju'), 'Ю', 'ju'), 'я', 'ja'), 'Я', 'ja'), 'абвгдђежзијклмнопрстћуфхцчшčćšžđёйщэыАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШČĆŠŽĐЁЙЩЭЫъьЪЬ', 'abvgddezzijklmnoprstcufhccsccszdejseyabvgddezzijklmnoprstcufhccsccszdejsey')`;

/** Plans of the two statements the catalog repository runs for a search tier (first page). */
async function explain(databaseUrl: string): Promise<{ windowMedTier0: string[]; exactZimnicaTier0: string[] }> {
  const pool = connect(databaseUrl, 1);
  const plan = async (text: string, params: unknown[]) =>
    (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']);
  // 1. The bounded walk of the newest rows (common words end here).
  const windowMedTier0 = await plan(
    `SELECT p.id, p.name, h.name FROM (SELECT * FROM products WHERE archived_at IS NULL AND availability = true
       ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000) p JOIN households h ON h.id = p.household_id
     WHERE p.search_key LIKE $1 AND ${NAME_KEY.replaceAll('p.name', 'p.name')} LIKE $2
     ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT 25`, ['%med%', 'med%']);
  // 2. The exact tier query (when the window holds too few), here an empty name tier.
  const exactZimnicaTier0 = await plan(
    `SELECT p.id, p.name, h.name FROM products p JOIN households h ON h.id = p.household_id
     WHERE p.archived_at IS NULL AND p.availability = true AND p.search_key LIKE $1 AND ${NAME_KEY} LIKE $2
     ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT 25`, ['%zimnica%', 'zimnica%']);
  await pool.end();
  return { windowMedTier0, exactZimnicaTier0 };
}

async function main() {
  const dataDir = makeDataDir('search');
  const external = process.env.TEST_DATABASE_URL;
  const dbName = `domace_bench_search_${process.pid}`;
  const databaseUrl = external ? await createDatabase(external, dbName) : undefined;
  let app: AppHandle | undefined;
  try {
    app = await startApp({ dataDir, databaseUrl }); // migrates the fresh database
    const appDb = databaseUrl ?? embeddedUrl(dataDir);
    const t0 = performance.now();
    await generate(appDb);
    const generateMs = Math.round(performance.now() - t0);
    console.log(`generated ${PRODUCTS} products in ${generateMs} ms`);
    if (process.env.BENCH_HOLD) {
      // For plan experiments: keep the app and database up until this file is deleted.
      fs.writeFileSync(process.env.BENCH_HOLD, `${app.url}\n${appDb}\n`);
      while (fs.existsSync(process.env.BENCH_HOLD)) await new Promise((r) => setTimeout(r, 500));
    }

    const results: Record<string, unknown> = {};
    let allWithinBudget = true;
    for (const q of QUERIES) {
      const url = `${app.url}/api/products?q=${encodeURIComponent(q)}`;
      const m = await measure(url);
      const items = (JSON.parse(m.body) as { items: { name: string }[] }).items;
      const base = await baseline(m.body);
      const ok = m.p95 <= BUDGET_P95_MS;
      allWithinBudget &&= ok;
      results[q] = { p50Ms: m.p50, p95Ms: m.p95, maxMs: m.max, bytes: m.bytes, firstNames: items.slice(0, 3).map((i) => i.name), baseline: base, withinBudget: ok };
      console.log(`q=${q}: p50 ${m.p50} ms, p95 ${m.p95} ms (bare http p50 ${base.p50} / p95 ${base.p95}) ${ok ? 'OK' : 'OVER BUDGET'}; first: ${items.slice(0, 3).map((i) => i.name).join(' | ')}`);
    }
    const plans = await explain(appDb);
    const usesTrigramIndex = plans.exactZimnicaTier0.some((line) => /products_(name_key|search)_trgm_idx/.test(line));
    const windowUsesFeedIndex = plans.windowMedTier0.some((line) => line.includes('products_feed_idx'));
    console.log(plans.windowMedTier0.join('\n'));
    console.log(plans.exactZimnicaTier0.join('\n'));
    const out = {
      date: new Date().toISOString(), products: PRODUCTS, households: HOUSEHOLDS, requestsPerQuery: REQUESTS,
      database: external ? 'external' : 'embedded', node: process.version, budgetP95Ms: BUDGET_P95_MS,
      generateMs, queries: results, usesTrigramIndex, windowUsesFeedIndex, allWithinBudget, plans,
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/search.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`written bench/results/search.json — ${allWithinBudget ? 'within' : 'OVER'} budget (p95 <= ${BUDGET_P95_MS} ms)`);
  } finally {
    await app?.stop();
    if (external) await dropDatabase(external, dbName).catch(() => undefined);
    removeDataDir(dataDir);
  }
}

await main();
