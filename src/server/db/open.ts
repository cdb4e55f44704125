import path from 'node:path';
import type { Config } from '../config/env.ts';
import { STATEMENT_TIMEOUT_MS, createDb, createPool, ensureDatabase, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

type Log = (level: 'info' | 'warn' | 'debug' | 'error', msg: string) => void;

/**
 * Connections of the app's pool: on 2 cores 8 keep PostgreSQL busy (the uncached reads and
 * checkout were no faster with 10), and each backend costs memory, more after a load
 * (docs/performance.md, Memory).
 */
const POOL_SIZE = 8;

/**
 * The database (docs/architecture.md, Database): DATABASE_URL when set (any PostgreSQL >= 15),
 * otherwise the embedded PostgreSQL under DATA_DIR/pg. Migrations run before use.
 */
export async function openDatabase(config: Config, log: Log, onLost?: (err: Error) => void): Promise<Database> {
  if (config.databaseUrl) {
    const pool = createPool(config.databaseUrl, POOL_SIZE, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    await runMigrations(pool);
    return { db: createDb(pool), pool, kind: 'external', url: config.databaseUrl, close: () => pool.end() };
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
