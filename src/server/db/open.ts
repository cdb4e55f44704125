import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import { STATEMENT_TIMEOUT_MS, createDb, createPool, ensureDatabase, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
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
    const pool = createPool(config.databaseUrl, POOL_SIZE, { statementTimeoutMs: STATEMENT_TIMEOUT_MS, pooled });
    if (pooled) {
      const direct = createPool(directUrl, 1);
      try { await runMigrations(direct); } finally { await direct.end(); }
      // Only a warning: a pooler slow to answer at start must not stop the app.
      await warnWithoutStatementLimit(pool, log).catch((err: unknown) => log('warn', `could not read statement_timeout through DATABASE_URL: ${(err as Error).message}`));
    } else await runMigrations(pool);
    const replica = config.databaseReadUrl
      ? createReadReplica({ primary: pool, replicaUrl: config.databaseReadUrl, createPool: (url, max) => createPool(url, max, { statementTimeoutMs: STATEMENT_TIMEOUT_MS }), log: (msg) => log('warn', msg) })
      : undefined;
    const routed = replica?.routed ?? pool;
    return {
      db: createDb(routed), pool: routed, kind: 'external', url: config.databaseUrl, directUrl, ...(replica ? { replica } : {}),
      close: async () => { await replica?.close(); await pool.end(); },
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
