import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/server/config/free-port.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';

/**
 * `npm start` on the embedded PostgreSQL, as a user runs it: survives SIGKILL with its data,
 * refuses a second server on the same DATA_DIR, stops PostgreSQL on SIGTERM.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-life-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', SKIP_WEB_BUILD: 'true', DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'info', ...env },
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

function postmaster(dir = dataDir) {
  const lines = fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
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

const cleanups: Array<() => void | Promise<void>> = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  try { process.kill(postmaster().pid, 'SIGINT'); } catch { /* already stopped */ }
  for (const clean of cleanups) await clean();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not so after ${timeoutMs} ms`);
    await sleep(10);
  }
}

async function health(port: number): Promise<number | 'refused'> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 'refused';
  }
}

/** A relay that accepts SMTP connections and never says a word. */
async function hangingSmtp(): Promise<number> {
  const sockets: net.Socket[] = [];
  const relay = net.createServer((s) => { sockets.push(s); s.on('error', () => undefined); });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  cleanups.push(() => { for (const s of sockets) s.destroy(); relay.close(); });
  return (relay.address() as net.AddressInfo).port;
}

/** A TCP proxy to the test PostgreSQL that can be cut, as a network or a database going away. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) s.on('error', () => undefined).on('close', () => sockets.delete(s));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const cut = () => { server.close(); for (const s of sockets) s.destroy(); };
  cleanups.push(cut);
  return { port: (server.address() as net.AddressInfo).port, cut };
}

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

describe('the database going away under the app', () => {
  it('restarts the embedded PostgreSQL after kill -9 of its postmaster, answering 503 meanwhile, within 45 s', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-death-'));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const app = start(port, { DATA_DIR: dir });
    await waitHealthy(port);
    const killed = postmaster(dir);
    const statuses = new Set<number | 'refused'>();
    const t0 = Date.now();
    process.kill(killed.pid, 'SIGKILL');
    let recoveredAt: number | undefined;
    while (Date.now() - t0 < 45_000 && app.child.exitCode === null) {
      const status = await health(port);
      statuses.add(status);
      if (status === 200 && statuses.has(503)) { recoveredAt = Date.now(); break; }
      await sleep(100);
    }
    const elapsed = (recoveredAt ?? Date.now()) - t0;
    console.log(`recover after kill -9 of the embedded postmaster: ${elapsed} ms (statuses seen: ${[...statuses].join(', ')})`);
    expect(statuses.has(503)).toBe(true); // it told the truth while the database was down
    expect(recoveredAt).toBeDefined(); // and came back by itself, the same process
    expect(app.child.exitCode).toBeNull();
    expect(elapsed).toBeLessThan(45_000);
    const fresh = postmaster(dir);
    expect(fresh.pid).not.toBe(killed.pid);
    expect(fresh.port).toBe(killed.port); // same port: the pool reconnects on its own

    // Writes work again (a signup reaches the database), and SIGTERM stops the new PostgreSQL too.
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-crash@test.rs', password: 'lozinka-posle-pada', name: 'Posle Pada', userType: 'buyer' }),
    });
    expect(signup.status).toBeLessThan(500);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(alive(fresh.pid)).toBe(false);
  }, 120_000);

  it('exits non-zero within the bound when an external DATABASE_URL stays unreachable', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // needs the test PostgreSQL server
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.close());
    const target = new URL(database.url);
    const proxy = await cuttableProxy(target);
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-extdb-'));
    const port = await freePort();
    const app = start(port, { DATA_DIR: dir, DATABASE_URL: viaProxy.toString(), DB_DOWN_EXIT_SECONDS: '10' });
    expect(await waitHealthy(port)).toEqual({ status: 'ok', database: 'external' });

    const t0 = Date.now();
    proxy.cut();
    let saw503 = false;
    while (app.child.exitCode === null && Date.now() - t0 < 45_000) {
      if ((await health(port)) === 503) saw503 = true;
      await sleep(250);
    }
    const code = await Promise.race([app.exited, sleep(1000).then(() => 'still running' as const)]);
    const elapsed = Date.now() - t0;
    console.log(`exit after the external database became unreachable: ${elapsed} ms (code ${code})`);
    expect(saw503).toBe(true);
    expect(code).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(9_000); // not at the first failed probe: 10 s were asked
    expect(elapsed).toBeLessThan(45_000);
  }, 90_000);
});

describe('a stale postmaster.pid', () => {
  it('never leads to signalling an unrelated process that got the same pid', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-stale-'));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const first = start(port, { DATA_DIR: dir });
    await waitHealthy(port);
    const { port: pgPort } = postmaster(dir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // After a reboot the pid in the file belongs to someone else: here, a `sleep`.
    const bystander = spawn('sleep', ['300'], { stdio: 'ignore' });
    cleanups.push(() => { bystander.kill('SIGKILL'); });
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    fs.writeFileSync(pidFile, `${bystander.pid}\n${path.join(dir, 'pg')}\n1700000000\n${pgPort}\n\n127.0.0.1\n  5432001  0\nready\n`);
    const stat = fs.statSync(path.join(dir, 'pg'));
    fs.chownSync(pidFile, stat.uid, stat.gid);

    const second = start(port, { DATA_DIR: dir });
    await waitHealthy(port);
    expect(alive(bystander.pid!)).toBe(true);
    expect(bystander.exitCode).toBeNull();
    expect(bystander.signalCode).toBeNull();
    expect(second.output()).toMatch(/not a PostgreSQL for/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

describe('SIGTERM with a mail backlog', () => {
  it('stops within 10 s, PostgreSQL included, after a SIGKILL left a backlog, an old postmaster and a relay that never answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-backlog-'));
    fs.chmodSync(dir, 0o755);
    const smtpPort = await hangingSmtp();
    const env = { DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const port = await freePort();
    const first = start(port, env);
    await waitHealthy(port);
    const password = fs.readFileSync(path.join(dir, '.pg-password'), 'utf8').trim();
    const client = new pg.Client({ host: '127.0.0.1', port: postmaster(dir).port, user: 'domace', password, database: 'domace' });
    await client.connect();
    await client.query(`INSERT INTO mail_outbox ("to", subject, text, html) SELECT 'kupac' || i || '@test.rs', 'Поруџбина ' || i, 'текст', '<p>текст</p>' FROM generate_series(1, 3000) AS i`);
    await client.end();

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmaster(dir);
    expect(alive(orphan.pid)).toBe(true);

    const second = start(port, env);
    await waitHealthy(port);
    await sleep(1000); // the outbox is at work on the backlog, stuck on the relay
    const pgPid = postmaster(dir).pid;
    const t0 = Date.now();
    second.child.kill('SIGTERM');
    const code = await second.exited;
    const stopMs = Date.now() - t0;
    console.log(`SIGTERM with a 3000-mail backlog and a hanging relay: stopped in ${stopMs} ms`);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    expect(alive(pgPid)).toBe(false);
    expect(alive(orphan.pid)).toBe(false);

    // Nothing was lost or marked sent: the backlog waits for the next start.
    const third = start(port, { ...env, SMTP_URL: '' });
    await waitHealthy(port);
    const check = new pg.Client({ host: '127.0.0.1', port: postmaster(dir).port, user: 'domace', password, database: 'domace' });
    await check.connect();
    const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    await check.end();
    expect(rows[0]!.n).toBe(3000);
    const t1 = Date.now();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    console.log(`SIGTERM while draining 3000 mails to files: stopped in ${Date.now() - t1} ms`);
    expect(Date.now() - t1).toBeLessThan(10_000);
  }, 180_000);

  it('stops a PostgreSQL a killed app left behind even when SIGTERM comes while the new app is still loading', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-early-'));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const first = start(port, { DATA_DIR: dir });
    await waitHealthy(port);
    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmaster(dir);
    expect(alive(orphan.pid)).toBe(true);

    const second = start(port, { DATA_DIR: dir });
    // As soon as the app handles signals (Node's own start dies of SIGTERM, as any process
    // would before its code runs), while it still opens the database and loads.
    await waitFor(() => /opening the database while the server loads/.test(second.output()));
    const t0 = Date.now();
    second.child.kill('SIGTERM');
    const code = await second.exited;
    if (code !== 0) console.log(`exit ${code} (${second.child.signalCode}); the app printed:\n${second.output()}`);
    expect(code).toBe(0);
    const stopMs = Date.now() - t0;
    console.log(`SIGTERM as the app began to load, with a killed app's PostgreSQL left running: stopped in ${stopMs} ms`);
    expect(stopMs).toBeLessThan(10_000);
    await sleep(200);
    expect(alive(orphan.pid)).toBe(false);
    // No PostgreSQL of this data directory runs any more.
    const ours = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
      try { return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(path.join(dir, 'pg')); } catch { return false; }
    });
    expect(ours).toEqual([]);
  }, 120_000);
});
