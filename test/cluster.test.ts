import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { freePort } from '../src/server/config/free-port.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startNginx } from '../scripts/lib/nginx.mjs';
import { clusterFile, missingParts, patroniRoles, percentile as pct, replicationLag, serviceDir, startDatabase, startRedis, waitFor, type PatroniNode } from '../scripts/lib/cluster-parts.mjs';
import { createDb, createPool, type Db } from '../src/server/db/client.ts';
import { households, orderItems, orders, products, sessions, users } from '../src/server/db/schema.ts';
import { belgradeDateOf } from '../src/shared/time.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { createTokens } from '../src/server/lib/tokens.ts';

/**
 * Beyond one machine (docs/deployment.md, ADRs 0039–0041, 0046): three app instances
 * (`node scripts/start.mjs`, as in production) behind nginx, on PgBouncer in transaction mode
 * in front of the leader of a Patroni pair of PostgreSQL servers (etcd holds the lock,
 * synchronous replication), whose standby serves the public reads, and Redis for the rate
 * limits, each started here from Debian's packages on ports of its own, the database side by
 * the same startDatabase as `npm run cluster` (PgBouncer follows the leader, cluster.json names
 * it). Requests alternate, writes on one are read at once on the others (the standby never
 * answers a read of something it has not replayed), limits are shared, the checkout race still
 * sells exactly the stock, under load each shared part is killed once with nothing lost, and
 * the leader is killed twice in a row with the database failing over by itself.
 */
const root = path.resolve(import.meta.dirname, '..');
const nginxBin = findNginx();
const missing = [...(nginxBin ? [] : ['nginx-light']), ...missingParts()];
const log = (msg: string) => console.log(`[cluster] ${msg}`);
const INSTANCES = 3;
/** The longest run of 502/503 answers and refused connections one drill may cause (docs/decisions/0041-cluster-failure-drills.md). */
const FAULT_WINDOW_MS = 10_000;

if (missing.length > 0) {
  const message = `missing Debian packages for the cluster test: ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})`;
  if (process.env.CI) throw new Error(`${message} (CI is set: this must not be skipped)`);
  console.warn(`\n${'!'.repeat(100)}\n!! SKIPPED test/cluster.test.ts: ${message}\n${'!'.repeat(100)}\n`);
}

/** One Redis command over a raw socket (no client library in the test): its first reply line. */
function redisCommand(port: number, command: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (reply?: string) => { socket.destroy(); resolve(reply); };
    socket.setTimeout(1000, () => done());
    socket.once('error', () => done());
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (d: Buffer) => done(d.toString().split('\r\n')[0]));
  });
}

interface Instance { name: string; port: number; child: ChildProcess; output: () => string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JWT_SECRET = randomBytes(36).toString('base64url');
const PASSWORD = 'Lozinka-za-klaster-1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-cluster-'));
fs.chmodSync(dataDir, 0o755);

type Parts = {
  db: Awaited<ReturnType<typeof startDatabase>>;
  redis: Awaited<ReturnType<typeof startRedis>>;
};
const parts: Partial<Parts> = {};
const urls = { pooled: '', direct: '', read: '', redis: '' };
const clusterJson = clusterFile(dataDir);
let pool: pg.Pool;
let db: Db;
let lbPort: number;
let lb: string;
const instances: Instance[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const tokens = createTokens(JWT_SECRET);

function startInstance(name: string, port: number): Instance {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, LANG: process.env.LANG,
    NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media'),
    DATABASE_URL: urls.pooled, DATABASE_DIRECT_URL: urls.direct, DATABASE_READ_URL: urls.read, REDIS_URL: urls.redis,
    JWT_SECRET, SKIP_WEB_BUILD: 'true', SEED_DEMO: 'false', TRUST_PROXY: 'true',
    INSTANCE_NAME: name, LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1',
    // The checkout loads below are far above the write limits meant for people.
    RATE_LIMIT_WRITES_PER_USER: '1000000', RATE_LIMIT_WRITES_PER_IP: '1000000',
  };
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output = (output + d.toString()).slice(-100_000); });
  child.stderr?.on('data', (d: Buffer) => { output = (output + d.toString()).slice(-100_000); });
  return { name, port, child, output: () => output };
}

async function waitHealthy(instance: Instance, timeoutMs = 120_000) {
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

/** The lines the instances logged for requests that failed, for a failure's message. */
const failedRequests = () => instances.flatMap((i) => i.output().split('\n').filter((line) => /request failed|"level":50/.test(line)).slice(-5).map((line) => `${i.name}: ${line.slice(0, 600)}`)).join('\n');

/** What the instances logged of the replica and the primary, for a failure's message. */
const databaseNotes = () => instances.flatMap((i) => i.output().split('\n').filter((line) => /read replica|primary/i.test(line)).slice(-8).map((line) => `${i.name}: ${line.slice(0, 300)}`)).join('\n');

/** Each instance's exit state and last output, for a failure's message. */
const tails = () => instances.map((i) => `── ${i.name} (exit ${i.child.exitCode ?? i.child.signalCode ?? 'running'}):\n${i.output().slice(-3000)}`).join('\n');

interface Health { status: string; replica?: { state: string; lagMs: number | null; lagBytes: number | null } }
async function healthOf(i: number): Promise<Health | undefined> {
  try {
    return await (await fetch(`${direct(i)}/api/health`, { signal: AbortSignal.timeout(3000) })).json() as Health;
  } catch {
    return undefined;
  }
}
/** Every running instance reports the replica in `state`. */
async function allSeeReplica(state: string): Promise<boolean> {
  const seen = await Promise.all(instances.map((_, i) => healthOf(i)));
  return seen.every((h) => h?.replica?.state === state);
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

/** The Patroni node named `name`. */
const nodeNamed = (name: string | undefined): PatroniNode => {
  const node = parts.db!.nodes.find((n) => n.name === name);
  if (!node) throw new Error(`no Patroni node ${name}`);
  return node;
};
/** The synchronous standby, once the leader has one. */
async function standbyNode(): Promise<PatroniNode> {
  let name: string | undefined;
  await waitFor(async () => Boolean(name = (await patroniRoles(parts.db!.nodes)).sync), 60_000, 'a synchronous standby');
  return nodeNamed(name);
}
/** What DATA_DIR/cluster.json says of a part. */
function listed(name: string): { port: number; pid: number | null; node?: string } | undefined {
  try {
    return (JSON.parse(fs.readFileSync(clusterJson.file, 'utf8')) as Record<string, { port: number; pid: number | null; node?: string }>)[name];
  } catch {
    return undefined;
  }
}
/** A process of that id runs. */
function alive(pid: number | null | undefined): boolean {
  if (!pid) return false;
  try { process.kill(pid, 0); return true; } catch { return false; }
}
/** cluster.json names `node`'s running PostgreSQL as `postgres-primary` (its port, its postmaster's pid). */
function namesLeader(node: PatroniNode): boolean {
  const entry = listed('postgres-primary');
  return entry?.node === node.name && entry.port === node.port && entry.pid === node.postgresPid() && alive(entry.pid);
}

describe.skipIf(missing.length > 0)('three instances behind nginx, PgBouncer, a Patroni pair (leader and synchronous standby), Redis', () => {
  beforeAll(async () => {
    const started = Date.now();
    const [pg1, pg2, api1, api2, etcd, etcdPeer, pgbouncer, redisPort] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    // The database as `npm run cluster` runs it (scripts/lib/cluster-parts.mjs, ADR 0046).
    parts.db = await startDatabase({ dir: serviceDir(dataDir), etcdDir: path.join(dataDir, 'etcd'), ports: { pg: [pg1!, pg2!], api: [api1!, api2!], etcd: etcd!, etcdPeer: etcdPeer!, pgbouncer: pgbouncer! }, note: clusterJson.note, log });
    parts.redis = await startRedis({ dir: path.join(dataDir, 'redis'), port: redisPort! });
    ({ pooled: urls.pooled, direct: urls.direct, read: urls.read } = parts.db.urls);
    urls.redis = `redis://127.0.0.1:${redisPort}`;
    log(`etcd :${etcd}, Patroni pg1 :${pg1} / pg2 :${pg2} (leader ${parts.db.leads}), PgBouncer :${pgbouncer}, Redis :${redisPort} up in ${Date.now() - started} ms`);

    // All start at once on an empty database: the migrations' advisory lock (direct) lets one migrate.
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    instances.push(...ports.map((p, i) => startInstance(`app${i + 1}`, p)));
    await Promise.all(instances.map((i) => waitHealthy(i)));
    lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    nginx = await startNginx({ bin: nginxBin!, dir: path.join(dataDir, 'nginx'), port: lbPort, upstreams: ports, stdio: 'ignore' });
    await waitFor(() => allSeeReplica('up'), 30_000, 'every instance sees the replica up');

    // The test's own connections, through PgBouncer as the instances' (the leader moves).
    pool = createPool(urls.pooled, 6, { pooled: true });
    db = createDb(pool);
    log(`${INSTANCES} instances (:${ports.join(', :')}) behind nginx :${lbPort}; all up in ${Date.now() - started} ms`);
  }, 240_000);

  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
    nginx?.child.kill('SIGTERM');
    const deadline = sleep(15_000);
    await Promise.race([Promise.all(instances.map((i) => (i.child.exitCode === null && i.child.signalCode === null ? new Promise((r) => i.child.once('exit', r)) : null))), deadline]);
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await pool?.end();
    await Promise.all([parts.db?.stop(), parts.redis?.kill()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('alternates a buyer\'s requests between the instances, and the buyer\'s session works on both', async () => {
    const buyer = await createAccount({ passwordHash: await hashPassword(PASSWORD) });
    const login = await fetch(`${lb}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: buyer.email, password: PASSWORD }) });
    expect(login.status).toBe(200);
    let session = await login.json() as { accessToken: string; refreshToken: string };

    const answeredBy: string[] = [];
    for (let i = 0; i < 12; i++) {
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
    expect(new Set(answeredBy)).toEqual(new Set(['app1', 'app2', 'app3']));
    for (let i = 1; i < answeredBy.length; i++) expect(answeredBy[i]).not.toBe(answeredBy[i - 1]);

    // An order placed through one is there through the other.
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, 5);
    const auth = `Bearer ${session.accessToken}`;
    const placed = await checkout(direct(0), auth, productId, randomUUID());
    expect(placed.status).toBe(201);
    const [order] = (await placed.json() as { orders: Array<{ id: string }> }).orders;
    for (const i of [1, 2]) {
      const seen = await fetch(`${direct(i)}/api/orders/${order!.id}`, { headers: { authorization: auth } });
      expect(seen.status).toBe(200);
      expect(seen.headers.get('x-instance')).toBe(`app${i + 1}`);
    }
  });

  it('shows a product edit made through one instance on the others at once (the very next request), the replica notwithstanding', async () => {
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, null, 'Сир 0');
    const rounds = 40;
    let stale = 0;
    let hitsBefore = 0;
    let replicaReads = 0;
    for (let round = 1; round <= rounds; round++) {
      const [writer, reader] = [direct(round % INSTANCES), direct((round + 1) % INSTANCES)];
      // The reader has the product and the feed page in its cache (a late notification of an
      // earlier write may empty it once more: read until it answers from the cache)…
      for (const url of [`/api/products/${productId}`, '/api/products?limit=5']) {
        for (let attempt = 0; attempt < 5; attempt++) {
          const res = await fetch(`${reader}${url}`);
          if (res.headers.get('x-read-from') === 'replica') replicaReads += 1;
          if (res.headers.get('x-cache') === 'hit') {
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
      for (const res of [one, feed]) if (res.headers.get('x-read-from') === 'replica') replicaReads += 1;
      const product = await one.json() as { name: string; price: number };
      const page = await feed.json() as { items: Array<{ id: string; name: string }> };
      if (product.name !== `Сир ${round}` || product.price !== 700 + round || page.items.find((p) => p.id === productId)?.name !== `Сир ${round}`) stale += 1;
    }
    log(`product edits: ${rounds} rounds across instances, ${hitsBefore}/${rounds * 2} cached reads on the reader before each edit, ${stale} stale reads after; ${replicaReads} misses read from the replica`);
    expect(hitsBefore).toBe(rounds * 2); // the cache was really in play
    expect(stale).toBe(0);
  }, 180_000);

  it('holds the login rate limit across the instances (Redis)', async () => {
    const user = await createAccount({ passwordHash: await hashPassword(PASSWORD) });
    // A client address of our own (trusted from nginx's X-Forwarded-For), so reruns never share a per-IP counter.
    const clientIp = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: Array<{ status: number; code?: string; by: string }> = [];
    for (let i = 0; i < 27; i++) {
      const res = await fetch(`${lb}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp }, body: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
      const body = await res.json() as { code?: string };
      statuses.push({ status: res.status, code: body.code, by: res.headers.get('x-instance')! });
    }
    const ok = statuses.filter((s) => s.status === 200);
    const limited = statuses.filter((s) => s.status === 429);
    log(`login rate limit: ${ok.length} × 200 then ${limited.length} × 429 (limit 20 per e-mail per minute, shared), answered by ${[...new Set(statuses.map((s) => s.by))].join(' and ')}`);
    expect(ok).toHaveLength(20); // not 60: one counter for all instances
    expect(statuses.slice(0, 20).every((s) => s.status === 200)).toBe(true);
    expect(limited).toHaveLength(7);
    expect(limited.every((s) => s.code === 'auth.rate_limited')).toBe(true);
    expect(new Set(limited.map((s) => s.by))).toEqual(new Set(['app1', 'app2', 'app3']));
  });

  it('sells exactly the stock when 200 buyers race for 10 units through all instances', async () => {
    const producer = await createAccount({ userType: 'producer' });
    const productId = await createProduct(producer.id, 10);
    const buyers = await createBuyers(200);
    const started = Date.now();
    let retried = 0;
    const answers = await Promise.all(buyers.map(async (b) => {
      // A final answer for each buyer: a 503 (a statement limit reached while queueing for the
      // product's row: all 200 take it one after the other, slow on a loaded machine) or a
      // refused connection is repeated with the same key, as the web app does.
      const key = randomUUID();
      for (let attempt = 1; ; attempt++) {
        const res = await checkout(lb, b.authorization, productId, key).catch(() => undefined);
        const body = res ? await res.json().catch(() => ({})) as { code?: string } : {};
        const again = !res || res.status === 502 || res.status === 503 || res.status === 504 || (res.status === 409 && body.code === 'idempotency.in_progress');
        if (again && attempt < 100) {
          retried += 1;
          await sleep(randomInt(200, 600)); // spread out: the product's row is one queue
          continue;
        }
        return { status: res?.status ?? 0, by: res?.headers.get('x-instance'), body };
      }
    }));
    const elapsed = Date.now() - started;
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    log(`checkout race: 200 requests in ${elapsed} ms, ${created.length} orders (201), ${refused.length} × 409, `
      + `${answers.length - created.length - refused.length} other (${answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${a.body.code}`).join(', ')}), ${retried} retried with the same key; answered by ${instances.map((i) => `${i.name} ${answers.filter((a) => a.by === i.name).length}`).join(', ')}`);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(refused.every((a) => a.body.code === 'order.out_of_stock')).toBe(true);
    expect(new Set(answers.map((a) => a.by))).toEqual(new Set(['app1', 'app2', 'app3']));
    expect(await stockOf(productId)).toBe(0);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.householdId, producer.id))).toHaveLength(10);
  }, 240_000);

  it('keeps every acknowledged order while, under load, an instance is killed, PgBouncer restarted, the standby killed and Redis killed', async () => {
    const BUYERS = Number(process.env.CLUSTER_BUYERS ?? 200);
    const SCARCE = 150;
    const PLENTY = 100_000;
    const producer = await createAccount({ userType: 'producer' });
    // Orders spread over several products (one product's row lock would make the load a queue).
    const plentyIds = await Promise.all(Array.from({ length: 20 }, (_, i) => createProduct(producer.id, PLENTY, `Мед ${i + 1}`)));
    const scarce = await createProduct(producer.id, SCARCE, 'Ајвар');
    const buyers = await createBuyers(BUYERS);
    const started = Date.now();
    const since = () => Date.now() - started;

    interface Phase {
      name: string; from: number; to?: number; reads: number; orders: number; faults: Record<string, number>;
      firstFault?: number; lastFault?: number; notes: string[];
      /** When a 502 or a refused/cut connection was seen (ms since the start). */
      hardFaults: number[];
    }
    const phases: Phase[] = [];
    let phase!: Phase;
    const begin = (name: string) => {
      if (phase) phase.to = since();
      phase = { name, from: since(), reads: 0, orders: 0, faults: {}, notes: [], hardFaults: [] };
      phases.push(phase);
      log(`drill ${since()} ms: ${name}`);
    };
    const fault = (what: string) => {
      phase.faults[what] = (phase.faults[what] ?? 0) + 1;
      if (!/ 503/.test(what)) phase.hardFaults.push(since());
      phase.firstFault ??= since();
      phase.lastFault = since();
    };
    const acknowledged = new Set<string>();
    const refusedScarce = { count: 0 };
    const other: string[] = [];
    let server500 = 0;
    let ordersAcked = 0;
    let running = true;
    /** When each instance last answered a request of the load (through nginx). */
    const lastSeen = new Map<string, number>();
    begin('warm-up');

    async function read(url: string) {
      let res: Response;
      try {
        res = await fetch(`${lb}${url}`);
      } catch {
        fault('read: network error');
        return;
      }
      await res.body?.cancel();
      lastSeen.set(res.headers.get('x-instance') ?? '', Date.now());
      if (res.status === 200) phase.reads += 1;
      else if (res.status === 500) { server500 += 1; fault('read: 500'); }
      else fault(`read: ${res.status}`);
    }

    async function order(buyer: { authorization: string }, productId: string) {
      const key = randomUUID();
      // One checkout: repeated with the same key until it gets a final answer (as the web app does).
      for (let attempt = 1; running || attempt < 200; attempt++) {
        if (attempt > 400) throw new Error(`no final answer for key ${key}`);
        let res: Response;
        try {
          res = await checkout(lb, buyer.authorization, productId, key);
        } catch {
          fault('order: network error');
          await sleep(100);
          continue;
        }
        const body = await res.json().catch(() => ({})) as { code?: string; orders?: Array<{ id: string }> };
        lastSeen.set(res.headers.get('x-instance') ?? '', Date.now());
        if (res.status === 201) {
          for (const o of body.orders!) acknowledged.add(o.id);
          phase.orders += 1;
          ordersAcked += 1;
          return;
        }
        if (res.status === 409 && body.code === 'order.out_of_stock' && productId === scarce) { refusedScarce.count += 1; return; }
        if (res.status === 409 && body.code === 'idempotency.in_progress') { await sleep(100); continue; }
        if (res.status === 500) server500 += 1;
        if (res.status >= 500) {
          fault(`order: ${res.status}${body.code ? ` ${body.code}` : ''}`);
          await sleep(100);
          continue;
        }
        other.push(`${res.status} ${body.code}`);
        return;
      }
    }

    const load = Promise.all(buyers.map(async (buyer, n) => {
      await sleep(n * 5); // not all in the same millisecond
      while (running) {
        await read('/api/products?limit=5');
        const productId = randomInt(5) === 0 ? scarce : plentyIds[randomInt(plentyIds.length)]!;
        await read(`/api/products/${productId}`);
        await sleep(randomInt(100, 500));
        if (!running) break;
        await order(buyer, productId);
        await sleep(randomInt(100, 500));
      }
    }));
    /** Waits until `n` more orders have been acknowledged (the load goes on through the drill). */
    const moreOrders = (n: number, what: string) => {
      const target = ordersAcked + n;
      return waitFor(() => ordersAcked >= target, 90_000, `${n} more orders ${what}`);
    };

    // Replica lag under this write load, from the primary's own view (pg_stat_replication).
    const lagSamples: Array<{ ms: number; bytes: number }> = [];
    const sampling = (async () => {
      while (running) {
        try {
          const lag = await replicationLag(pool);
          if (lag) lagSamples.push(lag);
        } catch { /* the replica is stopped in one drill */ }
        await sleep(200);
      }
    })();

    try {
      await moreOrders(100, 'in the warm-up');

      // 1. An instance dies (SIGKILL); nginx sends its share to the others; it is started again.
      begin('app1 killed (SIGKILL)');
      const victim = instances[0]!;
      victim.child.kill('SIGKILL');
      await moreOrders(50, 'after app1 was killed');
      instances[0] = startInstance('app1', victim.port);
      await waitHealthy(instances[0]);
      const healthyAt = Date.now();
      await waitFor(() => (lastSeen.get('app1') ?? 0) > healthyAt, 30_000, 'nginx sends requests to app1 again');
      phase.notes.push(`app1 back at ${since()} ms`);

      // 2. PgBouncer restarted (SIGTERM: open transactions are cut, clients reconnect).
      begin('PgBouncer restarted');
      await parts.db!.pgbouncer.restart();
      phase.notes.push(`PgBouncer listening again at ${since()} ms`);
      await moreOrders(50, 'after PgBouncer restarted');

      // 3. The standby's machine dies (its Patroni and PostgreSQL, SIGKILL): every instance
      // notices and reads from the leader; without a standby the leader writes on alone (ADR 0046).
      begin('standby killed (SIGKILL)');
      const standby = await standbyNode();
      const stoppedAt = since();
      await standby.kill();
      await waitFor(() => allSeeReplica('down'), 30_000, 'every instance reports the replica down')
        .catch(async (err: Error) => { throw new Error(`${err.message}: ${JSON.stringify(await Promise.all(instances.map((_, i) => healthOf(i))))}\n${tails()}`); });
      phase.notes.push(`all instances report it down ${since() - stoppedAt} ms after the stop`);
      await moreOrders(50, 'with the standby killed');
      // Started again; it catches up while the next drill runs.
      const restartAt = since();
      const standbyBack = (async () => {
        await standby.start();
        await waitFor(async () => (await patroniRoles(parts.db!.nodes)).sync === standby.name, 120_000, `${standby.name} the synchronous standby again`);
        await waitFor(() => allSeeReplica('up'), 60_000, 'every instance reports the replica up again');
        return `${standby.name} started again at ${restartAt} ms: the synchronous standby, read by all instances, ${since() - restartAt} ms later`;
      })();
      standbyBack.catch(() => undefined);

      // 4. Redis killed: rate limits counted in memory meanwhile; it is started again (empty).
      begin('Redis killed');
      await parts.redis!.kill();
      await moreOrders(50, 'with Redis killed');
      await parts.redis!.start();
      // The instances reconnect by themselves: their write counters appear in the new Redis.
      await waitFor(async () => Number((await redisCommand(parts.redis!.port, 'DBSIZE'))?.slice(1)) > 0, 30_000, 'counters written to the restarted Redis');
      phase.notes.push(`counters in the restarted Redis at ${since()} ms`);

      begin('after the drills');
      await moreOrders(50, 'after the drills');
      phase.notes.push(await standbyBack);
    } finally {
      running = false;
      phase.to = since();
      await Promise.all([load, sampling]);
    }

    const written = await db.select({ id: orders.id }).from(orders).where(eq(orders.householdId, producer.id));
    const soldOf = async (productId: string) => ((await db.execute<{ sold: number }>(sql`
      SELECT COALESCE(SUM(quantity), 0)::int AS sold FROM ${orderItems} WHERE product_id = ${productId}`)).rows[0] as { sold: number }).sold;
    const withoutItems = await db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.householdId, producer.id), sql`NOT EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`));
    let [soldPlenty, stockPlenty] = [0, 0];
    for (const id of plentyIds) {
      soldPlenty += await soldOf(id);
      stockPlenty += (await stockOf(id))!;
    }
    const [soldScarce, stockScarce] = [await soldOf(scarce), await stockOf(scarce)];

    for (const p of phases) {
      const faults = Object.entries(p.faults).map(([k, v]) => `${v} × ${k}`).join(', ') || 'none';
      const window = p.firstFault === undefined ? '' : ` within ${p.firstFault - p.from}–${p.lastFault! - p.from} ms of its start`
        + (p.hardFaults.length ? ` (502s and connection errors within ${p.hardFaults[0]! - p.from}–${p.hardFaults.at(-1)! - p.from} ms)` : '');
      log(`  ${p.name} (${p.from}–${p.to} ms): ${p.reads} reads, ${p.orders} orders acknowledged; faults: ${faults}${window}${p.notes.length ? `; ${p.notes.join('; ')}` : ''}`);
    }
    const lagMs = lagSamples.map((l) => l.ms);
    const lagBytes = lagSamples.map((l) => l.bytes);
    log(`drills under ${BUYERS} buyers: ${ordersAcked} orders acknowledged, ${written.length} in the database; scarce product: sold ${soldScarce} + stock ${stockScarce} = ${soldScarce + stockScarce!} (start ${SCARCE}), ${refusedScarce.count} × out of stock; `
      + `${server500} × 500; replica lag (pg_stat_replication, ${lagSamples.length} samples): median ${pct(lagMs, 0.5).toFixed(1)} ms, p95 ${pct(lagMs, 0.95).toFixed(1)} ms, max ${pct(lagMs, 1).toFixed(1)} ms; median ${pct(lagBytes, 0.5)} bytes, max ${pct(lagBytes, 1)} bytes`);

    expect(other).toEqual([]);
    expect(server500).toBe(0);
    // Every acknowledged order exists, and nothing else was written: each key got one final answer.
    const writtenIds = new Set(written.map((o) => o.id));
    expect([...acknowledged].filter((id) => !writtenIds.has(id))).toEqual([]);
    expect(writtenIds.size).toBe(acknowledged.size);
    expect(withoutItems).toEqual([]);
    // Nothing oversold, nothing lost from the stock.
    expect(soldScarce).toBeLessThanOrEqual(SCARCE);
    expect(soldScarce + stockScarce!).toBe(SCARCE);
    expect(soldPlenty + stockPlenty).toBe(PLENTY * plentyIds.length);
    expect(soldPlenty + soldScarce).toBe(acknowledged.size);
    if (written.length) expect(await db.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, [...writtenIds]))).toHaveLength(written.length);
    // A dead part's own faults (nginx's 502, refused or cut connections) only within the seconds
    // ADR 0041 allows each drill, and none after the drills. A 503 (with Retry-After) is the
    // design's answer while the database is unreachable or too slow for the request's deadline:
    // counted and printed, not bounded, since a loaded machine gives some outside the drills too.
    const hard = (p: Phase) => p.hardFaults;
    for (const p of phases) {
      const times = hard(p);
      if (times.length === 0) continue;
      expect(times.at(-1)! - times[0]!, `${p.name}: 502s and connection errors from ${times[0]} to ${times.at(-1)} ms`).toBeLessThanOrEqual(FAULT_WINDOW_MS);
    }
    expect(hard(phases.at(-1)!), 'no 502 or connection error after the drills').toEqual([]);
  }, 420_000);
  it('fails the leader over twice in a row under load: writes again within 30 s, reads never failing 2 s in a row, no acknowledged order lost, nothing oversold, cluster.json naming the leader', async () => {
    const BUYERS = Number(process.env.CLUSTER_FAILOVER_BUYERS ?? 16);
    const READERS = Number(process.env.CLUSTER_FAILOVER_READERS ?? 6);
    const SCARCE = 60;
    const PLENTY = 100_000;
    const nodes = parts.db!.nodes;
    const producer = await createAccount({ userType: 'producer' });
    const plentyIds = await Promise.all(Array.from({ length: 8 }, (_, i) => createProduct(producer.id, PLENTY, `Пасуљ ${i + 1}`)));
    const scarce = await createProduct(producer.id, SCARCE, 'Кајмак');
    const buyers = await createBuyers(BUYERS);
    await standbyNode(); // a leader with its synchronous standby to begin with
    const started = Date.now();
    const since = (t = Date.now()) => t - started;

    interface Answer { start: number; end: number; status: number; code?: string; retryAfter: string | null; json: boolean }
    const writes: Answer[] = [];
    const reads: Answer[] = [];
    /** Per buyer (index): the ids of the orders acknowledged (201) to them. */
    const acknowledged = buyers.map(() => new Set<string>());
    const other: string[] = [];
    let ordersAcked = 0;
    let refusedScarce = 0;
    let running = true;

    async function order(n: number, productId: string) {
      const key = randomUUID();
      // One checkout, repeated with the same key until it has a final answer (as the web app does).
      for (let attempt = 1; ; attempt++) {
        if (attempt > 600) throw new Error(`no final answer for key ${key}`);
        const start = Date.now();
        let res: Response;
        try {
          res = await checkout(lb, buyers[n]!.authorization, productId, key);
        } catch {
          writes.push({ start, end: Date.now(), status: 0, retryAfter: null, json: false });
          await sleep(200);
          continue;
        }
        const body = await res.json().catch(() => undefined) as { code?: string; orders?: Array<{ id: string }> } | undefined;
        writes.push({ start, end: Date.now(), status: res.status, code: body?.code, retryAfter: res.headers.get('retry-after'), json: /^application\/json/.test(res.headers.get('content-type') ?? '') && body !== undefined });
        if (res.status === 201) {
          for (const o of body!.orders!) acknowledged[n]!.add(o.id);
          ordersAcked += 1;
          return;
        }
        if (res.status === 409 && body?.code === 'order.out_of_stock' && productId === scarce) { refusedScarce += 1; return; }
        if (res.status >= 500 || (res.status === 409 && body?.code === 'idempotency.in_progress')) { await sleep(200); continue; }
        other.push(`${res.status} ${body?.code}`);
        return;
      }
    }
    async function read(url: string) {
      const start = Date.now();
      try {
        const res = await fetch(`${lb}${url}`, { signal: AbortSignal.timeout(10_000) });
        await res.body?.cancel();
        reads.push({ start, end: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), json: true });
      } catch {
        reads.push({ start, end: Date.now(), status: 0, retryAfter: null, json: false });
      }
    }
    const load = Promise.all([
      ...buyers.map(async (_, n) => {
        await sleep(n * 20);
        while (running) {
          await order(n, randomInt(4) === 0 ? scarce : plentyIds[randomInt(plentyIds.length)]!);
          await sleep(randomInt(50, 250));
        }
      }),
      ...Array.from({ length: READERS }, async (_, n) => {
        await sleep(n * 30);
        while (running) {
          await read(n % 2 === 0 ? '/api/products?limit=5' : `/api/products/${plentyIds[randomInt(plentyIds.length)]}`);
          await sleep(randomInt(20, 80));
        }
      }),
    ]);
    const moreOrders = (n: number, what: string) => {
      const target = ordersAcked + n;
      return waitFor(() => ordersAcked >= target, 60_000, `${n} more orders ${what}`);
    };

    interface Kill { victim: string; heir: string; at: number; led?: number; listed?: number; back?: number; downSeen?: number; rejoined?: number }
    const kills: Kill[] = [];
    try {
      await moreOrders(30, 'before the first kill');
      for (const round of [1, 2]) {
        const roles = await patroniRoles(nodes);
        const victim = nodeNamed(roles.leader);
        const heir = nodeNamed(roles.sync);
        expect(namesLeader(victim), `cluster.json names ${victim.name} before kill ${round}: ${JSON.stringify(listed('postgres-primary'))}`).toBe(true);
        // The leader's machine dies: its Patroni and its PostgreSQL, SIGKILL (ADR 0046).
        const kill: Kill = { victim: victim.name, heir: heir.name, at: Date.now() };
        kills.push(kill);
        log(`failover ${since()} ms: kill ${round}, ${victim.name} (leader, postgres pid ${victim.postgresPid()}) killed; ${heir.name} is its synchronous standby`);
        await victim.kill();
        await waitFor(async () => (await patroniRoles(nodes)).leader === heir.name, 60_000, `${heir.name} leading after ${victim.name} was killed`);
        kill.led = Date.now();
        // cluster.json follows within the watcher's interval.
        await waitFor(() => namesLeader(heir), 5_000, `cluster.json naming ${heir.name} postgres-primary`)
          .catch((err: Error) => { throw new Error(`${err.message}: ${JSON.stringify(listed('postgres-primary'))}`); });
        kill.listed = Date.now();
        // The dead node's machine comes back (the cluster's supervisor does it 15 s after the
        // kill; here as soon as the other leads): Patroni rewinds it (pg_rewind) and it becomes the
        // synchronous standby, which the second kill needs. After the second it comes back while
        // the test ends.
        const back = victim.start();
        const ledAt = kill.led;
        await waitFor(() => writes.some((w) => w.status === 201 && w.start >= ledAt), 30_000, 'an order acknowledged by the new leader');
        log(`failover ${since()} ms: ${heir.name} leads ${kill.led - kill.at} ms after the kill (cluster.json ${kill.listed - kill.led} ms later)`);
        if (round === 2) {
          void back.then(() => log(`${victim.name} runs again (a standby) ${Date.now() - kill.at} ms after the kill`), (err: Error) => log(`${victim.name} did not start again: ${err.message}`));
          break;
        }
        await back;
        await waitFor(async () => (await patroniRoles(nodes)).sync === victim.name, 90_000, `${victim.name} the synchronous standby again`);
        kill.rejoined = Date.now();
        expect(namesLeader(heir), `cluster.json still names ${heir.name}: ${JSON.stringify(listed('postgres-primary'))}`).toBe(true);
        await waitFor(() => listed('postgres-replica')?.node === victim.name, 5_000, `cluster.json naming ${victim.name} postgres-replica`);
        log(`failover ${since()} ms: ${victim.name} the synchronous standby again ${kill.rejoined - kill.at} ms after the kill`);
      }
      await moreOrders(20, 'after the second failover');
    } finally {
      running = false;
      await load;
    }

    // When writes answered again after each kill: the first order acknowledged among those sent
    // after an instance had answered 503 for want of a primary. "Sent while down": a second after
    // that answer, when every instance's probe (every 500 ms; a refused connection counts at
    // once, db/primary.ts) has seen the primary gone.
    const failing = (w: Answer) => w.status !== 201 && w.status !== 409;
    const outages = kills.map((k, i) => {
      const until = kills[i + 1]?.at ?? Infinity;
      const down = writes.filter((w) => w.end >= k.at && w.end < until && w.status === 503 && w.code === 'db_unavailable').sort((a, b) => a.end - b.end)[0];
      const back = down ? writes.filter((w) => w.status === 201 && w.start >= down.end && w.end < until).sort((a, b) => a.end - b.end)[0] : undefined;
      k.downSeen = down?.end;
      k.back = back?.end;
      // The write answers between the kill and the first one acknowledged again.
      const during = writes.filter((w) => w.end >= k.at && w.end <= (back?.end ?? k.at) && failing(w));
      const fast = writes.filter((w) => down && back && w.start >= down.end + 1_000 && w.end <= back.end && failing(w));
      return { ...k, during, fast };
    });
    // Reads failing in a row: from a failed answer to the next successful one (in the order answered).
    const byEnd = [...reads].sort((a, b) => a.end - b.end);
    let longestFailing = 0;
    let longestAt = '';
    let failingSince: number | undefined;
    const failedReads: Record<string, number> = {};
    let longestSilence = 0;
    let lastOk = started;
    let readFailures = 0;
    for (const r of byEnd) {
      if (r.status === 200) {
        if (failingSince !== undefined && r.end - failingSince > longestFailing) {
          longestFailing = r.end - failingSince;
          longestAt = `${since(failingSince)}–${since(r.end)} ms`;
        }
        failingSince = undefined;
        longestSilence = Math.max(longestSilence, r.end - lastOk);
        lastOk = r.end;
      } else {
        readFailures += 1;
        failedReads[r.status] = (failedReads[r.status] ?? 0) + 1;
        failingSince ??= r.end;
      }
    }
    if (failingSince !== undefined) longestFailing = Math.max(longestFailing, Date.now() - failingSince);

    // Every acknowledged order is in its buyer's own list (GET /api/orders, every page).
    let found = 0;
    const missingOrders: string[] = [];
    for (const [n, buyer] of buyers.entries()) {
      const listedIds = new Set<string>();
      for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages++) {
        const res = await fetch(`${lb}/api/orders?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: buyer.authorization } });
        expect(res.status).toBe(200);
        const page = await res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
        for (const o of page.items) listedIds.add(o.id);
        cursor = page.nextCursor;
      }
      for (const id of acknowledged[n]!) if (listedIds.has(id)) found += 1; else missingOrders.push(id);
    }
    const ackedIds = acknowledged.flatMap((set) => [...set]);
    const written = await db.select({ id: orders.id }).from(orders).where(eq(orders.householdId, producer.id));
    const soldOf = async (productId: string) => ((await db.execute<{ sold: number }>(sql`
      SELECT COALESCE(SUM(quantity), 0)::int AS sold FROM ${orderItems} WHERE product_id = ${productId}`)).rows[0] as { sold: number }).sold;
    const [soldScarce, stockScarce] = [await soldOf(scarce), await stockOf(scarce)];
    let [soldPlenty, stockPlenty] = [0, 0];
    for (const id of plentyIds) {
      soldPlenty += await soldOf(id);
      stockPlenty += (await stockOf(id))!;
    }

    const ms = (xs: number[]) => `median ${pct(xs, 0.5)} ms, p95 ${pct(xs, 0.95)} ms, slowest ${pct(xs, 1)} ms`;
    for (const [i, o] of outages.entries()) {
      const codes = Object.entries(o.during.reduce<Record<string, number>>((acc, w) => { const k = `${w.status}${w.code ? ` ${w.code}` : ''}`; acc[k] = (acc[k] ?? 0) + 1; return acc; }, {}))
        .map(([k, v]) => `${v} × ${k}`).join(', ');
      log(`kill ${i + 1} (${o.victim} -> ${o.heir}): 503 db_unavailable first ${o.downSeen === undefined ? '—' : o.downSeen - o.at} ms after the kill, ${o.heir} leads at ${o.led! - o.at} ms, writes answer again at ${o.back === undefined ? 'never' : o.back - o.at} ms; `
        + `${o.rejoined ? `${o.victim} back as synchronous standby at ${o.rejoined - o.at} ms; ` : ''}meanwhile ${codes || 'no failed writes'}; writes sent while down answered in ${ms(o.fast.map((w) => w.end - w.start))}`);
    }
    log(`failover load: ${BUYERS} buyers, ${READERS} readers, ${since()} ms; ${ordersAcked} checkouts acknowledged (${ackedIds.length} orders), found in the buyers' lists ${found}, in the database ${written.length}; `
      + `scarce product sold ${soldScarce} + stock ${stockScarce} = ${soldScarce + stockScarce!} (start ${SCARCE}), ${refusedScarce} × out of stock; `
      + `${reads.length} reads, ${readFailures} failed (by status ${JSON.stringify(failedReads)}), longest run of failed reads ${longestFailing} ms (${longestAt}; kills at ${kills.map((k) => since(k.at)).join(', ')} ms), longest time without a successful read ${longestSilence} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);

    expect(other).toEqual([]);
    for (const [i, o] of outages.entries()) {
      expect(o.downSeen, `kill ${i + 1}: writes answered 503 db_unavailable while there was no leader`).toBeDefined();
      expect(o.back, `kill ${i + 1}: writes answered again`).toBeDefined();
      expect(o.back! - o.at, `kill ${i + 1}: writes answer again within 30 s`).toBeLessThanOrEqual(30_000);
      // Meanwhile every write is answered 503, JSON, with Retry-After (repeated by the client with
      // its key). One in flight as the leader died may wait in PgBouncer for a server until the
      // request's deadline (503 `unavailable` after 9 s: ADR 0046)…
      expect(o.during.filter((w) => !(w.status === 503 && (w.code === 'db_unavailable' || w.code === 'unavailable') && w.json && w.retryAfter)).map((w) => `${w.status} ${w.code}`), `kill ${i + 1}: failed writes; the instances logged:\n${failedRequests()}`).toEqual([]);
      // …those sent while the instances know the primary is down are 503 db_unavailable at once.
      expect(o.fast.filter((w) => w.code !== 'db_unavailable').map((w) => `${w.status} ${w.code}`), `kill ${i + 1}: writes sent while down`).toEqual([]);
      const times = o.fast.map((w) => w.end - w.start);
      expect(times.length).toBeGreaterThan(0);
      expect(pct(times, 0.5), `kill ${i + 1}: median 503 answer (ms)`).toBeLessThan(500);
    }
    expect(longestFailing, `reads never fail for more than 2 s in a row; the instances logged:\n${databaseNotes()}`).toBeLessThanOrEqual(2_000);
    expect(missingOrders, 'acknowledged orders missing from their buyer\'s list').toEqual([]);
    expect(found).toBe(ackedIds.length);
    expect(new Set(written.map((o) => o.id))).toEqual(new Set(ackedIds));
    expect(soldScarce).toBeLessThanOrEqual(SCARCE);
    expect(soldScarce + stockScarce!).toBe(SCARCE);
    expect(soldPlenty + stockPlenty).toBe(PLENTY * plentyIds.length);
    expect(soldPlenty + soldScarce).toBe(ackedIds.length);
    // cluster.json names the leader at the end too.
    expect(namesLeader(nodeNamed((await patroniRoles(nodes)).leader))).toBe(true);
  }, 300_000);
});
