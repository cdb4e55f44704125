import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { ROOT } from '../config/root.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'embedded' | 'external';
  /** Where it is, for probes on their own connection (db/watchdog.ts). */
  url?: string;
  /** The embedded database's folder: /api/health looks at the room left on its disk. */
  dataDir?: string;
  close: () => Promise<void>;
}

// BIGINT (int8) columns hold para amounts far below 2^53: read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export const MIGRATIONS_FOLDER = path.join(ROOT, 'src/server/db/migrations');

/**
 * The app's limits on the database (docs/bad-days.md): a request waits at most
 * CONNECT_TIMEOUT_MS for a connection and a statement runs at most STATEMENT_TIMEOUT_MS, so a
 * database that stalls (a full disk, a restart after a PANIC) gives an error to answer 503
 * with, not a request left without an answer. Tools (backup, restore) have no statement limit.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
export const STATEMENT_TIMEOUT_MS = 8_000;

export function createPool(url: string, max = 10, limits: { statementTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const MIGRATION_LOCK_KEY = 7_311_043;

/** Applies pending migrations; safe when several instances start at once (advisory lock). */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may take longer than a request's statement limit (an index on a big table).
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

/** Creates the database named in `url` on its server if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
