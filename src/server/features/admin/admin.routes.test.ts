import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { adminAudit, orderItems, orders, stories, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

let t: TestApp;
let operator: TestUser;
let buyer: TestUser;
let farm: TestUser;

type Who = 'anonymous' | 'buyer' | 'producer';
const headersOf = (who: Who | TestUser) =>
  who === 'anonymous' ? {} : who === 'buyer' ? buyer.headers : who === 'producer' ? farm.headers : who.headers;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who | TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: headersOf(who), ...(payload ? { payload } : {}) });

async function makeOperator(user: TestUser) {
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
}

async function auditCount() {
  return (await t.database.db.select({ id: adminAudit.id }).from(adminAudit)).length;
}

async function order(buyerId: string, householdId: string, totalRsd: number, status: 'pending' | 'completed' | 'cancelled', createdAt = new Date(), productId?: string) {
  const [row] = await t.database.db.insert(orders).values({
    checkoutId: randomUUID(), buyerId, householdId, status, deliveryType: 'pickup', pickupDate: '2025-06-01', pickupTime: '10:00',
    contactPhone: '+381641234567', totalPara: Math.round(totalRsd * 100), createdAt,
  }).returning({ id: orders.id });
  if (productId) await t.database.db.insert(orderItems).values({ orderId: row!.id, productId, name: 'x', unit: 'kg', unitPricePara: Math.round(totalRsd * 100), quantity: 1 });
  return row!.id;
}

const feedIds = async (query = '') => (await call('GET', `/api/products${query}`, 'anonymous')).json().items.map((p: { id: string }) => p.id);
const productOf = async (id: string) => (await call('GET', `/api/products/${id}`, 'anonymous')).json();

beforeAll(async () => {
  t = await createTestApp();
  operator = await createUser(t, { name: 'Оператер' });
  await makeOperator(operator);
  buyer = await createUser(t, { name: 'Купац' });
  farm = await createUser(t, { userType: 'producer', householdName: 'Фарма' });
});
afterAll(() => t.close());

describe('/api/admin/* refuses everyone but operators, and changes nothing then', () => {
  const routes: Array<[method: 'GET' | 'POST' | 'PATCH', url: () => string, body?: object]> = [
    ['GET', () => '/api/admin/producers?status=pending'],
    ['POST', () => `/api/admin/producers/${farm.id}/approve`, {}],
    ['POST', () => `/api/admin/producers/${farm.id}/suspend`, { reason: 'x' }],
    ['POST', () => `/api/admin/producers/${farm.id}/reinstate`, {}],
    ['GET', () => '/api/admin/products'],
    ['PATCH', () => `/api/admin/products/${randomUUID()}`, { promoted: true }],
    ['GET', () => '/api/admin/reports?status=open'],
    ['POST', () => `/api/admin/reports/${randomUUID()}/resolve`, { action: 'hide' }],
    ['POST', () => `/api/admin/content/product/${randomUUID()}/restore`],
    ['GET', () => '/api/admin/users'],
    ['POST', () => `/api/admin/users/${buyer.id}/suspend`, {}],
    ['POST', () => `/api/admin/users/${buyer.id}/reinstate`, {}],
    ['GET', () => '/api/admin/audit'],
    ['GET', () => '/api/admin/stats?days=30'],
  ];

  it('answers 401 to anonymous and 403 to buyers and producers, even with a bad body', async () => {
    const before = await auditCount();
    for (const [method, url, body] of routes) {
      const anon = await call(method, url(), 'anonymous', body);
      expect(anon.statusCode, `${method} ${url()}`).toBe(401);
      expect(anon.json().code).toBe('unauthorized');
      for (const who of ['buyer', 'producer'] as const) {
        const res = await call(method, url(), who, body);
        expect(res.statusCode, `${who} ${method} ${url()}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      // Hostile input does not get past the guard either.
      expect((await call(method, url(), 'buyer', { isAdmin: true, junk: 'x'.repeat(100) })).statusCode).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    const [row] = await t.database.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, buyer.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it('answers operators', async () => {
    for (const url of ['/api/admin/producers', '/api/admin/products', '/api/admin/reports', '/api/admin/users', '/api/admin/audit', '/api/admin/stats']) {
      const res = await call('GET', url, operator);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('shows isAdmin on /api/me and never lets the API set it', async () => {
    expect((await call('GET', '/api/me', operator)).json()).toMatchObject({ isAdmin: true });
    expect((await call('GET', '/api/me', 'buyer')).json()).toMatchObject({ isAdmin: false });
    expect((await call('PATCH', '/api/me', 'buyer', { isAdmin: true })).statusCode).toBe(400);
    expect((await call('GET', '/api/me', 'buyer')).json()).toMatchObject({ isAdmin: false });
    expect((await call('GET', '/api/admin/audit', 'buyer')).statusCode).toBe(403);
  });

  it('stops answering an operator whose role is revoked', async () => {
    const other = await createUser(t);
    await makeOperator(other);
    expect((await call('GET', '/api/admin/audit', other)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, other.id));
    expect((await call('GET', '/api/admin/audit', other)).statusCode).toBe(403);
  });
});

describe('producer approval', () => {
  async function signUpProducer(t2: TestApp, email: string) {
    await t2.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'lozinka-123', name: 'Нови Произвођач', userType: 'producer', language: 'en' } });
    await t2.app.outbox.drain();
    const code = /\b(\d{6})\b/.exec(t2.mails.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
    expect((await t2.app.inject({ method: 'POST', url: '/api/auth/confirm-signup', payload: { email, code } })).statusCode).toBe(200);
    await t2.app.outbox.drain();
    const login = await t2.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'lozinka-123' } });
    return { headers: { authorization: `Bearer ${login.json().accessToken}` } };
  }

  it('keeps a confirmed producer pending (manual): it prepares products, nothing is public until approved; operators and the owner are mailed', async () => {
    const email = `new-${randomUUID().slice(0, 6)}@test.rs`;
    const producer = await signUpProducer(t, email);
    expect(t.mails.some((m) => m.to === operator.email && m.text.includes(email))).toBe(true);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: producer.headers })).json();
    expect(me).toMatchObject({ householdStatus: 'pending', isAdmin: false });

    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: producer.headers, payload: { name: 'Ајвар нови', description: 'Љути ајвар.', price: 900, unit: 'jar', category: 'preserves' } });
    expect(created.statusCode).toBe(201);
    const productId = created.json().id;
    expect(await feedIds()).not.toContain(productId);
    expect((await call('GET', `/api/products/${productId}`, 'anonymous')).statusCode).toBe(404);
    expect((await call('GET', `/api/households/${me.id}`, 'anonymous')).statusCode).toBe(404);
    expect((await call('GET', '/api/households', 'anonymous')).json().items.map((h: { id: string }) => h.id)).not.toContain(me.id);
    // The owner sees its own page and stories while it waits.
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${me.id}`, headers: producer.headers })).statusCode).toBe(200);
    await t.database.db.insert(stories).values({ householdId: me.id, mediaUrl: '/media/p.webp', mediaType: 'image', expiresAt: new Date(Date.now() + 3600_000) });
    expect((await t.app.inject({ method: 'GET', url: `/api/stories?householdId=${me.id}`, headers: producer.headers })).json().items).toHaveLength(1);
    expect((await call('GET', `/api/stories?householdId=${me.id}`, 'anonymous')).json().items).toHaveLength(0);
    expect((await call('GET', `/api/stories?householdId=${me.id}`, 'buyer')).json().items).toHaveLength(0);

    const pending = (await call('GET', '/api/admin/producers?status=pending', operator)).json();
    expect(pending.items).toEqual(expect.arrayContaining([expect.objectContaining({
      id: me.id, status: 'pending', ownerEmail: email, createdAt: expect.any(String), counts: expect.objectContaining({ products: 1 }),
    })]));
    expect(pending.items.map((h: { id: string }) => h.id)).not.toContain(farm.id);

    const approved = await call('POST', `/api/admin/producers/${me.id}/approve`, operator, { reason: 'Све у реду' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id: me.id, status: 'approved' });
    expect(await feedIds()).toContain(productId);
    expect((await call('GET', `/api/households/${me.id}`, 'anonymous')).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === email).at(-1)?.subject).toBe('Domaće: your household is approved');
    // Approving twice is refused.
    const again = await call('POST', `/api/admin/producers/${me.id}/approve`, operator, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('admin.invalid_status');

    const audit = (await call('GET', '/api/admin/audit', operator)).json().items;
    expect(audit[0]).toMatchObject({ adminId: operator.id, action: 'producer.approve', targetType: 'household', targetId: me.id, reason: 'Све у реду', id: expect.any(String), createdAt: expect.any(String) });
  });

  it('approves at confirmation with PRODUCER_APPROVAL=auto', async () => {
    const t2 = await createTestApp({ PRODUCER_APPROVAL: 'auto' });
    try {
      const email = `auto-${randomUUID().slice(0, 6)}@test.rs`;
      const producer = await signUpProducer(t2, email);
      const me = (await t2.app.inject({ method: 'GET', url: '/api/me', headers: producer.headers })).json();
      expect(me.householdStatus).toBe('approved');
      expect((await t2.app.inject({ method: 'GET', url: `/api/households/${me.id}` })).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('suspends a household: it, its products, stories and its reviews vanish at once; reinstate brings them back', async () => {
    const shop = await createUser(t, { userType: 'producer', householdName: 'Суспендована' });
    const product = await createProduct(t, shop.id, { name: 'Сумњив мед' });
    const other = await createProduct(t, farm.id, { name: 'Туђи сир' });
    await t.database.db.insert(stories).values({ householdId: shop.id, mediaUrl: '/media/s.webp', mediaType: 'image', expiresAt: new Date(Date.now() + 3600_000) });
    expect((await call('POST', `/api/products/${other}/reviews`, shop, { rating: 1, comment: 'Лош сир, не купујте.' })).statusCode).toBe(201);
    expect(await productOf(other)).toMatchObject({ reviewCount: 1, rating: 1 });

    const res = await call('POST', `/api/admin/producers/${shop.id}/suspend`, operator, { reason: 'Лажни производи' });
    expect(res.json()).toEqual({ id: shop.id, status: 'suspended' });
    expect(await feedIds()).not.toContain(product);
    expect((await call('GET', `/api/products/${product}`, 'anonymous')).statusCode).toBe(404);
    expect((await call('GET', `/api/stories?householdId=${shop.id}`, 'anonymous')).json().items).toEqual([]);
    expect((await call('GET', `/api/products/${other}/reviews`, 'anonymous')).json().items).toEqual([]);
    expect(await productOf(other)).toMatchObject({ reviewCount: 0, rating: 0 });
    expect((await call('GET', '/api/admin/producers?status=suspended', operator)).json().items.map((h: { id: string }) => h.id)).toContain(shop.id);

    expect((await call('POST', `/api/admin/producers/${shop.id}/reinstate`, operator)).json()).toEqual({ id: shop.id, status: 'approved' });
    expect(await feedIds()).toContain(product);
    expect(await productOf(other)).toMatchObject({ reviewCount: 1, rating: 1 });
    expect((await call('POST', `/api/admin/producers/${randomUUID()}/suspend`, operator, {})).statusCode).toBe(404);
    // No body at all, even with a JSON content type, is an empty { reason? }; broken JSON is a 400.
    const bare = await t.app.inject({ method: 'POST', url: `/api/admin/producers/${shop.id}/suspend`, headers: { ...operator.headers, 'content-type': 'application/json' } });
    expect(bare.json()).toEqual({ id: shop.id, status: 'suspended' });
    const broken = await t.app.inject({ method: 'POST', url: `/api/admin/producers/${shop.id}/reinstate`, headers: { ...operator.headers, 'content-type': 'application/json' }, payload: '{"reason":' });
    expect(broken.statusCode).toBe(400);
    expect((await call('POST', `/api/admin/producers/${shop.id}/reinstate`, operator, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/producers/${shop.id}/reinstate`, operator)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/producers/not-a-uuid/suspend`, operator, {})).statusCode).toBe(400);
  });
});

describe('promotions', () => {
  it('only operators promote; the promoted tab shows current promotions only', async () => {
    const a = await createProduct(t, farm.id, { name: 'Промо А' });
    const b = await createProduct(t, farm.id, { name: 'Промо Б' });
    const c = await createProduct(t, farm.id, { name: 'Промо Ц' });
    expect((await call('PATCH', `/api/admin/products/${a}`, 'producer', { promoted: true })).statusCode).toBe(403);
    expect((await productOf(a)).promoted).toBe(false);

    const res = await call('PATCH', `/api/admin/products/${a}`, operator, { promoted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a, promoted: true, promotedUntil: null });
    expect((await call('PATCH', `/api/admin/products/${b}`, operator, { promoted: true, promotedUntil: '2999-12-31' })).json()).toMatchObject({ promotedUntil: '2999-12-31' });
    await call('PATCH', `/api/admin/products/${c}`, operator, { promoted: true, promotedUntil: '2020-01-01' });
    const promoted = await feedIds('?promoted=true');
    expect(promoted).toEqual(expect.arrayContaining([a, b]));
    expect(promoted).not.toContain(c);
    expect((await productOf(c)).promoted).toBe(false);

    t.clock.advance(1000);
    expect((await call('PATCH', `/api/admin/products/${a}`, operator, { promoted: false })).json()).toMatchObject({ promoted: false, promotedUntil: null });
    expect(await feedIds('?promoted=true')).not.toContain(a);
    for (const bad of [{ promoted: 'yes' }, { promoted: true, promotedUntil: '31.12.2030' }, { promoted: true, promotedUntil: '2030-02-30' }, { promoted: true, featured: true }]) {
      expect((await call('PATCH', `/api/admin/products/${b}`, operator, bad)).statusCode).toBe(400);
    }
    expect((await call('PATCH', `/api/admin/products/${randomUUID()}`, operator, { promoted: true })).statusCode).toBe(404);
    const audit = (await call('GET', '/api/admin/audit?limit=10', operator)).json().items;
    expect(audit.filter((e: { action: string; targetId: string }) => e.targetId === a).map((e: { action: string }) => e.action)).toEqual(['product.unpromote', 'product.promote']);
  });
});

describe('reports, hiding and restoring', () => {
  it('takes one open report per user and target, validates it, and needs sign-in', async () => {
    const product = await createProduct(t, farm.id, { name: 'Пријављени' });
    const body = { targetType: 'product', targetId: product, reason: 'spam', note: 'Реклама' };
    expect((await call('POST', '/api/reports', 'anonymous', body)).statusCode).toBe(401);
    const first = await call('POST', '/api/reports', 'buyer', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ targetType: 'product', targetId: product, reason: 'spam', note: 'Реклама', status: 'open', reporterId: buyer.id });
    const second = await call('POST', '/api/reports', 'buyer', { ...body, reason: 'fake' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('report.duplicate');
    expect((await call('POST', '/api/reports', 'producer', body)).statusCode).toBe(201);
    for (const bad of [{ ...body, reason: 'boring' }, { ...body, targetType: 'order' }, { ...body, targetId: 'x' }, { ...body, note: 'x'.repeat(1001) }, { ...body, status: 'resolved' }]) {
      expect((await call('POST', '/api/reports', 'buyer', bad)).statusCode).toBe(400);
    }
    expect((await call('POST', '/api/reports', 'buyer', { ...body, targetId: randomUUID() })).statusCode).toBe(404);
  });

  it('hides a reported review (ratings recomputed), keeps it, and restores it', async () => {
    const product = await createProduct(t, farm.id, { name: 'Оцењени' });
    const author = await createUser(t, { name: 'Лажни Рецензент' });
    await call('POST', `/api/products/${product}/reviews`, 'buyer', { rating: 5, comment: 'Одлично, препоручујем.' });
    const review = (await call('POST', `/api/products/${product}/reviews`, author, { rating: 1, comment: 'Ужасно, лажна рецензија.' })).json();
    expect(await productOf(product)).toMatchObject({ rating: 3, reviewCount: 2 });

    const reported = (await call('POST', '/api/reports', 'buyer', { targetType: 'review', targetId: review.id, reason: 'fake' })).json();
    const queue = (await call('GET', '/api/admin/reports?status=open', operator)).json().items;
    expect(queue).toEqual(expect.arrayContaining([expect.objectContaining({ id: reported.id, targetText: 'Ужасно, лажна рецензија.', targetHidden: false })]));

    const resolved = await call('POST', `/api/admin/reports/${reported.id}/resolve`, operator, { action: 'hide' });
    expect(resolved.statusCode).toBe(200);
    expect(await productOf(product)).toMatchObject({ rating: 5, reviewCount: 1 });
    const listed = (await call('GET', `/api/products/${product}/reviews`, 'anonymous')).json().items;
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(review.id);
    expect((await call('GET', `/api/admin/reports/${reported.id}/resolve`, operator)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/reports/${reported.id}/resolve`, operator, { action: 'dismiss' })).json().code).toBe('report.already_resolved');
    const done = (await call('GET', '/api/admin/reports?status=resolved', operator)).json().items;
    expect(done).toEqual(expect.arrayContaining([expect.objectContaining({ id: reported.id, resolution: 'hide', targetHidden: true })]));
    // Once resolved, the same user may report the target again.
    expect((await call('POST', '/api/reports', 'buyer', { targetType: 'review', targetId: review.id, reason: 'fake' })).statusCode).toBe(201);

    expect((await call('POST', `/api/admin/content/review/${review.id}/restore`, 'buyer')).statusCode).toBe(403);
    t.clock.advance(1000);
    const restored = await call('POST', `/api/admin/content/review/${review.id}/restore`, operator);
    expect(restored.json()).toEqual({ type: 'review', id: review.id, hidden: false });
    expect(await productOf(product)).toMatchObject({ rating: 3, reviewCount: 2 });
    expect((await call('POST', `/api/admin/content/review/${randomUUID()}/restore`, operator)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/content/order/${randomUUID()}/restore`, operator)).statusCode).toBe(400);
    const actions = (await call('GET', '/api/admin/audit', operator)).json().items
      .filter((e: { targetId: string }) => e.targetId === review.id).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['content.restore', 'report.hide']);
  });

  it('hides products, households and buyer pages from every public answer; dismiss changes nothing', async () => {
    const shop = await createUser(t, { userType: 'producer', householdName: 'Скривена' });
    const product = await createProduct(t, shop.id, { name: 'Скривени' });
    const someone = await createUser(t, { name: 'Пријављени Купац' });

    const dismissed = (await call('POST', '/api/reports', 'buyer', { targetType: 'product', targetId: product, reason: 'other' })).json();
    await call('POST', `/api/admin/reports/${dismissed.id}/resolve`, operator, { action: 'dismiss' });
    expect(await feedIds()).toContain(product);

    const byProduct = (await call('POST', '/api/reports', 'buyer', { targetType: 'product', targetId: product, reason: 'unsafe_food' })).json();
    await call('POST', `/api/admin/reports/${byProduct.id}/resolve`, operator, { action: 'hide' });
    expect(await feedIds()).not.toContain(product);
    expect((await call('GET', `/api/products/${product}`, 'anonymous')).statusCode).toBe(404);
    await call('POST', `/api/admin/content/product/${product}/restore`, operator);
    expect(await feedIds()).toContain(product);

    const byHousehold = (await call('POST', '/api/reports', 'buyer', { targetType: 'household', targetId: shop.id, reason: 'fake' })).json();
    await call('POST', `/api/admin/reports/${byHousehold.id}/resolve`, operator, { action: 'hide' });
    expect((await call('GET', `/api/households/${shop.id}`, 'anonymous')).statusCode).toBe(404);
    expect(await feedIds()).not.toContain(product);

    const byBuyer = (await call('POST', '/api/reports', 'buyer', { targetType: 'buyer', targetId: someone.id, reason: 'offensive' })).json();
    await call('POST', `/api/admin/reports/${byBuyer.id}/resolve`, operator, { action: 'hide' });
    expect((await call('GET', `/api/buyers/${someone.id}`, 'anonymous')).statusCode).toBe(404);
    await call('POST', `/api/admin/content/buyer/${someone.id}/restore`, operator);
    expect((await call('GET', `/api/buyers/${someone.id}`, 'anonymous')).statusCode).toBe(200);
  });
});

describe('user suspension', () => {
  it('ends the tokens at once, refuses login with auth.suspended, and reinstates', async () => {
    const email = `susp-${randomUUID().slice(0, 6)}@test.rs`;
    await t.database.db.insert(users).values({ email, passwordHash: await hashPassword('lozinka-123'), name: 'Суспендовани', confirmedAt: new Date() });
    const login = await call('POST', '/api/auth/login', 'anonymous', { email, password: 'lozinka-123' });
    const { accessToken, refreshToken } = login.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers })).json();

    expect((await call('POST', `/api/admin/users/${me.id}/suspend`, operator, { reason: 'Спам' })).json()).toEqual({ id: me.id, suspended: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/refresh', 'anonymous', { refreshToken })).statusCode).toBe(401);
    const refused = await call('POST', '/api/auth/login', 'anonymous', { email, password: 'lozinka-123' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.suspended');
    // A wrong password still answers as before: suspension is not revealed to guessers.
    expect((await call('POST', '/api/auth/login', 'anonymous', { email, password: 'pogresna-123' })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/users?status=suspended', operator)).json().items.map((u: { id: string }) => u.id)).toContain(me.id);
    expect((await call('POST', `/api/admin/users/${me.id}/suspend`, operator)).statusCode).toBe(409);

    t.clock.advance(1000);
    expect((await call('POST', `/api/admin/users/${me.id}/reinstate`, operator)).json()).toEqual({ id: me.id, suspended: false });
    expect((await call('POST', '/api/auth/login', 'anonymous', { email, password: 'lozinka-123' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/users/${operator.id}/suspend`, operator)).json().code).toBe('admin.self');
    const actions = (await call('GET', '/api/admin/audit', operator)).json().items
      .filter((e: { targetId: string }) => e.targetId === me.id).map((e: { action: string; reason: string | null }) => [e.action, e.reason]);
    expect(actions).toEqual([['user.reinstate', null], ['user.suspend', 'Спам']]);
  });
});

describe('stats', () => {
  it('counts orders not cancelled, revenue in RSD, distinct buyers and producers, by Europe/Belgrade day', async () => {
    const t2 = await createTestApp();
    try {
      const op = await createUser(t2);
      await t2.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, op.id));
      const shopA = await createUser(t2, { userType: 'producer' });
      const shopB = await createUser(t2, { userType: 'producer' });
      const b1 = await createUser(t2);
      const b2 = await createUser(t2);
      const now = new Date('2026-03-10T12:00:00Z');
      t2.clock.set(now);
      const ins = async (buyerId: string, hh: string, rsd: number, status: 'pending' | 'completed' | 'cancelled', at: string) => {
        await t2.database.db.insert(orders).values({
          checkoutId: randomUUID(), buyerId, householdId: hh, status, deliveryType: 'pickup', pickupDate: '2026-03-10', pickupTime: '10:00',
          contactPhone: '+381641234567', totalPara: Math.round(rsd * 100), createdAt: new Date(at),
        });
      };
      await ins(b1.id, shopA.id, 1000.5, 'completed', '2026-03-10T08:00:00Z');
      await ins(b2.id, shopB.id, 500, 'pending', '2026-03-10T09:00:00Z');
      await ins(b1.id, shopA.id, 999, 'cancelled', '2026-03-10T09:30:00Z');
      // 23:30 UTC on 8 March is 00:30 on 9 March in Belgrade.
      await ins(b2.id, shopA.id, 250, 'completed', '2026-03-08T23:30:00Z');
      // Outside a 3-day window.
      await ins(b1.id, shopB.id, 7000, 'completed', '2026-03-07T12:00:00Z');

      const res = await t2.app.inject({ method: 'GET', url: '/api/admin/stats?days=3', headers: op.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        days: 3, from: '2026-03-08', to: '2026-03-10', orders: 3, revenue: 1750.5, buyers: 2, producers: 2,
        byDay: [{ date: '2026-03-08', orders: 0, revenue: 0 }, { date: '2026-03-09', orders: 1, revenue: 250 }, { date: '2026-03-10', orders: 2, revenue: 1500.5 }],
        deposits: { held: { count: 0, amount: 0 }, refundsDue: { count: 0, amount: 0 } },
      });
      expect((await t2.app.inject({ method: 'GET', url: '/api/admin/stats', headers: op.headers })).json().byDay).toHaveLength(30);
      for (const bad of ['0', '367', 'x']) {
        expect((await t2.app.inject({ method: 'GET', url: `/api/admin/stats?days=${bad}`, headers: op.headers })).statusCode).toBe(400);
      }
    } finally {
      await t2.close();
    }
  });
});

describe('stats kept by the database (migration 0020)', () => {
  it('stay exact across summer time, cancellations, a new total and an order committed into a closed day; a day is closed once', async () => {
    const t2 = await createTestApp();
    try {
      const op = await createUser(t2);
      await t2.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, op.id));
      const shopA = await createUser(t2, { userType: 'producer' });
      const shopB = await createUser(t2, { userType: 'producer' });
      const [b1, b2, b3] = [await createUser(t2), await createUser(t2), await createUser(t2)];
      // Summer time ended on 25 October 2026 (03:00 CEST became 02:00 CET): a 25-hour day.
      t2.clock.set(new Date('2026-10-27T10:00:00Z'));
      const ins = async (buyerId: string, hh: string, rsd: number, at: string) => {
        const [row] = await t2.database.db.insert(orders).values({
          checkoutId: randomUUID(), buyerId, householdId: hh, status: 'pending', deliveryType: 'pickup', pickupDate: '2026-10-28', pickupTime: '10:00',
          contactPhone: '+381641234567', totalPara: rsd * 100, createdAt: new Date(at),
        }).returning({ id: orders.id });
        return row!.id;
      };
      await ins(b1.id, shopA.id, 100, '2026-10-24T22:30:00Z'); // 00:30 CEST, 25 Oct
      await ins(b2.id, shopB.id, 200, '2026-10-24T21:59:59Z'); // 23:59:59 CEST, 24 Oct
      const c = await ins(b2.id, shopA.id, 300, '2026-10-25T22:59:59Z'); // 23:59:59 CET, 25 Oct
      const d = await ins(b3.id, shopB.id, 400, '2026-10-25T23:00:00Z'); // 00:00 CET, 26 Oct
      const e = await ins(b1.id, shopA.id, 500, '2026-10-27T08:00:00Z'); // today

      // The same figures straight from orders (the query before migration 0020).
      const fromOrders = async (from: string, to: string) => (await t2.database.pool.query<{ orders: number; revenue: string; buyers: number; producers: number }>(`
        SELECT count(*)::int AS orders, COALESCE(sum(total_para), 0) / 100.0 AS revenue, count(DISTINCT buyer_id)::int AS buyers, count(DISTINCT household_id)::int AS producers
        FROM orders WHERE created_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Belgrade') AND created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Belgrade')
          AND status NOT IN ('cancelled', 'no_show')`, [from, to])).rows[0]!;
      const ask = async (days: number) => {
        const res = await t2.app.inject({ method: 'GET', url: `/api/admin/stats?days=${days}`, headers: op.headers });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const truth = await fromOrders(body.from, body.to);
        expect({ orders: body.orders, revenue: body.revenue, buyers: body.buyers, producers: body.producers }).toEqual({ ...truth, revenue: Number(truth.revenue) });
        return body;
      };

      // Four instances asking at once close each day once.
      const first = await Promise.all([1, 2, 3, 4].map(() => ask(3)));
      expect(first[0]).toMatchObject({ from: '2026-10-25', to: '2026-10-27', orders: 4, revenue: 1300, buyers: 3, producers: 2 });
      expect(first[0].byDay).toEqual([
        { date: '2026-10-25', orders: 2, revenue: 400 }, { date: '2026-10-26', orders: 1, revenue: 400 }, { date: '2026-10-27', orders: 1, revenue: 500 }]);
      const closed = await t2.database.pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders FROM order_stats_days ORDER BY day`);
      expect(closed.rows).toEqual([{ day: '2026-10-25', orders: 2 }, { day: '2026-10-26', orders: 1 }]);

      // b2's only order in the period is cancelled: b2 leaves the buyers, 25 Oct loses it.
      await t2.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, c));
      expect(await ask(3)).toMatchObject({ orders: 3, revenue: 1000, buyers: 2, producers: 2 });
      // An order created on 26 Oct that commits after the day was closed; a new total (weighed).
      await ins(b2.id, shopA.id, 50, '2026-10-26T12:00:00Z');
      await t2.database.db.update(orders).set({ totalPara: 45_000 }).where(eq(orders.id, d));
      // Today's order is a no-show.
      await t2.database.db.update(orders).set({ status: 'no_show' }).where(eq(orders.id, e));
      const after = await ask(3);
      expect(after).toMatchObject({ orders: 3, revenue: 600, buyers: 3, producers: 2 });
      expect(after.byDay).toEqual([
        { date: '2026-10-25', orders: 1, revenue: 100 }, { date: '2026-10-26', orders: 2, revenue: 500 }, { date: '2026-10-27', orders: 0, revenue: 0 }]);
      // A period that ends before the buyers' last days (they are looked up in orders then).
      t2.clock.set(new Date('2026-10-25T12:00:00Z'));
      expect(await ask(2)).toMatchObject({ from: '2026-10-24', to: '2026-10-25', orders: 2, revenue: 300, buyers: 2, producers: 2 });
      // The tables rebuilt from orders hold the same as the triggers kept.
      const kept = await t2.database.pool.query(`SELECT (SELECT json_agg(d ORDER BY day) FROM order_stats_days d) AS days,
        (SELECT json_agg(b ORDER BY buyer_id) FROM order_stats_buyers b) AS buyers, (SELECT json_agg(h ORDER BY household_id) FROM order_stats_households h) AS households`);
      await t2.database.pool.query('SELECT order_stats_rebuild()');
      const rebuilt = await t2.database.pool.query(`SELECT (SELECT json_agg(d ORDER BY day) FROM order_stats_days d WHERE day IN (SELECT day FROM json_populate_recordset(NULL::order_stats_days, $1))) AS days,
        (SELECT json_agg(b ORDER BY buyer_id) FROM order_stats_buyers b) AS buyers, (SELECT json_agg(h ORDER BY household_id) FROM order_stats_households h) AS households`, [JSON.stringify(kept.rows[0].days)]);
      expect(rebuilt.rows[0]).toEqual(kept.rows[0]);
    } finally {
      await t2.close();
    }
  });
});

describe('verified purchases', () => {
  it('flags reviews by authors with a completed order of the product, and the buyer page badge', async () => {
    const product = await createProduct(t, farm.id, { name: 'Проверени' });
    const verified = await createUser(t);
    const pendingOnly = await createUser(t);
    await order(verified.id, farm.id, 500, 'completed', new Date(), product);
    await order(pendingOnly.id, farm.id, 500, 'pending', new Date(), product);
    await call('POST', `/api/products/${product}/reviews`, verified, { rating: 5, comment: 'Купио сам, одлично.' });
    await call('POST', `/api/products/${product}/reviews`, pendingOnly, { rating: 4, comment: 'Још чекам, изгледа добро.' });
    const items = (await call('GET', `/api/products/${product}/reviews`, 'anonymous')).json().items;
    const flags = Object.fromEntries(items.map((r: { userId: string; verifiedPurchase: boolean }) => [r.userId, r.verifiedPurchase]));
    expect(flags).toEqual({ [verified.id]: true, [pendingOnly.id]: false });
    expect((await call('GET', `/api/buyers/${verified.id}`, 'anonymous')).json().verifiedBuyer).toBe(true);
    expect((await call('GET', `/api/buyers/${pendingOnly.id}`, 'anonymous')).json().verifiedBuyer).toBe(false);
  });
});

describe('own data', () => {
  it('exports everything about the user as JSON, without secrets', async () => {
    const product = await createProduct(t, farm.id, { name: 'Извезени' });
    await call('POST', `/api/products/${product}/reviews`, 'buyer', { rating: 4, comment: 'Добар производ.' });
    await order(buyer.id, farm.id, 300, 'completed', new Date(), product);
    expect((await call('GET', '/api/me/export', 'anonymous')).statusCode).toBe(401);
    const res = await call('GET', '/api/me/export', 'buyer');
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: buyer.id, email: buyer.email });
    expect(data.reviews.map((r: { productId: string }) => r.productId)).toContain(product);
    expect(data.orders[0].items[0]).toMatchObject({ productId: product });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|tokenHash/);
  });

  it('deletes the account with its password: sessions end, reviews go (ratings recomputed), orders stay as a deleted account, the e-mail is free', async () => {
    const email = `bye-${randomUUID().slice(0, 6)}@test.rs`;
    await t.database.db.insert(users).values({ email, passwordHash: await hashPassword('lozinka-123'), name: 'Одлазећи', confirmedAt: new Date() });
    const headers = { authorization: `Bearer ${(await call('POST', '/api/auth/login', 'anonymous', { email, password: 'lozinka-123' })).json().accessToken}` };
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers })).json();
    const product = await createProduct(t, farm.id, { name: 'Брисани' });
    await t.app.inject({ method: 'POST', url: `/api/products/${product}/reviews`, headers, payload: { rating: 2, comment: 'Није ми се свидело.' } });
    const orderId = await order(me.id, farm.id, 400, 'completed', new Date(), product);
    expect(await productOf(product)).toMatchObject({ reviewCount: 1 });

    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password: 'pogresna' } });
    expect(wrong.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', headers, payload: {} })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password: 'lozinka-123' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    expect(await productOf(product)).toMatchObject({ reviewCount: 0, rating: 0 });
    expect((await call('POST', '/api/auth/login', 'anonymous', { email, password: 'lozinka-123' })).statusCode).toBe(401);
    const [kept] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    expect(kept?.id).toBe(orderId);
    const producerView = (await call('GET', '/api/producer/orders', 'producer')).json().items.find((o: { id: string }) => o.id === orderId);
    expect(JSON.stringify(producerView)).toContain('deleted account');
    expect(JSON.stringify(producerView)).not.toContain('Одлазећи');
    const again = await call('POST', '/api/auth/signup', 'anonymous', { email, password: 'lozinka-456', name: 'Нови', userType: 'customer' });
    expect(again.statusCode).toBe(201);
  });
});
