import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../db/schema.ts';

let t: TestApp;
let producer: TestUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  producer = await createUser(t, { userType: 'producer' });
  const res = await t.app.inject({
    method: 'POST', url: '/api/products', headers: producer.headers,
    payload: { name: 'Мед од багрема', price: 1500, unit: 'jar', category: 'honey' },
  });
  expect(res.statusCode).toBe(201);
  productId = res.json().id;
});
afterAll(async () => { await t.close(); });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met within 2 s');
}

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

  it('never caches signed-in reads or failures', async () => {
    await get(`/api/products/${productId}`, producer.headers);
    expect((await get(`/api/products/${productId}`, producer.headers)).headers['x-cache']).toBeUndefined();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/products/${missing}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${missing}`)).headers['x-cache']).toBeUndefined();
  });

  it('answers a hit over HTTP before the Fastify pipeline, with the same headers', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/products?limit=5`;
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
    const signedIn = await fetch(url, { headers: producer.headers });
    expect(signedIn.headers.get('x-cache')).toBeNull();
  });
});
