import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { freePort } from '../config/free-port.ts';

/**
 * Rate limits while Redis is away (docs/decisions/0027-rate-limits-without-redis.md): no 500,
 * no waiting, the auth limits hold in each instance's memory, and shared again once Redis is back.
 */

const login = (t: TestApp, email: string, ip: string) => t.app.inject({
  method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong password 1' }, remoteAddress: ip,
});
const signup = (t: TestApp, email: string, ip: string) => t.app.inject({
  method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough 123', name: 'Марија Николић', userType: 'customer' }, remoteAddress: ip,
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const hasRedisServer = (() => {
  try {
    return fs.statSync('/usr/bin/redis-server').isFile() || fs.statSync('/usr/local/bin/redis-server').isFile();
  } catch {
    return false;
  }
})();

/** A redis-server of this test's own, on its own port (never the machine's shared one). */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.on('connect', () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (up) return child;
    if (Date.now() > until) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('rate limits with Redis down', () => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });

  it('login and signup never answer 500 and their limits still hold (in memory) when Redis is unreachable', async () => {
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    apps.push(t);
    const email = `nobody-${randomUUID().slice(0, 8)}@test.rs`;
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(t, email, '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const refused = await login(t, email, '198.51.100.7');
    expect(refused.json().code).toBe('auth.rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const signups: number[] = [];
    const newEmail = `new-${randomUUID().slice(0, 8)}@test.rs`;
    for (let i = 0; i < 6; i++) signups.push((await signup(t, newEmail, '198.51.100.8')).statusCode);
    expect(signups.filter((s) => s >= 500)).toEqual([]);
    expect(signups[5]).toBe(429);
    // No Redis call was waited for (a hung Redis costs a request at most REDIS_TIMEOUT_MS).
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it.skipIf(!hasRedisServer)('counts in memory while Redis is killed, and shares the counters again once it is back', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-redis-'));
    let redis = await startRedis(port, dir);
    try {
      const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
      const a = await createTestApp(env);
      apps.push(a);
      const b = await createTestApp(env);
      apps.push(b);

      redis.kill('SIGKILL');
      await once(redis, 'exit');
      // Redis down: each instance counts on its own, nobody gets a 500.
      const down = `down-${randomUUID().slice(0, 8)}@test.rs`;
      const whileDown: number[] = [];
      for (let i = 0; i < 20; i++) whileDown.push((await login(i % 2 ? b : a, down, '198.51.100.9')).statusCode);
      expect(whileDown).toEqual(Array(20).fill(401));

      redis = await startRedis(port, dir);
      // ioredis reconnects by itself (within its ~2 s back-off), each instance on its own: wait
      // until both count in Redis again (a probe account of each is a key there).
      const redisReply = (command: string) => new Promise<string>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(`${command}\r\n`));
        s.once('data', (d) => { s.destroy(); resolve(d.toString()); });
        s.on('error', () => resolve(''));
      });
      const inRedis = async (email: string) => /^\*[1-9]/.test(await redisReply(`KEYS *${email}*`));
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const [pa, pb] = [`probe-a-${randomUUID().slice(0, 8)}@test.rs`, `probe-b-${randomUUID().slice(0, 8)}@test.rs`];
        await login(a, pa, '198.51.100.10');
        await login(b, pb, '198.51.100.11');
        if (await inRedis(pa) && await inRedis(pb)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Back: one budget of 20 per account shared by both instances.
      const shared = `shared-${randomUUID().slice(0, 8)}@test.rs`;
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await login(i % 2 ? b : a, shared, `198.51.100.${20 + (i % 2)}`)).statusCode);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses[20]).toBe(429);
    } finally {
      redis.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
