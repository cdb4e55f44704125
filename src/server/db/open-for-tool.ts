import path from 'node:path';
import { ConfigError, parseEnv, type Config } from '../config/env.ts';
import { createDb, createPool, runMigrations, type Database } from './client.ts';
import { runningEmbeddedUrl } from './embedded-postgres.ts';
import { openDatabase } from './open.ts';

/**
 * The app's database for a command-line tool (npm run admin, npm run backup): DATABASE_DIRECT_URL
 * or DATABASE_URL when set; else the embedded PostgreSQL of the app running on DATA_DIR; else the embedded
 * PostgreSQL started for the tool's run and stopped after it.
 */
export async function openDatabaseForTool(config: Config, log: (msg: string) => void = () => undefined, { connections = 2 } = {}): Promise<Omit<Database, 'url'> & { url: string | null }> {
  const running = config.databaseUrl ? null : runningEmbeddedUrl(path.join(config.dataDir, 'pg'));
  // Tools hold sessions (pg_dump's snapshot, the migrations' lock): never through a pooler.
  const url = config.databaseDirectUrl ?? config.databaseUrl ?? running;
  if (url) {
    const pool = createPool(url, connections);
    await runMigrations(pool);
    return { db: createDb(pool), pool, kind: config.databaseUrl ? 'external' : 'embedded', url, close: () => pool.end() };
  }
  const database = await openDatabase(config, (level, msg) => { if (level !== 'debug') log(msg); });
  return { ...database, url: database.url ?? null };
}

/** The configuration for a command-line tool, or null after printing what is wrong with it. */
export function toolConfig(): Config | null {
  try {
    return parseEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return null;
    }
    throw err;
  }
}
