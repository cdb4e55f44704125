import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { ROOT } from '../config/root.ts';
import type { PrimaryState } from './primary.ts';
import type { ReadReplica } from './replica.ts';

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
  /** The same database without a pooler (DATABASE_DIRECT_URL, else `url`): LISTEN, migrations, tools. */
  directUrl?: string;
  /** DATABASE_READ_URL's replica; `pool` is then the routing pool (db/replica.ts). */
  replica?: ReadReplica;
  /** An external database's primary as last probed (db/primary.ts): down = writes answer 503 at once. */
  primary?: { state: () => PrimaryState };
  /**
   * Migrations still waiting for a primary (an instance started during a failover): retried in
   * the background; `done` settles once they ran.
   */
  migrations?: { pending: () => boolean; done: Promise<void> };
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

/**
 * A client for a transaction-mode pooler (PgBouncer 1.18, Debian 12's; ADR 0039): each
 * transaction may run on another server connection, so a named prepared statement made on one
 * is unknown on the next. Its queries go unnamed (parsed each time, like any drizzle query).
 */
/**
 * A client that never crashes the process when its connection dies while it is checked out
 * between two queries (a PgBouncer or PostgreSQL restart): pg emits 'error' then, and without a
 * listener that is an uncaught exception. Its next query fails (answered 503 by
 * plugins/errors.ts) and the pool drops it on release.
 */
class SturdyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

class PooledClient extends SturdyClient {
  override query(...args: unknown[]): never {
    const [first] = args;
    if (first && typeof first === 'object' && 'name' in first && (first as { name?: unknown }).name) {
      const { name: _unnamed, ...rest } = first as Record<string, unknown>;
      args[0] = rest;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export interface PoolOptions {
  statementTimeoutMs?: number;
  /**
   * `url` is a transaction-mode pooler: no named prepared statements, and no statement_timeout
   * sent at connect (PgBouncer 1.18 refuses unknown startup parameters; the limit is set on
   * the database instead: docs/deployment.md).
   */
  pooled?: boolean;
}

export function createPool(url: string, max = 10, limits: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(limits.statementTimeoutMs && !limits.pooled ? { statement_timeout: limits.statementTimeoutMs } : {}),
    Client: limits.pooled ? PooledClient : SturdyClient,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const MIGRATION_LOCK_KEY = 7_311_043;

/**
 * Applies pending migrations; safe when several instances start at once (a session advisory
 * lock: give it a pool WITHOUT a transaction pooler in between, DATABASE_DIRECT_URL).
 */
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
