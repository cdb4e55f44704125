import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '../src/shared/search-key.ts';
import { addDays, belgradeInstant, belgradeToday } from '../src/shared/time.ts';
import { households, products, stories, users } from '../src/server/db/schema.ts';
import { createCatalogRepository } from '../src/server/features/catalog/catalog.repository.ts';
import { createPageHead } from '../src/server/plugins/page-head.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * Only confirmed, approved producers that no operator suspended or hid are public
 * (src/server/db/read-models.ts, publicHouseholdCondition): a producer signup that is never
 * confirmed or approved shows up nowhere, appears everywhere (also in the public cache) the
 * moment it is both, and vanishes again (cache included) when suspended or hidden.
 */
let t: TestApp;
let buyer: TestUser;
let householdId: string;
let productId: string;
const WORD = `tajna${randomUUID().slice(0, 6)}`;
const email = `secret-${randomUUID().slice(0, 8)}@test.rs`;

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t);
  await createUser(t, { userType: 'producer', householdName: 'Јавно газдинство' });
  const signup = await t.app.inject({
    method: 'POST', url: '/api/auth/signup', remoteAddress: '10.9.9.9',
    payload: { email, password: 'correct horse battery', name: `Газдинство ${WORD}`, userType: 'producer' },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  householdId = signup.json().userId;
  // What the household would hold if it had a product and a story (as a suspended one will).
  const [product] = await t.database.db.insert(products).values({
    householdId, name: `Ајвар ${WORD}`, pricePara: 50_000, unit: 'jar', category: 'preserves', searchKey: searchKey(`Ајвар ${WORD} Газдинство ${WORD}`),
  }).returning({ id: products.id });
  productId = product!.id;
  await t.database.db.insert(stories).values({ householdId, mediaUrl: '/media/x.webp', mediaType: 'image', expiresAt: new Date(Date.now() + 3_600_000) });
});
afterAll(() => t.close());

describe('an unconfirmed producer', () => {
  it('is in no public answer: lists, search, by id, stories, reviews, link previews', async () => {
    expect(ids((await get('/api/households')).json())).not.toContain(householdId);
    expect((await get(`/api/households/${householdId}`)).statusCode).toBe(404);
    expect((await get(`/api/households/${householdId}`, buyer)).statusCode).toBe(404);

    expect(ids((await get('/api/products?limit=100')).json())).not.toContain(productId);
    expect((await get(`/api/products?householdId=${householdId}`)).json().items).toEqual([]);
    expect((await get(`/api/products?q=${WORD}`)).json().items).toEqual([]);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${productId}/reviews`)).statusCode).toBe(404);

    expect((await get('/api/stories')).json().items.map((s: { householdId: string }) => s.householdId)).not.toContain(householdId);
    expect((await get(`/api/stories?householdId=${householdId}`)).json().items).toEqual([]);

    const headFor = createPageHead({ db: t.database.db, publicUrl: 'https://domace.example' });
    expect(await headFor(`/household/${householdId}`)).toBeNull();
    expect(await headFor(`/product/${productId}`)).toBeNull();
  });

  it('cannot be ordered from: its product is "unavailable" at checkout', async () => {
    const pickupDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: { items: [{ productId, quantity: 1 }], deliveryType: 'pickup', pickupDate, pickupTime: '10:30', contactPhone: '+381641234567' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'order.product_unavailable', details: [{ productId }] });
  });

  it('cannot be followed or reviewed', async () => {
    const follow = await t.app.inject({ method: 'PUT', url: `/api/households/${householdId}/follow`, headers: buyer.headers });
    expect(follow.statusCode).toBe(404);
    const review = await t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers: buyer.headers, payload: { rating: 5, comment: 'Одличан ајвар, баш као домаћи.' } });
    expect(review.statusCode, review.body).toBe(404);
    expect((await get('/api/me/following', buyer)).json().items).toEqual([]);
  });

  it('stays out of every answer once confirmed while it waits for approval, then appears everywhere, also in answers the public cache already held', async () => {
    // Fill the cache with the answer that lacks the household's product.
    await get(`/api/products?q=${WORD}`);
    const cached = await get(`/api/products?q=${WORD}`);
    expect(cached.json().items).toEqual([]);
    expect(cached.headers['x-cache']).toBe('hit');

    // Confirmed behind this app's back (another instance, an operator's SQL): only the
    // database's notification can tell this instance's cache.
    await t.database.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, householdId));
    expect((await get(`/api/products?q=${WORD}`)).json().items).toEqual([]);
    expect((await get(`/api/households/${householdId}`)).statusCode).toBe(404);

    await t.database.db.update(households).set({ status: 'approved' }).where(eq(households.id, householdId));
    expect(ids((await get(`/api/products?q=${WORD}`)).json())).toEqual([productId]);
    expect(ids((await get('/api/households')).json())).toContain(householdId);
    expect((await get(`/api/households/${householdId}`)).json()).toMatchObject({ id: householdId, name: `Газдинство ${WORD}` });
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(200);
    expect((await get(`/api/stories?householdId=${householdId}`)).json().items).toHaveLength(1);
    const headFor = createPageHead({ db: t.database.db, publicUrl: 'https://domace.example' });
    expect(await headFor(`/household/${householdId}`)).toContain(`Газдинство ${WORD}`);
    const follow = await t.app.inject({ method: 'PUT', url: `/api/households/${householdId}/follow`, headers: buyer.headers });
    expect(follow.statusCode).toBeLessThan(300);
  });

  it.each([
    ['a suspended household', { table: 'households', set: { status: 'suspended' as const }, undo: { status: 'approved' as const } }],
    ['a hidden household', { table: 'households', set: { hiddenAt: new Date() }, undo: { hiddenAt: null } }],
    ['a suspended owner', { table: 'users', set: { suspendedAt: new Date() }, undo: { suspendedAt: null } }],
    ['a deleted owner', { table: 'users', set: { deletedAt: new Date() }, undo: { deletedAt: null } }],
  ] as const)('vanishes from every answer as %s, also from answers the public cache held, and comes back when undone', async (_name, change) => {
    const apply = (values: Record<string, unknown>) => (change.table === 'households'
      ? t.database.db.update(households).set(values).where(eq(households.id, householdId))
      : t.database.db.update(users).set(values).where(eq(users.id, householdId)));
    // Cached: the product list and the household's page.
    await get(`/api/products?q=${WORD}`);
    await get(`/api/households/${householdId}`);
    expect((await get(`/api/products?q=${WORD}`)).headers['x-cache']).toBe('hit');

    await apply(change.set);
    expect((await get(`/api/products?q=${WORD}`)).json().items).toEqual([]);
    // The pages without words (prepared statements that read the joined household's row).
    expect(ids((await get('/api/products?limit=100')).json())).not.toContain(productId);
    expect((await get(`/api/products?householdId=${householdId}`)).json().items).toEqual([]);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    expect((await get(`/api/households/${householdId}`)).statusCode).toBe(404);
    expect(ids((await get('/api/households')).json())).not.toContain(householdId);
    expect((await get(`/api/stories?householdId=${householdId}`)).json().items).toEqual([]);

    await apply(change.undo);
    expect(ids((await get(`/api/products?q=${WORD}`)).json())).toEqual([productId]);
    expect(ids((await get(`/api/products?householdId=${householdId}`)).json())).toEqual([productId]);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(200);
    expect((await get(`/api/households/${householdId}`)).statusCode).toBe(200);
  });
});

describe('a promotion with an end day', () => {
  it('tells the public cache when product answers change without a write: the Belgrade midnight after its last day', async () => {
    const catalog = createCatalogRepository(t.database.db, t.database.pool);
    const now = new Date();
    const today = belgradeToday(now);
    await t.database.db.update(products).set({ promoted: false, promotedUntil: null });
    expect(await catalog.nextPromotionEnd(now)).toBeNull();
    await t.database.db.update(products).set({ promoted: true, promotedUntil: addDays(today, 2) }).where(eq(products.id, productId));
    expect((await catalog.nextPromotionEnd(now))?.toISOString()).toBe(belgradeInstant(addDays(today, 3), '00:00').toISOString());
    // A promotion whose day is over, or one with no end, is not waited for.
    await t.database.db.update(products).set({ promotedUntil: addDays(today, -1) }).where(eq(products.id, productId));
    expect(await catalog.nextPromotionEnd(now)).toBeNull();
    await t.database.db.update(products).set({ promotedUntil: null }).where(eq(products.id, productId));
    expect(await catalog.nextPromotionEnd(now)).toBeNull();
  });
});
