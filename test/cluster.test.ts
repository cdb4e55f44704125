import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { freePort } from '../src/server/config/free-port.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findNginx, startNginx } from '../scripts/lib/nginx.mjs';
import { createDb, createPool, type Db } from '../src/server/db/client.ts';
import { households, orderItems, orders, products, sessions, users } from '../src/server/db/schema.ts';
import { belgradeDateOf } from '../src/shared/time.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { createTokens } from '../src/server/lib/tokens.ts';

/**
 * Beyond one machine: two app instances (`node scripts/start.mjs`, as in production)
 * on one PostgreSQL, behind nginx, with Redis for rate limits when it answers. Requests
 * alternate, writes on one are read at once on the other, limits are shared, the checkout
 * race still sells exactly the stock, and killing an instance mid-load loses no acknowledged order.
 */
const root = path.resolve(import.meta.dirname, '..');
const nginxBin = findNginx();
const log = (msg: string) => console.log(`[cluster] ${msg}`);

if (!nginxBin) {
  const message = 'nginx is not installed (/usr/sbin/nginx or NGINX): the two-instance cluster test cannot run. apt-get install -y nginx-light';
  if (process.env.CI) throw new Error(`${message} (CI is set: this must not be skipped)`);
  console.warn(`\n${'!'.repeat(100)}\n!! SKIPPED test/cluster.test.ts: ${message}\n${'!'.repeat(100)}\n`);
}

/** REDIS_URL (or 127.0.0.1:6379) when a Redis answers PING there. */
async function reachableRedis(): Promise<string | undefined> {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const answered = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(url.password ? `AUTH ${decodeURIComponent(url.password)}\r\nPING\r\n` : 'PING\r\n'));
    socket.on('data', (d: Buffer) => { if (d.toString().includes('PONG')) done(true); else if (d.toString().startsWith('-')) done(false); });
  });
  return answered ? url.toString() : undefined;
}

interface Instance { name: string; port: number; child: ChildProcess; output: () => string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JWT_SECRET = randomBytes(36).toString('base64url');
const PASSWORD = 'Lozinka-za-klaster-1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-cluster-'));
fs.chmodSync(dataDir, 0o755);

let adminUrl: string;
let dbName: string;
let pool: pg.Pool;
let db: Db;
let redisUrl: string | undefined;
let lbPort: number;
let lb: string;
const instances: Instance[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const tokens = createTokens(JWT_SECRET);

function startInstance(name: string, port: number, databaseUrl: string): Instance {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, LANG: process.env.LANG,
    NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media'),
    DATABASE_URL: databaseUrl, JWT_SECRET, SKIP_WEB_BUILD: 'true', SEED_DEMO: 'false', TRUST_PROXY: 'true',
    INSTANCE_NAME: name, LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1',
    // The checkout loads below are far above the write limits meant for people.
    RATE_LIMIT_WRITES_PER_USER: '1000000', RATE_LIMIT_WRITES_PER_IP: '1000000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  return { name, port, child, output: () => output };
}

async function waitHealthy(instance: Instance, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited (${instance.child.exitCode}):\n${instance.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await sleep(200);
  }
  throw new Error(`${instance.name} did not become healthy:\n${instance.output()}`);
}

const direct = (i: number) => `http://127.0.0.1:${instances[i]!.port}`;

async function createAccount(opts: { userType?: 'customer' | 'producer'; passwordHash?: string } = {}) {
  const id = randomUUID();
  const userType = opts.userType ?? 'customer';
  const email = `${userType}-${id.slice(0, 8)}@klaster.rs`;
  const name = userType === 'producer' ? 'Петар Петровић' : 'Марија Николић';
  await db.insert(users).values({ id, email, name, userType, passwordHash: opts.passwordHash ?? 'not-used', confirmedAt: new Date(), phone: '+381641234567' });
  if (userType === 'producer') await db.insert(households).values({ id, name: `Домаћинство ${id.slice(0, 4)}`, location: 'Лесковац', description: 'Домаћи производи.' });
  const [session] = await db.insert(sessions).values({ userId: id }).returning({ id: sessions.id });
  const { accessToken } = await tokens.sign({ id, email, name, userType }, session!.id);
  return { id, email, authorization: `Bearer ${accessToken}` };
}

/** Many buyers at once, each with a session and an access token signed with the shared secret. */
async function createBuyers(n: number) {
  const rows = Array.from({ length: n }, () => {
    const id = randomUUID();
    return { id, email: `buyer-${id.slice(0, 12)}@klaster.rs`, name: 'Купац', userType: 'customer' as const, passwordHash: 'not-used', confirmedAt: new Date(), phone: '+381641234567' };
  });
  await db.insert(users).values(rows);
  const made = await db.insert(sessions).values(rows.map((r) => ({ userId: r.id }))).returning({ id: sessions.id, userId: sessions.userId });
  return Promise.all(made.map(async (s) => {
    const user = rows.find((r) => r.id === s.userId)!;
    const { accessToken } = await tokens.sign(user, s.id);
    return { id: user.id, authorization: `Bearer ${accessToken}` };
  }));
}

async function createProduct(householdId: string, stock: number | null, name = 'Домаћи сир') {
  const [row] = await db.insert(products).values({ householdId, name, pricePara: 75_000, unit: 'kg', category: 'dairy', availability: true, stock }).returning({ id: products.id });
  return row!.id;
}

const checkoutBody = (productId: string) => JSON.stringify({
  items: [{ productId, quantity: 1 }], deliveryType: 'pickup', pickupDate: belgradeDateOf(new Date(Date.now() + 24 * 3600_000)), pickupTime: '10:30', contactPhone: '+381641234567',
});

function checkout(base: string, authorization: string, productId: string, key: string) {
  return fetch(`${base}/api/orders`, {
    method: 'POST', headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key }, body: checkoutBody(productId),
  });
}

const stockOf = async (id: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe.skipIf(!nginxBin)('two instances behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    const started = Date.now();
    adminUrl = inject('pgAdminUrl');
    dbName = `domace_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    redisUrl = await reachableRedis();
    if (!redisUrl) console.warn(`\n${'!'.repeat(100)}\n!! No Redis answers at ${process.env.REDIS_URL || 'redis://127.0.0.1:6379'}: rate limits are per instance; the shared-limit test is SKIPPED.\n${'!'.repeat(100)}\n`);

    // Both start at once on an empty database: the migrations' advisory lock lets one migrate.
    const ports = [await freePort(), await freePort()];
    instances.push(startInstance('app1', ports[0]!, url.toString()), startInstance('app2', ports[1]!, url.toString()));
    await Promise.all(instances.map((i) => waitHealthy(i)));
    lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    nginx = await startNginx({ bin: nginxBin, dir: path.join(dataDir, 'nginx'), port: lbPort, upstreams: ports, stdio: 'ignore' });

    pool = createPool(url.toString(), 20);
    db = createDb(pool);
    log(`2 instances (:${ports.join(', :')}) behind nginx :${lbPort}, PostgreSQL ${dbName}, ${redisUrl ? `Redis ${redisUrl}` : 'no Redis'}; up in ${Date.now() - started} ms`);
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
    nginx?.child.kill('SIGTERM');
    const deadline = sleep(15_000);
    await Promise.race([Promise.all(instances.map((i) => (i.child.exitCode === null && i.child.signalCode === null ? new Promise((r) => i.child.once('exit', r)) : null))), deadline]);
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await pool?.end();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).finally(() => admin.end());
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('alternates a buyer\'s requests between the instances, and the buyer\'s session works on both', async () => {
    const buyer = await createAccount({ passwordHash: await hashPassword(PASSWORD) });
    const login = await fetch(`${lb}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: buyer.email, password: PASSWORD }) });
    expect(login.status).toBe(200);
    let session = await login.json() as { accessToken: string; refreshToken: string };

    const answeredBy: string[] = [];
    for (let i = 0; i < 10; i++) {
      if (i === 5) {
        // A refresh token issued by one instance is rotated by whichever gets the request.
        const refreshed = await fetch(`${lb}/api/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: session.refreshToken }) });
        expect(refreshed.status).toBe(200);
        answeredBy.push(refreshed.headers.get('x-instance')!);
        session = await refreshed.json() as typeof session;
        continue;
      }
      const me = await fetch(`${lb}/api/me`, { headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(me.status).toBe(200);
      expect((await me.json() as { email: string }).email).toBe(buyer.email);
      answeredBy.push(me.headers.get('x-instance')!);
    }
    log(`answered by: ${answeredBy.join(' ')}`);
    expect(new Set(answeredBy)).toEqual(new Set(['app1', 'app2']));
    for (let i = 1; i < answeredBy.length; i++) expect(answeredBy[i]).not.toBe(answeredBy[i - 1]);

    // An order placed through one is there through the other.
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, 5);
    const auth = `Bearer ${session.accessToken}`;
    const placed = await checkout(direct(0), auth, productId, randomUUID());
    expect(placed.status).toBe(201);
    const [order] = (await placed.json() as { orders: Array<{ id: string }> }).orders;
    const seen = await fetch(`${direct(1)}/api/orders/${order!.id}`, { headers: { authorization: auth } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('x-instance')).toBe('app2');
  });

  it('shows a product edit made through one instance on the other at once (the very next request)', async () => {
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, null, 'Сир 0');
    const rounds = 40;
    let stale = 0;
    let hitsBefore = 0;
    for (let round = 1; round <= rounds; round++) {
      const [writer, reader] = round % 2 ? [direct(0), direct(1)] : [direct(1), direct(0)];
      // The reader has the product and the feed page in its cache (a late notification of an
      // earlier write may empty it once more: read until it answers from the cache)…
      for (const url of [`/api/products/${productId}`, '/api/products?limit=5']) {
        for (let attempt = 0; attempt < 5; attempt++) {
          if ((await fetch(`${reader}${url}`)).headers.get('x-cache') === 'hit') {
            hitsBefore += 1;
            break;
          }
        }
      }
      // …the other instance changes it…
      const edited = await fetch(`${writer}/api/products/${productId}`, {
        method: 'PATCH', headers: { authorization: producer.authorization, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Сир ${round}`, price: 700 + round }),
      });
      expect(edited.status).toBe(200);
      // …and the reader's very next answers have it.
      const [one, feed] = await Promise.all([fetch(`${reader}/api/products/${productId}`), fetch(`${reader}/api/products?limit=5`)]);
      const product = await one.json() as { name: string; price: number };
      const page = await feed.json() as { items: Array<{ id: string; name: string }> };
      if (product.name !== `Сир ${round}` || product.price !== 700 + round || page.items.find((p) => p.id === productId)?.name !== `Сир ${round}`) stale += 1;
    }
    log(`product edits: ${rounds} rounds across instances, ${hitsBefore}/${rounds * 2} cached reads on the reader before each edit, ${stale} stale reads after`);
    expect(hitsBefore).toBe(rounds * 2); // the cache was really in play
    expect(stale).toBe(0);
  });

  it('holds the login rate limit across both instances (Redis)', async (ctx) => {
    if (!redisUrl) {
      console.warn('!! SKIPPED: no Redis, so each instance counts its own limit');
      ctx.skip();
    }
    const user = await createAccount({ passwordHash: await hashPassword(PASSWORD) });
    // A client address of our own (trusted from nginx's X-Forwarded-For), so reruns never share a per-IP counter.
    const clientIp = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: Array<{ status: number; code?: string; by: string }> = [];
    for (let i = 0; i < 26; i++) {
      const res = await fetch(`${lb}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp }, body: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
      const body = await res.json() as { code?: string };
      statuses.push({ status: res.status, code: body.code, by: res.headers.get('x-instance')! });
    }
    const ok = statuses.filter((s) => s.status === 200);
    const limited = statuses.filter((s) => s.status === 429);
    log(`login rate limit: ${ok.length} × 200 then ${limited.length} × 429 (limit 20 per e-mail per minute, shared), answered by ${[...new Set(statuses.map((s) => s.by))].join(' and ')}`);
    expect(ok).toHaveLength(20); // not 40: one counter for both instances
    expect(statuses.slice(0, 20).every((s) => s.status === 200)).toBe(true);
    expect(limited).toHaveLength(6);
    expect(limited.every((s) => s.code === 'auth.rate_limited')).toBe(true);
    expect(new Set(limited.map((s) => s.by))).toEqual(new Set(['app1', 'app2']));
  });

  it('sells exactly the stock when 200 buyers race for 10 units through both instances', async () => {
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, 10);
    const buyers = await createBuyers(200);
    const started = Date.now();
    const answers = await Promise.all(buyers.map(async (b) => {
      const res = await checkout(lb, b.authorization, productId, randomUUID());
      return { status: res.status, by: res.headers.get('x-instance'), body: await res.json() as { code?: string } };
    }));
    const elapsed = Date.now() - started;
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    log(`checkout race: 200 requests in ${elapsed} ms, ${created.length} orders (201), ${refused.length} × 409, `
      + `${answers.length - created.length - refused.length} other; app1 answered ${answers.filter((a) => a.by === 'app1').length}, app2 ${answers.filter((a) => a.by === 'app2').length}`);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(refused.every((a) => a.body.code === 'order.out_of_stock')).toBe(true);
    expect(new Set(answers.map((a) => a.by))).toEqual(new Set(['app1', 'app2']));
    expect(await stockOf(productId)).toBe(0);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.householdId, producer.id))).toHaveLength(10);
  }, 60_000);

  it('loses no acknowledged order when one instance is killed (SIGKILL) in the middle of a checkout load', async () => {
    const START = 2000;
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, START);
    const buyers = await createBuyers(8);
    const figures = { requests: 0, ordersAcknowledged: 0, replayed: 0, networkErrors: 0, gatewayErrors: 0, inProgress: 0, afterKill201: 0, other: [] as string[] };
    const acknowledged = new Set<string>();
    const runFor = 4000;
    const killAfter = 1200;
    const started = Date.now();
    let killedAt = 0;

    const victim = instances[0]!;
    const killer = (async () => {
      await sleep(killAfter);
      victim.child.kill('SIGKILL');
      killedAt = Date.now();
    })();

    await Promise.all(buyers.map(async (buyer) => {
      while (Date.now() - started < runFor) {
        const key = randomUUID();
        // One checkout: repeated with the same key until it gets a final answer.
        for (let attempt = 1; ; attempt++) {
          if (attempt > 100) throw new Error(`no final answer for key ${key}`);
          figures.requests += 1;
          let res: Response;
          try {
            res = await checkout(lb, buyer.authorization, productId, key);
          } catch {
            figures.networkErrors += 1;
            await sleep(50);
            continue;
          }
          if (res.status === 502 || res.status === 503 || res.status === 504) {
            figures.gatewayErrors += 1;
            await res.body?.cancel();
            await sleep(50);
            continue;
          }
          const body = await res.json() as { code?: string; orders?: Array<{ id: string }> };
          if (res.status === 409 && body.code === 'idempotency.in_progress') {
            figures.inProgress += 1;
            await sleep(50);
            continue;
          }
          if (res.status === 201) {
            for (const o of body.orders!) acknowledged.add(o.id);
            figures.ordersAcknowledged += 1;
            if (res.headers.get('idempotent-replayed') === 'true') figures.replayed += 1;
            if (killedAt && res.headers.get('x-instance') === 'app2') figures.afterKill201 += 1;
          } else {
            figures.other.push(`${res.status} ${body.code}`);
          }
          break;
        }
      }
    }));
    await killer;
    const elapsed = Date.now() - started;

    // nginx keeps serving through the survivor.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${lb}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-instance')).toBe('app2');
    }

    const written = await db.select({ id: orders.id }).from(orders).where(eq(orders.householdId, producer.id));
    const [{ sold }] = (await db.execute<{ sold: number }>(sql`
      SELECT COALESCE(SUM(oi.quantity), 0)::int AS sold FROM ${orderItems} oi JOIN ${orders} o ON o.id = oi.order_id
      WHERE o.household_id = ${producer.id}`)).rows as [{ sold: number }];
    const withoutItems = await db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.householdId, producer.id), sql`NOT EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`));
    const stock = await stockOf(productId);
    log(`SIGKILL mid-load: ${buyers.length} buyers for ${elapsed} ms, app1 killed at ${killedAt - started} ms; `
      + `${figures.requests} requests, ${figures.ordersAcknowledged} orders acknowledged (201; ${figures.replayed} replayed by key, ${figures.afterKill201} by app2 after the kill), `
      + `${figures.networkErrors} network errors + ${figures.gatewayErrors} × 502/503/504 + ${figures.inProgress} × in progress (all retried with the same key), `
      + `${figures.other.length} other; orders in the database ${written.length}, sold ${sold} + stock ${stock} = ${sold + (stock ?? 0)} (start ${START})`);

    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(figures.other).toEqual([]);
    expect(figures.ordersAcknowledged).toBeGreaterThan(20);
    expect(figures.afterKill201).toBeGreaterThan(0);
    // Every acknowledged order exists, and nothing else was written: each key got one final answer.
    const writtenIds = new Set(written.map((o) => o.id));
    expect([...acknowledged].filter((id) => !writtenIds.has(id))).toEqual([]);
    expect(writtenIds.size).toBe(acknowledged.size);
    expect(withoutItems).toEqual([]);
    expect(sold).toBe(acknowledged.size);
    expect(sold + stock!).toBe(START);
    if (written.length) expect(await db.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, [...writtenIds]))).toHaveLength(written.length);
  }, 60_000);
});
