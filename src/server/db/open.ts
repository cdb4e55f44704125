import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import { STATEMENT_TIMEOUT_MS, createDb, createPool, ensureDatabase, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { guardPrimary, isConnectionFailure } from './primary.ts';
import { createReadReplica } from './replica.ts';

type Log = (level: 'info' | 'warn' | 'debug' | 'error', msg: string) => void;

/**
 * Connections of the app's pool: on 2 cores 8 keep PostgreSQL busy (the uncached reads and
 * checkout were no faster with 10), and each backend costs memory, more after a load
 * (docs/performance.md, Memory).
 */
const POOL_SIZE = 8;

/**
 * Through a transaction pooler the app cannot set its statement limit when it connects: the
 * database (or role) must have it (docs/deployment.md). Said once at start when it does not.
 */
async function warnWithoutStatementLimit(pool: pg.Pool, log: Log): Promise<void> {
  const { rows } = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
  if (rows[0]?.statement_timeout === '0') {
    log('warn', `statement_timeout is 0 through DATABASE_URL (a pooler): a stalled statement would hold a request until it ends. Set it on the database: ALTER DATABASE <name> SET statement_timeout = '${STATEMENT_TIMEOUT_MS / 1000}s'`);
  }
}

/** Between two tries of the migrations while no primary answers. */
const MIGRATION_RETRY_MS = 2_000;

/**
 * Runs the migrations on `url` (its own connection). When no primary answers (a failover under
 * way), they are tried again every MIGRATION_RETRY_MS in the background and the instance starts
 * anyway, serving what it can (ADR 0046); any other failure stops the start as before.
 */
export async function migrateWhenReachable(run: () => Promise<void>, log: Log, retryMs = MIGRATION_RETRY_MS): Promise<{ pending: () => boolean; done: Promise<void>; stop: () => void }> {
  try {
    await run();
    return { pending: () => false, done: Promise.resolve(), stop: () => undefined };
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    log('warn', `no primary database to migrate (${(err as Error).message}): starting anyway, the migrations wait for it`);
  }
  let pending = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    const again = () => {
      timer = setTimeout(() => {
        if (stopped) return;
        run().then(() => {
          pending = false;
          log('info', 'the migrations ran: the primary database is back');
          resolve();
        }, (err: unknown) => {
          log('warn', `the migrations still wait for the primary database: ${(err as Error).message}`);
          again();
        });
      }, retryMs);
      timer.unref();
    };
    again();
  });
  return { pending: () => pending, done, stop: () => { stopped = true; clearTimeout(timer); } };
}

/**
 * The database (docs/architecture.md, Database): DATABASE_URL when set (any PostgreSQL >= 15),
 * otherwise the embedded PostgreSQL under DATA_DIR/pg. Migrations run before use.
 */
export async function openDatabase(config: Config, log: Log, onLost?: (err: Error) => void): Promise<Database> {
  if (config.databaseUrl) {
    // DATABASE_DIRECT_URL set: DATABASE_URL is a transaction pooler (ADR 0039); the session
    // advisory lock of the migrations and the LISTEN of the public cache need the direct one.
    const directUrl = config.databaseDirectUrl ?? config.databaseUrl;
    const pooled = config.databaseDirectUrl !== undefined;
    const raw = createPool(config.databaseUrl, POOL_SIZE, { statementTimeoutMs: STATEMENT_TIMEOUT_MS, pooled });
    const migrations = await migrateWhenReachable(async () => {
      const direct = pooled ? createPool(directUrl, 1) : raw;
      try { await runMigrations(direct); } finally { if (pooled) await direct.end(); }
    }, log);
    // Only a warning: a pooler slow to answer at start must not stop the app.
    if (pooled && !migrations.pending()) await warnWithoutStatementLimit(raw, log).catch((err: unknown) => log('warn', `could not read statement_timeout through DATABASE_URL: ${(err as Error).message}`));
    const primary = guardPrimary(raw, { url: directUrl, log });
    const pool = primary.pool;
    const replica = config.databaseReadUrl
      ? createReadReplica({
        primary: pool, replicaUrl: config.databaseReadUrl, createPool: (url, max) => createPool(url, max, { statementTimeoutMs: STATEMENT_TIMEOUT_MS }), log: (msg) => log('warn', msg),
        primaryDown: () => !primary.state().up,
      })
      : undefined;
    const routed = replica?.routed ?? pool;
    return {
      db: createDb(routed), pool: routed, kind: 'external', url: config.databaseUrl, directUrl, ...(replica ? { replica } : {}),
      primary: { state: primary.state },
      ...(migrations.pending() ? { migrations: { pending: migrations.pending, done: migrations.done } } : {}),
      close: async () => { migrations.stop(); primary.stop(); await replica?.close(); await raw.end(); },
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg'), log, ...(onLost ? { onLost } : {}) });
  try {
    const url = embedded.url('domace');
    await ensureDatabase(url);
    const pool = createPool(url, POOL_SIZE, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    await runMigrations(pool);
    return {
      db: createDb(pool),
      pool,
      kind: 'embedded',
      url,
      directUrl: url,
      dataDir: embedded.clusterDir,
      close: async () => {
        await pool.end().catch(() => undefined);
        await embedded.stop();
      },
    };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}
