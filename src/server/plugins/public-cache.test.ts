import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { households, products, sessions, stories, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createTokens } from '../lib/tokens.ts';
import { parseEnv } from '../config/env.ts';

/** A small budget, so that a flood in a test fills it quickly. */
const BUDGET = 512 * 1024;

let t: TestApp;
let base: string;
let producer: TestUser;
let buyer: TestUser;
let productId: string;

async function createProduct(owner: TestUser, payload: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/products', headers: owner.headers,
    payload: { name: 'Мед од багрема', price: 1500, unit: 'jar', category: 'honey', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_MAX_BYTES: String(BUDGET) });
  producer = await createUser(t, { userType: 'producer' });
  buyer = await createUser(t);
  productId = await createProduct(producer);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t.close(); });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Over HTTP, so that the fast path (before Fastify's pipeline) answers hits. */
async function http(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met within 2 s');
}

const store = () => t.app.publicCache;

describe('the public read cache', () => {
  it('serves a repeated anonymous read from memory', async () => {
    const first = await get(`/api/products/${productId}`);
    const second = await get(`/api/products/${productId}`);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toContain('application/json');
  });

  it('is never stale after a write through this instance', async () => {
    await get('/api/products?limit=24');
    await get('/api/products?limit=24');
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: producer.headers, payload: { price: 1700 } });
    expect(patch.statusCode).toBe(200);
    const after = await get(`/api/products/${productId}`);
    expect(after.json().price).toBe(1700);
    const list = await get('/api/products?limit=24');
    expect(list.headers['x-cache']).toBeUndefined();
    expect(list.json().items.find((p: { id: string }) => p.id === productId).price).toBe(1700);
  });

  it('drops what another instance changed (PostgreSQL NOTIFY at commit)', async () => {
    await get(`/api/products/${productId}`);
    expect((await get(`/api/products/${productId}`)).headers['x-cache']).toBe('hit');
    // Another instance writes straight to the shared database.
    await t.database.db.update(products).set({ pricePara: 199_00 }).where(eq(products.id, productId));
    await eventually(async () => (await get(`/api/products/${productId}`)).json().price === 199);
  });

  it('never caches failures', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await http(`/api/products/${missing}`)).status).toBe(404);
    const again = await http(`/api/products/${missing}`);
    expect(again.status).toBe(404);
    expect(again.cache).toBeNull();
  });

  it('answers a hit over HTTP before the Fastify pipeline, with the same headers', async () => {
    const url = `${base}/api/products?limit=5`;
    const first = await fetch(url);
    const firstBody = await first.text();
    const hit = await fetch(url);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(await hit.text()).toBe(firstBody);
    expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(hit.headers.get('content-type')).toContain('application/json');
    const gzipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('x-cache')).toBe('hit');
    expect(JSON.parse(await gzipped.text())).toEqual(JSON.parse(firstBody)); // fetch inflates it
  });
});

describe('keys', () => {
  it('gives URLs with the same answer one entry: parameter order, percent-encoding, the default limit, the case of search words and ids', async () => {
    const groups = [
      ['/api/products?category=honey&limit=24', '/api/products?limit=24&category=honey', '/api/products?category=%68oney', '/api/products?limit=%32%34&category=h%6Fney'],
      ['/api/products?q=MED&limit=7', '/api/products?limit=7&q=med', '/api/products?q=%4D%65%64&limit=7', '/api/products?q=+med+&limit=7', '/api/products?limit=7&q=Med'],
    ];
    const fresh = await createProduct(producer, { name: 'Šljive', category: 'fruit' });
    groups.push([`/api/products/${fresh}`, `/api/products/${fresh.toUpperCase()}`, `/api/products/${fresh}?utm_source=x`]);
    for (const urls of groups) {
      const sizeBefore = store().entries.size;
      const first = await http(urls[0]!);
      expect(first.status, first.body).toBe(200);
      for (const url of urls.slice(1)) {
        const res = await http(url);
        expect(res.cache, url).toBe('hit');
        expect(res.body).toBe(first.body);
      }
      expect(store().entries.size).toBe(sizeBefore + 1);
    }
    // Search words are what matter: "med" finds the honey in either case.
    expect(JSON.parse((await http('/api/products?q=MED&limit=7')).body).items.map((p: { id: string }) => p.id)).toContain(productId);
  });

  it('answers refused queries as the route does, twice, and stores none of them', async () => {
    const sizeBefore = store().entries.size;
    for (const url of ['/api/products?limit=0', '/api/products?limit=101', '/api/products?LIMIT=24', '/api/products?category=HONEY',
      '/api/products?limit=24&limit=25', '/api/products?foo=1', '/api/products?householdId=nope', '/api/households/x', '/api/households?limit=1000']) {
      const first = await http(url);
      const second = await http(url);
      expect(first.status, url).toBe(400);
      expect(JSON.parse(first.body)).toMatchObject({ code: expect.any(String), error: expect.any(String) });
      expect(second).toEqual(first);
    }
    expect(store().entries.size).toBe(sizeBefore);
  });

  it('keeps a producer\'s own unpublished products out of the shared entry', async () => {
    const hidden = await createProduct(producer, { name: 'Skriveni sir', category: 'dairy', availability: false });
    const url = `/api/products?householdId=${producer.id}&includeUnavailable=true`;
    const anonymous = JSON.parse((await http(url)).body);
    expect(anonymous.items.map((p: { id: string }) => p.id)).not.toContain(hidden);
    const own = await http(url, producer.headers);
    expect(own.cache).toBeNull();
    expect(JSON.parse(own.body).items.map((p: { id: string }) => p.id)).toContain(hidden);
    // …and the shared answer still leaves it out.
    const again = await http(url);
    expect(again.cache).toBe('hit');
    expect(JSON.parse(again.body).items.map((p: { id: string }) => p.id)).not.toContain(hidden);
  });
});

describe('the byte budget', () => {
  it('stays within its bytes under a flood of distinct URLs, evicting the oldest, and keeps answering', async () => {
    // Answers of ~3-30 KB: products with long descriptions.
    const long = 'Домаћи сир из кришке, зрео три месеца. '.repeat(38);
    for (let i = 0; i < 10; i += 1) await createProduct(producer, { name: `Сир ${i}`, category: 'dairy', description: long });
    const urls: string[] = [];
    // 80 distinct answers of 3-30 KB, 220 small ones.
    for (const featured of ['', '&featured=false']) {
      for (const promoted of ['', '&promoted=false']) {
        for (const household of ['', `&householdId=${producer.id}`]) {
          for (let limit = 1; limit <= 10; limit += 1) urls.push(`/api/products?category=dairy&limit=${limit}${featured}${promoted}${household}`);
        }
      }
    }
    for (let i = 0; i < 220; i += 1) urls.push(`/api/products?householdId=${randomUUID()}&limit=${1 + (i % 100)}`);
    for (let i = 0; i < urls.length; i += 20) {
      const answers = await Promise.all(urls.slice(i, i + 20).map((u) => http(u)));
      for (const a of answers) expect(a.status).toBe(200);
      expect(store().entries.calculatedSize).toBeLessThanOrEqual(BUDGET);
    }
    // The budget is really used (sizes are counted, not guessed low) and old entries are gone.
    expect(store().entries.calculatedSize).toBeGreaterThan(BUDGET / 2);
    expect(store().entries.size).toBeLessThan(urls.length);
    // Still answering, and answering right.
    const feed = await http('/api/products?category=dairy&limit=3');
    expect(feed.status).toBe(200);
    expect(JSON.parse(feed.body).items).toHaveLength(3);
    expect((await http('/api/products?category=dairy&limit=3')).cache).toBe('hit');
  });

  it('counts the gzip copy of an entry once it is made', async () => {
    const url = '/api/products?category=dairy&limit=8'; // ~24 KB (the products of the test above)
    await http(url, { 'accept-encoding': 'identity' });
    expect((await http(url, { 'accept-encoding': 'identity' })).cache).toBe('hit');
    const key = store().keyOf(url, false)!.key;
    const plainSize = store().entries.info(key)!.size!;
    expect((await http(url, { 'accept-encoding': 'gzip' })).cache).toBe('hit');
    expect(store().entries.info(key)!.size!).toBeGreaterThan(plainSize);
    expect(store().entries.calculatedSize).toBeLessThanOrEqual(BUDGET);
  });
});

describe('invalidation', () => {
  it('keeps product answers through a follow, a login, a token refresh and a logout; the household answer shows the follow at once', async () => {
    const farm = await createUser(t, { userType: 'producer' });
    const farmProduct = await createProduct(farm);
    const reads = ['/api/products?limit=24', `/api/products/${farmProduct}`, `/api/products?householdId=${farm.id}`];
    for (const url of reads) await http(url);
    await http(`/api/households/${farm.id}`);
    expect((await http(`/api/households/${farm.id}`)).cache).toBe('hit');

    // A login, a refresh and a logout of a real account.
    const email = `login-${randomUUID().slice(0, 8)}@test.rs`;
    await t.database.db.insert(users).values({ email, name: 'Ана', userType: 'customer', passwordHash: await hashPassword('domace-test-password'), confirmedAt: new Date() });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'domace-test-password' } });
    expect(login.statusCode, login.body).toBe(200);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: login.json().refreshToken } });
    expect(refresh.statusCode, refresh.body).toBe(200);
    const follow = await t.app.inject({ method: 'PUT', url: `/api/households/${farm.id}/follow`, headers: buyer.headers });
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${refresh.json().accessToken}` }, payload: {} });
    expect(logout.statusCode, logout.body).toBe(200);

    for (const url of reads) expect((await http(url)).cache, url).toBe('hit');
    const household = await http(`/api/households/${farm.id}`);
    expect(household.cache).toBeNull();
    expect(JSON.parse(household.body)).toMatchObject({ followerCount: 1, isFollowing: false });
    expect((await http(`/api/households/${farm.id}`)).cache).toBe('hit');
  });

  it('refreshes a household\'s answer and every product answer carrying its name when it is renamed', async () => {
    await http(`/api/products/${productId}`);
    await http(`/api/households/${producer.id}`);
    const rename = await t.app.inject({ method: 'PATCH', url: `/api/households/${producer.id}`, headers: producer.headers, payload: { name: 'Пчелињак Јовановић' } });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(JSON.parse((await http(`/api/products/${productId}`)).body).householdName).toBe('Пчелињак Јовановић');
    expect(JSON.parse((await http(`/api/households/${producer.id}`)).body).name).toBe('Пчелињак Јовановић');
    // Renamed by another instance, straight in the database.
    await t.database.db.update(households).set({ name: 'Pčelinjak J.' }).where(eq(households.id, producer.id));
    expect(JSON.parse((await http(`/api/products?householdId=${producer.id}`)).body).items[0].householdName).toBe('Pčelinjak J.');
  });
});

describe('signed-in callers', () => {
  it('get the feed from the cache, byte for byte the anonymous answer', async () => {
    const anonymous = await http('/api/products?limit=12');
    const signedIn = await http('/api/products?limit=12', buyer.headers);
    expect(signedIn.status).toBe(200);
    expect(signedIn.cache).toBe('hit');
    expect(signedIn.body).toBe(anonymous.body);
    await http(`/api/products/${productId}`);
    const product = await http(`/api/products/${productId}`, buyer.headers);
    expect(product.cache).toBe('hit');
  });

  it('get their own isFollowing on a household, never the cached anonymous one', async () => {
    const farm = await createUser(t, { userType: 'producer' });
    await http(`/api/households/${farm.id}`);
    await t.app.inject({ method: 'PUT', url: `/api/households/${farm.id}/follow`, headers: buyer.headers });
    const mine = await http(`/api/households/${farm.id}`, buyer.headers);
    expect(mine.cache).toBeNull();
    expect(JSON.parse(mine.body)).toMatchObject({ isFollowing: true, followerCount: 1 });
    await http(`/api/households/${farm.id}`);
    const anonymous = await http(`/api/households/${farm.id}`);
    expect(anonymous.cache).toBe('hit');
    expect(JSON.parse(anonymous.body)).toMatchObject({ isFollowing: false, followerCount: 1 });
  });

  it('with a bad token get the same answer as without the cache', async () => {
    const cached = '/api/products?limit=12';
    await http(cached);
    expect((await http(cached)).cache).toBe('hit');
    const expired = await createTokens('test-secret-that-is-long-enough-for-hs256', () => new Date(t.clock.now().getTime() - 3600_000))
      .sign({ id: buyer.id, email: buyer.email, name: buyer.name, userType: 'customer' }, buyer.sessionId);
    const otherSecret = await createTokens('another-secret-that-is-long-enough-for-hs256', t.clock.now)
      .sign({ id: buyer.id, email: buyer.email, name: buyer.name, userType: 'customer' }, buyer.sessionId);
    const idToken = (await t.tokens.sign({ id: buyer.id, email: buyer.email, name: buyer.name, userType: 'customer' }, buyer.sessionId)).idToken;
    const unknownSession = (await t.tokens.sign({ id: buyer.id, email: buyer.email, name: buyer.name, userType: 'customer' }, randomUUID())).accessToken;
    const headers = ['Bearer garbage', 'Basic a2FrYTpzaWZyYQ==', 'Bearer', `Bearer ${expired.accessToken}`, `Bearer ${otherSecret.accessToken}`, `Bearer ${idToken}`, `Bearer ${unknownSession}`];
    for (const authorization of headers) {
      const fromCache = await http(cached, { authorization });
      const uncached = await http(`/api/products?limit=11&category=honey`, { authorization });
      expect(fromCache.status, authorization).toBe(401);
      expect(fromCache.cache).toBeNull();
      expect(fromCache.body).toBe(uncached.body);
      // The product route does not read the caller: a bad token changes nothing there.
      const product = await http(`/api/products/${productId}`, { authorization });
      expect(product.status).toBe(200);
    }
  });

  it('are refused at once when their session ends, through this instance or another', async () => {
    const reader = await createUser(t);
    expect((await http('/api/products?limit=12', reader.headers)).cache).toBe('hit');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: reader.headers, payload: {} });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await http('/api/products?limit=12', reader.headers)).status).toBe(401);

    const other = await createUser(t);
    expect((await http('/api/products?limit=12', other.headers)).cache).toBe('hit');
    await t.database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.id, other.sessionId));
    expect((await http('/api/products?limit=12', other.headers)).status).toBe(401);
    // Everyone else is still served from memory.
    expect((await http('/api/products?limit=12', buyer.headers)).cache).toBe('hit');
  });
});

describe('time', () => {
  // Last: it moves the app clock past the access tokens' lifetime.
  it('shows a story on the cached household answer and ends it at its expiry, by the app clock', async () => {
    const farm = await createUser(t, { userType: 'producer' });
    await http(`/api/households/${farm.id}`);
    expect(JSON.parse((await http(`/api/households/${farm.id}`)).body).hasActiveStory).toBe(false);
    const now = t.clock.now();
    await t.database.db.insert(stories).values({ householdId: farm.id, mediaUrl: '/media/s.webp', mediaType: 'image', createdAt: now, expiresAt: new Date(now.getTime() + 3600_000) });
    expect(JSON.parse((await http(`/api/households/${farm.id}`)).body).hasActiveStory).toBe(true);
    expect((await http(`/api/households/${farm.id}`)).cache).toBe('hit');
    t.clock.advance(3600_000 - 1);
    expect(JSON.parse((await http(`/api/households/${farm.id}`)).body).hasActiveStory).toBe(true);
    t.clock.advance(1);
    const expired = await http(`/api/households/${farm.id}`);
    expect(expired.cache).toBeNull();
    expect(JSON.parse(expired.body).hasActiveStory).toBe(false);
    expect((await http(`/api/households/${farm.id}`)).cache).toBe('hit');
  });
});

describe('configuration', () => {
  it('takes its budget from PUBLIC_CACHE_MAX_BYTES (32 MB by default); 0 turns the cache off', async () => {
    expect(parseEnv({}).publicCacheMaxBytes).toBe(32 * 1024 * 1024);
    expect(() => parseEnv({ PUBLIC_CACHE_MAX_BYTES: '-1' })).toThrow(/PUBLIC_CACHE_MAX_BYTES="-1"/);
    expect(() => parseEnv({ PUBLIC_CACHE_MAX_BYTES: 'lots' })).toThrow(/PUBLIC_CACHE_MAX_BYTES/);
    const off = await createTestApp({ PUBLIC_CACHE_MAX_BYTES: '0' });
    try {
      const seller = await createUser(off, { userType: 'producer' });
      const res = await off.app.inject({ method: 'POST', url: '/api/products', headers: seller.headers, payload: { name: 'Ајвар', price: 900, unit: 'jar', category: 'preserves' } });
      expect(res.statusCode).toBe(201);
      const address = await off.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 3; i += 1) {
        const feed = await fetch(`${address}/api/products?limit=5`);
        expect(feed.headers.get('x-cache')).toBeNull();
        expect((await feed.json()).items.map((p: { id: string }) => p.id)).toEqual([res.json().id]);
      }
    } finally {
      await off.close();
    }
  });
});
