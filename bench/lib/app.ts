import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/config/free-port.ts';

/**
 * Starts the real app (`node scripts/start.mjs`) as a child process on 127.0.0.1 and waits
 * for GET /api/health. Used by every benchmark; the app is never imported in-process, so
 * what is measured is what `npm start` runs.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppOptions {
  dataDir: string;
  port?: number;
  /** External PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
}

export interface AppHandle {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** ms from spawn to the first 200 from /api/health. */
  startupMs: number;
  exited: Promise<number | null>;
  /** Last lines the app wrote to stderr/stdout (for error messages). */
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** SIGTERM and wait: the app closes HTTP, its pool and its embedded PostgreSQL. */
  stop: () => Promise<void>;
}

/** A fresh DATA_DIR under the temp dir, reachable by the `postgres` user (mode 755). */
export function makeDataDir(label = 'bench'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `domace-${label}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function isHealthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The node flags of `npm start` (package.json), so that the bench runs what it runs. */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return (pkg.scripts.start ?? '').split(/\s+/).filter((a) => a.startsWith('--'));
}

export async function startApp(options: AppOptions): Promise<AppHandle> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'false',
    SKIP_WEB_BUILD: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    // 50 buyers on one IP place ~500 orders/s: far above the write limits meant for people.
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    RATE_LIMIT_WRITES_PER_IP: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
    ...options.env,
  };
  const started = performance.now();
  // BENCH_NODE_ARGS adds node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the app.
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...startNodeFlags(), ...extraArgs, path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => { tail = (tail + chunk.toString('utf8')).slice(-16_000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { exitCode = code; resolve(code); }));

  const timeout = options.healthTimeoutMs ?? 60_000;
  while (!(await isHealthy(url))) {
    if (exitCode !== undefined) throw new Error(`The app exited (code ${exitCode}) before it was healthy:\n${tail}`);
    if (performance.now() - started > timeout) {
      child.kill('SIGKILL');
      throw new Error(`The app was not healthy after ${timeout} ms:\n${tail}`);
    }
    await sleep(20);
  }
  const startupMs = performance.now() - started;

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (exitCode !== undefined) return;
    child.kill(signal);
    await exited;
  };
  return {
    url, port, pid: child.pid!, dataDir: options.dataDir, child, startupMs, exited,
    output: () => tail,
    kill,
    stop: async () => {
      if (exitCode !== undefined) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await kill('SIGTERM');
      clearTimeout(force);
    },
  };
}

export { freePort };
