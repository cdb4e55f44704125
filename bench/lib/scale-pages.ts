import type pg from 'pg';
import { SCALE_DOMAIN } from '#server/db/seed/scale.ts';
import { withQueryAndConnect } from '#server/db/pool-proxy.ts';

/**
 * The pages of `npm run bench -- scale` and of the plan test (src/server/db/scale-plans.test.ts):
 * ONE list, so the CI test explains exactly the queries the bench times. Each page is a real
 * API request; its SQL is what the app sends for it, recorded at the pool (recordingPool) and
 * explained with its own parameters (explainAll).
 */

export type Who = 'anyone' | 'buyer' | 'producer' | 'operator';

export interface ScalePage { name: string; url: string; as: Who }

/** The rows of a seeded database the pages are about (seed-scale's first buyer, producer, drop). */
export interface ScaleFixtures {
  buyerId: string; producerId: string; operatorId: string; dropId: string; productId: string;
  /** The second page of the buyer's orders. */
  buyerCursor: string | null;
}

/** The big tables: a plan may never read them whole. */
export const BIG_TABLES = ['orders', 'order_items', 'order_events', 'products', 'notifications', 'users', 'standing_orders', 'order_messages', 'follows'];

export function scalePages(f: ScaleFixtures): ScalePage[] {
  return [
    { name: 'feed', url: '/api/products', as: 'anyone' },
    { name: 'search', url: '/api/products?q=med%20bagrem', as: 'anyone' },
    { name: 'household page', url: `/api/households/${f.producerId}`, as: 'anyone' },
    { name: 'household products', url: `/api/products?householdId=${f.producerId}`, as: 'anyone' },
    { name: 'product page', url: `/api/products/${f.productId}`, as: 'anyone' },
    { name: "buyer's orders", url: '/api/orders', as: 'buyer' },
    ...(f.buyerCursor ? [{ name: "buyer's orders, page 2", url: `/api/orders?cursor=${encodeURIComponent(f.buyerCursor)}`, as: 'buyer' as const }] : []),
    { name: "buyer's notifications", url: '/api/notifications', as: 'buyer' },
    { name: 'order board', url: '/api/producer/orders', as: 'producer' },
    { name: 'order board, pending', url: '/api/producer/orders?status=pending', as: 'producer' },
    { name: 'pick list (500 orders)', url: `/api/producer/drops/${f.dropId}/picklist`, as: 'producer' },
    { name: 'standing demand', url: '/api/producer/standing-demand', as: 'producer' },
    { name: "operator's stats", url: '/api/admin/stats', as: 'operator' },
    { name: 'audit log', url: '/api/admin/audit', as: 'operator' },
  ];
}

/** The fixtures of a database filled by seed-scale. */
export async function scaleFixtures(pool: pg.Pool): Promise<Omit<ScaleFixtures, 'buyerCursor'>> {
  const { rows: [r] } = await pool.query<Omit<ScaleFixtures, 'buyerCursor'>>(`
    SELECT (SELECT id FROM users WHERE lower(email) = $1) AS "buyerId", (SELECT id FROM users WHERE lower(email) = $2) AS "producerId",
           (SELECT id FROM users WHERE lower(email) = $3) AS "operatorId", (SELECT id FROM drops ORDER BY date DESC LIMIT 1) AS "dropId",
           (SELECT p.id FROM products p JOIN users u ON u.id = p.household_id WHERE lower(u.email) = $2 AND p.archived_at IS NULL ORDER BY p.created_at DESC LIMIT 1) AS "productId"`,
  [`buyer1@${SCALE_DOMAIN}`, `producer1@${SCALE_DOMAIN}`, `operator@${SCALE_DOMAIN}`]);
  if (!r?.buyerId || !r.producerId || !r.operatorId || !r.productId) throw new Error('Not a database filled by seed-scale (npm run admin -- seed-scale).');
  return r;
}

export interface RecordedQuery { text: string; values: unknown[] }

/** The pool with every query sent through pool.query (drizzle's and the app's own) written down. */
export function recordingPool(pool: pg.Pool): { pool: pg.Pool; take: () => RecordedQuery[] } {
  let recorded: RecordedQuery[] = [];
  const query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const c = first as { text: string; values?: unknown[] };
      recorded.push({ text: c.text, values: c.values ?? (Array.isArray(second) ? second : []) });
    }
    return (pool.query as (...a: unknown[]) => unknown)(...args);
  };
  const connect = (...args: unknown[]) => (pool.connect as (...a: unknown[]) => unknown)(...args);
  return { pool: withQueryAndConnect(pool, query, connect), take: () => { const r = recorded; recorded = []; return r; } };
}

export interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[]; [k: string]: unknown }

export interface ExplainedQuery {
  text: string;
  plan: PlanNode;
  /** EXPLAIN's text form, for people. */
  lines: string[];
  executionMs: number;
  sharedHit: number;
  sharedRead: number;
  /** Big tables read by a sequential scan. */
  seqScans: string[];
  /** Big tables of which a scan examined half the rows or more, whatever the scan (a full index scan too). */
  wholeReads: string[];
}

/** Every node of a plan. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The big tables a plan reads by a sequential scan. */
export function seqScansOf(plan: PlanNode, tables = BIG_TABLES): string[] {
  return nodesOf(plan).filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? '')).map((n) => n['Relation Name']!);
}

/** The rows one scan node examined (EXPLAIN ANALYZE: returned, removed by its filter or recheck, times its loops). */
function examinedBy(n: PlanNode): number {
  return (Number(n['Actual Rows'] ?? 0) + Number(n['Rows Removed by Filter'] ?? 0) + Number(n['Rows Removed by Index Recheck'] ?? 0)) * Number(n['Actual Loops'] ?? 1);
}

/** The rows of `table` that the scans of a plan examined, all together. */
export function examinedRowsOf(plan: PlanNode, table: string): number {
  return nodesOf(plan).filter((n) => n['Relation Name'] === table).reduce((sum, n) => sum + examinedBy(n), 0);
}

/** Big tables (of more than 1,000 rows) of which one scan node examined at least half the rows. */
export function wholeReadsOf(plan: PlanNode, rowsOf: Map<string, number>): string[] {
  return nodesOf(plan).filter((n) => {
    const table = n['Relation Name'];
    const total = table ? rowsOf.get(table) : undefined;
    if (!total || total <= 1000) return false;
    return examinedBy(n) >= total / 2;
  }).map((n) => n['Relation Name']!);
}

const READS = /^\s*(select|with)\b/i;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every read a page sent (writes and the session's own SET/BEGIN
 * left out); ANALYZE runs the read, which is only a read.
 */
export async function explainAll(pool: pg.Pool, queries: RecordedQuery[]): Promise<ExplainedQuery[]> {
  const out: ExplainedQuery[] = [];
  const sizes = await pool.query<{ name: string; rows: number }>(
    `SELECT relname AS name, greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE relkind = 'r' AND relname = ANY($1)`, [BIG_TABLES]);
  const rowsOf = new Map(sizes.rows.map((r) => [r.name, Number(r.rows)]));
  for (const q of queries) {
    if (!READS.test(q.text) || /\bfor update\b/i.test(q.text)) continue;
    const json = (await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, q.values)).rows[0]!['QUERY PLAN'][0];
    const text = (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${q.text}`, q.values)).rows.map((r) => r['QUERY PLAN']);
    out.push({
      text: q.text.replace(/\s+/g, ' ').trim(), plan: json.Plan, lines: text, executionMs: json['Execution Time'],
      sharedHit: Number(json.Plan['Shared Hit Blocks'] ?? 0), sharedRead: Number(json.Plan['Shared Read Blocks'] ?? 0),
      seqScans: seqScansOf(json.Plan), wholeReads: wholeReadsOf(json.Plan, rowsOf),
    });
  }
  return out;
}
