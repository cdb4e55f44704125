import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Direct connections to the app's database, for generating data and checking results.
 * The embedded cluster's port is the 4th line of DATA_DIR/pg/postmaster.pid; the password is
 * in DATA_DIR/.pg-password (see src/server/db/embedded-postgres.ts).
 */

// BIGINT (para) as numbers, like the app.
pg.types.setTypeParser(20, (v) => Number(v));

function clusterDir(dataDir: string): string {
  const requested = path.join(dataDir, 'pg');
  // As root, an unreachable DATA_DIR moves the cluster elsewhere and says where.
  const moved = path.join(dataDir, 'pg-location.txt');
  if (!fs.existsSync(path.join(requested, 'postmaster.pid')) && fs.existsSync(moved)) return fs.readFileSync(moved, 'utf8').trim();
  return requested;
}

/** The postmaster's pid and port while it runs. */
export function postmaster(dataDir: string): { pid: number; port: number } | null {
  const file = path.join(clusterDir(dataDir), 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid && port ? { pid, port } : null;
}

export function embeddedUrl(dataDir: string, database = 'domace'): string {
  const pm = postmaster(dataDir);
  if (!pm) throw new Error(`No running embedded PostgreSQL in ${dataDir}`);
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://domace:${encodeURIComponent(password)}@127.0.0.1:${pm.port}/${database}`;
}

export function connect(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

/** A pool on the database the app uses: DATABASE_URL when given, else the embedded one. */
export function connectApp(dataDir: string, databaseUrl?: string, max = 4): pg.Pool {
  return connect(databaseUrl ?? embeddedUrl(dataDir), max);
}

/** Creates a fresh database on an external server (admin URL points at any database). */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Stops a postmaster left running in `dataDir` (after a SIGKILLed app), so nothing leaks. */
export async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pm = postmaster(dataDir);
  if (!pm) return;
  try { process.kill(pm.pid, 'SIGINT'); } catch { return; }
  for (let i = 0; i < 200; i += 1) {
    try { process.kill(pm.pid, 0); } catch { return; }
    await new Promise((r) => setTimeout(r, 50));
  }
}
