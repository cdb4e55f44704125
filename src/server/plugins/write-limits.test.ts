import net from 'node:net';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/users.ts';
import { parseEnv } from '../config/env.ts';

/** Per-user and per-IP limits on every write under /api (plugins/write-limits.ts). */
describe('write limits per signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ RATE_LIMIT_WRITES_PER_USER: '3', RATE_LIMIT_WRITES_PER_IP: '1000' }); });
  afterAll(async () => { await t?.close(); });

  it('answers 429 rate_limited with Retry-After past the limit, writes nothing then, and leaves other users and reads alone', async () => {
    const producer = await createUser(t, { userType: 'producer' });
    const buyer = await createUser(t);
    const follow = (method: 'PUT' | 'DELETE', who = buyer) => t.app.inject({ method, url: `/api/households/${producer.id}/follow`, headers: who.headers });

    expect((await follow('PUT')).statusCode).toBe(200);
    expect((await follow('DELETE')).statusCode).toBe(200);
    expect((await follow('PUT')).statusCode).toBe(200);
    const refused = await follow('DELETE');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/try again/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The refused unfollow did not happen.
    const household = await t.app.inject({ url: `/api/households/${producer.id}`, headers: buyer.headers });
    expect(household.statusCode).toBe(200);
    expect(household.json()).toMatchObject({ isFollowing: true });
    // Reads are not counted.
    for (let i = 0; i < 10; i++) expect((await t.app.inject({ url: '/api/products', headers: buyer.headers })).statusCode).toBe(200);

    // Another user on the same IP has a budget of their own.
    const neighbour = await createUser(t);
    expect((await follow('PUT', neighbour)).statusCode).toBe(200);

    // An order (checkout) by the limited user is refused before it is looked at.
    const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': 'k-1' }, payload: { items: [] } });
    expect(order.statusCode).toBe(429);
  });

  it('counts a user by their token, whichever IP they come from', async () => {
    const producer = await createUser(t, { userType: 'producer' });
    const buyer = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: i % 2 ? 'DELETE' : 'PUT', url: `/api/households/${producer.id}/follow`, headers: buyer.headers, remoteAddress: `10.0.0.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('write limits per IP', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ RATE_LIMIT_WRITES_PER_USER: '1000', RATE_LIMIT_WRITES_PER_IP: '4' }); });
  afterAll(async () => { await t?.close(); });

  it('limits anonymous and forged-token writes by IP, separately for each IP', async () => {
    const post = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'k', ...headers }, payload: { items: [] }, remoteAddress });
    const fromA: number[] = [];
    for (let i = 0; i < 3; i++) fromA.push((await post('192.0.2.10')).statusCode);
    // A token that does not verify does not buy a fresh budget.
    fromA.push((await post('192.0.2.10', { authorization: 'Bearer forged.token.value' })).statusCode);
    fromA.push((await post('192.0.2.10', { authorization: 'Bearer another.forged.token' })).statusCode);
    expect(fromA).toEqual([401, 401, 401, 401, 429]);
    expect((await post('192.0.2.11')).statusCode).toBe(401); // another IP is not affected
    // Reads from the limited IP still work.
    expect((await t.app.inject({ url: '/api/products', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
  });
});

/** REDIS_URL (or 127.0.0.1:6379) when a Redis answers there. */
async function reachableRedis(): Promise<string | undefined> {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const ok = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    const done = (answer: boolean) => { socket.destroy(); resolve(answer); };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => done(true));
  });
  return ok ? url.toString() : undefined;
}

describe('write limits in Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });

  it('shares one budget per IP between two instances', async (ctx) => {
    const redisUrl = await reachableRedis();
    if (!redisUrl) {
      if (process.env.CI) throw new Error('CI is set but no Redis answers: this must not be skipped');
      ctx.skip();
      return;
    }
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_WRITES_PER_USER: '1000', RATE_LIMIT_WRITES_PER_IP: '4' };
    const a = await createTestApp(env);
    apps.push(a);
    const b = await createTestApp(env);
    apps.push(b);
    // An address of its own per run: the Redis may be shared with other runs.
    const ip = `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? b.app : a.app;
      statuses.push((await app.inject({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'k' }, payload: { items: [] }, remoteAddress: ip })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('never answers 500 when the Redis is unreachable: the limit is counted in memory meanwhile', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_WRITES_PER_USER: '2', RATE_LIMIT_WRITES_PER_IP: '2' });
    apps.push(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'k' }, payload: { items: [] } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

describe('write limit configuration', () => {
  it('is on with generous defaults in production, off under NODE_ENV=test unless set, and 0 turns it off', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).writeLimits).toEqual({ perUser: 300, perIp: 1200 });
    expect(parseEnv({ NODE_ENV: 'test' }).writeLimits).toEqual({ perUser: 0, perIp: 0 });
    expect(parseEnv({ NODE_ENV: 'production', RATE_LIMIT_WRITES_PER_USER: '0', RATE_LIMIT_WRITES_PER_IP: '50' }).writeLimits).toEqual({ perUser: 0, perIp: 50 });
    expect(() => parseEnv({ RATE_LIMIT_WRITES_PER_IP: '-1' })).toThrow(/RATE_LIMIT_WRITES_PER_IP/);
  });
});
