import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/server/lib/free-port.ts';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` on the embedded PostgreSQL, as a user runs it: survives SIGKILL with its data,
 * refuses a second server on the same DATA_DIR, stops PostgreSQL on SIGTERM (issue 2).
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-life-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', SKIP_WEB_BUILD: 'true', DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return (await res.json()) as { status: string; database: string };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

function postmaster() {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

function alive(pid: number) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: postmaster().port, user: 'domace', password, database: 'domace' });
  await client.connect();
  try { return (await client.query<T>(sql)).rows; } finally { await client.end(); }
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  try { process.kill(postmaster().pid, 'SIGINT'); } catch { /* already stopped */ }
});

describe('the server lifecycle on the embedded PostgreSQL', () => {
  it('comes back with the same data after SIGKILL, refuses a second server, stops PostgreSQL on SIGTERM', async () => {
    const port = await freePort();
    const first = start(port);
    expect(await waitHealthy(port)).toEqual({ status: 'ok', database: 'embedded' });
    await query(`INSERT INTO users (email, password_hash, name) VALUES ('kill@test.rs', 'x', 'Survivor')`);

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmaster();
    expect(alive(orphan.pid)).toBe(true); // the killed app's PostgreSQL is left behind

    const second = start(port);
    await waitHealthy(port);
    expect(alive(orphan.pid)).toBe(false); // found and stopped
    expect(await query<{ name: string }>(`SELECT name FROM users WHERE email = 'kill@test.rs'`)).toEqual([{ name: 'Survivor' }]);

    const intruder = start(await freePort());
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/already running on this DATA_DIR/);
    await waitHealthy(port); // the running one is unharmed

    const pgPid = postmaster().pid;
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(alive(pgPid)).toBe(false);
  }, 180_000);
});
