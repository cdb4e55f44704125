import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, LANGUAGES, ORDER_STATUSES, UNITS } from '../src/shared/constants.ts';
import { media, products, stories, users } from '../src/server/db/schema.ts';
import { belgradeDateOf as dayIn } from '../src/shared/time.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createProduct } from './catalog-fixtures.ts';
import { FORBIDDEN_CHARS, cleanString, encodeAny, hostileBody, hostileString, hostileUrlPart, nextIp, toJson } from './hostile.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * Every write endpoint (and the list queries) under random hostile input, through the real
 * app and database: random Unicode with control characters and lone surrogates, numbers past
 * the columns' ranges, -0, fractions, wrong types, extra keys, other users' ids. Whatever is
 * sent, the answer is a 2xx or a 4xx in the `{ error, code }` shape, never a 5xx.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);
// A fixed seed by default, so that a run in CI is repeatable (the "some inputs were accepted"
// checks do not depend on luck); HOSTILE_SEED=random (or a number) explores further.
const SEED = process.env.HOSTILE_SEED === 'random' ? undefined : Number(process.env.HOSTILE_SEED ?? 20261124);
if (SEED !== undefined) fc.configureGlobal({ seed: SEED });

let t: TestApp;
let buyer: TestUser;
let farm: TestUser;
let otherFarm: TestUser;
let quitter: TestUser;
let pwUser: TestUser;
/** A second one: the password route allows 10 changes a minute per user. */
let pwUser2: TestUser;
/** An operator, and the producer and account its actions are aimed at (not the ones other tests use). */
let operator: TestUser;
let modFarm: TestUser;
let modUser: TestUser;
/** Deletes its own account (DELETE /api/me) with the known password, at most once. */
let leaver: TestUser;
const ids: Record<string, string> = {};
/** Incoming orders of the farm, for status changes (each can move forward only a few times). */
const farmOrders: string[] = [];

function tomorrow(): string {
  return dayIn(new Date(t.clock.now().getTime() + 24 * 3600 * 1000));
}

async function addMedia(owner: TestUser, type: 'image' | 'video' = 'image') {
  const [row] = await t.database.db.insert(media).values({
    ownerId: owner.id, type, mime: type === 'image' ? 'image/webp' : 'video/mp4', url: `/media/${randomUUID()}.webp`, bytes: 1000,
  }).returning({ id: media.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t);
  farm = await createUser(t, { userType: 'producer' });
  otherFarm = await createUser(t, { userType: 'producer' });
  quitter = await createUser(t);
  pwUser = await createUser(t);
  pwUser2 = await createUser(t);
  operator = await createUser(t);
  modFarm = await createUser(t, { userType: 'producer' });
  modUser = await createUser(t);
  leaver = await createUser(t);
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, operator.id));
  const hash = await hashPassword('stara-lozinka');
  await t.database.db.update(users).set({ passwordHash: hash }).where(inArray(users.id, [pwUser.id, pwUser2.id, leaver.id]));
  ids.farmProduct = await createProduct(t, farm.id, { name: 'Ајвар', stock: 1000 });
  ids.otherProduct = await createProduct(t, otherFarm.id, { name: 'Мед', stock: 100_000 });
  ids.farmMedia = await addMedia(farm);
  ids.otherMedia = await addMedia(otherFarm);
  ids.farmVideo = await addMedia(farm, 'video');
  const [story] = await t.database.db.insert(stories).values({
    householdId: otherFarm.id, mediaUrl: '/media/x.webp', mediaType: 'image', expiresAt: new Date(Date.now() + 3600_000),
  }).returning({ id: stories.id });
  ids.otherStory = story!.id;
  const order = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId: ids.farmProduct, quantity: 1 }], deliveryType: 'pickup', pickupDate: tomorrow(), pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(order.statusCode).toBe(201);
  ids.buyerOrder = order.json().orders[0].id;
  ids.farmOrder = order.json().orders[0].id as string;
  for (let i = 0; i < 8; i++) {
    const more = await t.app.inject({
      method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: ids.farmProduct, quantity: 1 }], deliveryType: 'pickup', pickupDate: tomorrow(), pickupTime: '10:00', contactPhone: '+381641234567' },
    });
    farmOrders.push(more.json().orders[0].id as string);
  }
  const own = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...farm.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId: ids.otherProduct, quantity: 1 }], deliveryType: 'pickup', pickupDate: tomorrow(), pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(own.statusCode).toBe(201);
  ids.farmsOwnOrder = own.json().orders[0].id;
  ids.modProduct = await createProduct(t, modFarm.id, { name: 'Сир' });
  const report = await t.app.inject({
    method: 'POST', url: '/api/reports', headers: buyer.headers,
    payload: { targetType: 'product', targetId: ids.modProduct, reason: 'spam' },
  });
  expect(report.statusCode).toBe(201);
  ids.report = report.json().id as string;
  ids.buyer = buyer.id;
  ids.farm = farm.id;
  ids.otherFarm = otherFarm.id;
}, 60_000);
afterAll(async () => { await t?.close(); });

const idList = () => Object.values(ids);

interface Sent { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; user?: TestUser; body?: unknown; headers?: Record<string, string> }

/** Sends and checks the one rule: 2xx or 4xx, and a 4xx is `{ error, code }`. */
async function expectNo5xx(sent: Sent) {
  const headers: Record<string, string> = { ...(sent.user?.headers ?? {}), ...(sent.headers ?? {}) };
  let payload: string | undefined;
  if (sent.body !== undefined) {
    payload = toJson(sent.body);
    headers['content-type'] = 'application/json';
  }
  const res = await t.app.inject({ method: sent.method, url: sent.url, headers, payload, remoteAddress: nextIp() });
  const where = `${sent.method} ${sent.url.slice(0, 200)} ${payload?.slice(0, 300) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (process.env.HOSTILE_DEBUG) console.log(where.slice(0, 600));
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.statusCode, where).toBeGreaterThanOrEqual(200);
  if (res.statusCode >= 400) {
    expect(res.json(), where).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  }
  return res;
}

const email = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('test.rs', 'domace.rs')).map(([user, host]) => `${user}@${host}`) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const password = fc.string({ minLength: 8, maxLength: 20 });
const code = fc.stringMatching(/^\d{6}$/);
const idPart = () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...idList()) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 2, arbitrary: hostileUrlPart });
/** Mostly the id the user may change, else anything idPart gives. */
const ownIdPart = (own: string) => fc.oneof({ weight: 2, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: idPart() });
const bool = fc.boolean();
const price = fc.oneof(fc.integer({ min: 1, max: 100_000_00 }).map((p) => p / 100), fc.constantFrom(1, 450.5, 1_000_000));
const stock = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 4_000_000 }).map((n) => n / 2));
const productBody = () => hostileBody({
  name: cleanString(60, 4), description: cleanString(200), price, unit: fc.constantFrom(...UNITS), category: fc.constantFrom(...CATEGORIES),
  availability: bool, featured: bool, stock, imageId: fc.constantFrom(ids.farmMedia!, ids.otherMedia!, null),
  quantityStep: fc.constantFrom(1, 0.5, 0.25, 0.001, 1000), availableFrom: fc.constantFrom(null, tomorrow(), '2030-02-28'),
}, idList());

/**
 * Runs the property; returns how many answers were 2xx (a test asserts some were, so the
 * generators do reach the handlers, not only the validation).
 */
async function check<T>(arb: fc.Arbitrary<T>, send: (value: T) => Sent, runs = RUNS): Promise<number> {
  let ok = 0;
  await fc.assert(fc.asyncProperty(arb, async (value) => {
    const res = await expectNo5xx(send(value));
    if (res.statusCode < 300) ok++;
  }), { numRuns: runs });
  if (process.env.HOSTILE_DEBUG) console.log(`2xx: ${ok}/${runs}`);
  return ok;
}

describe('hostile bodies on every write endpoint: never a 5xx', () => {
  it('POST /api/auth/signup', async () => {
    expect(await check(hostileBody({
      email, password, name: cleanString(30), userType: fc.constantFrom('customer', 'producer'),
      phone: fc.constantFrom('+381641234567', '064 123 4567', '', null), language: fc.constantFrom(...LANGUAGES),
    }), (body) => ({ method: 'POST', url: '/api/auth/signup', body }), 40)).toBeGreaterThan(0);
  });

  it('POST /api/auth/confirm-signup, resend-code, forgot-password', async () => {
    await check(hostileBody({ email, code }), (body) => ({ method: 'POST', url: '/api/auth/confirm-signup', body }));
    expect(await check(hostileBody({ email }), (body) => ({ method: 'POST', url: '/api/auth/resend-code', body }))).toBeGreaterThan(0);
    await check(hostileBody({ email }), (body) => ({ method: 'POST', url: '/api/auth/forgot-password', body }));
  });

  it('POST /api/auth/login, reset-password', async () => {
    await check(hostileBody({ email, password }), (body) => ({ method: 'POST', url: '/api/auth/login', body }), 30);
    await check(hostileBody({ email, code, newPassword: password }), (body) => ({ method: 'POST', url: '/api/auth/reset-password', body }), 30);
  });

  it('POST /api/auth/refresh, logout', async () => {
    await check(hostileBody({ refreshToken: hostileString }), (body) => ({ method: 'POST', url: '/api/auth/refresh', body }));
    await check(hostileBody({ refreshToken: hostileString }), (body) => ({ method: 'POST', url: '/api/auth/logout', body, user: quitter }));
  });

  it('PATCH /api/me, POST /api/me/password', async () => {
    expect(await check(hostileBody({
      name: cleanString(30), phone: fc.constantFrom('+381641234567', '', null), location: cleanString(40), bio: cleanString(100),
      avatar: fc.constantFrom('/media/a.webp', null), language: fc.constantFrom(...LANGUAGES), notifyByEmail: bool,
    }), (body) => ({ method: 'PATCH', url: '/api/me', body, user: buyer }))).toBeGreaterThan(0);
    await check(hostileBody({ currentPassword: fc.constantFrom('stara-lozinka', 'pogresna-lozinka'), newPassword: fc.constant('stara-lozinka') }),
      (body) => ({ method: 'POST', url: '/api/me/password', body, user: pwUser }), 30);
  });

  it('PUT, DELETE /api/households/:id/follow', async () => {
    expect(await check(fc.tuple(ownIdPart(otherFarm.id), fc.constantFrom('PUT', 'DELETE') as fc.Arbitrary<'PUT' | 'DELETE'>),
      ([id, method]) => ({ method, url: `/api/households/${id}/follow`, user: buyer }))).toBeGreaterThan(0);
  });

  it('PUT, DELETE /api/me/saved-products/:productId', async () => {
    expect(await check(fc.tuple(ownIdPart(ids.otherProduct!), fc.constantFrom('PUT', 'DELETE') as fc.Arbitrary<'PUT' | 'DELETE'>),
      ([id, method]) => ({ method, url: `/api/me/saved-products/${id}`, user: buyer }))).toBeGreaterThan(0);
  });

  it('POST /api/me/addresses, PATCH and DELETE /api/me/addresses/:id', async () => {
    const addressBody = () => hostileBody({ label: cleanString(20, 2), area: cleanString(30, 2), address: cleanString(100, 4), isDefault: bool }, idList());
    // The user's first ten saves succeed; after that 409 (the limit), still never a 5xx.
    expect(await check(addressBody(), (body) => ({ method: 'POST', url: '/api/me/addresses', body, user: buyer }))).toBeGreaterThan(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/me/addresses', headers: buyer.headers });
    const own = (list.json() as { items: Array<{ id: string }> }).items.map((item) => item.id);
    expect(own.length).toBeGreaterThan(1);
    expect(await check(fc.tuple(ownIdPart(own[0]!), addressBody()), ([id, body]) => ({ method: 'PATCH', url: `/api/me/addresses/${id}`, body, user: buyer }))).toBeGreaterThan(0);
    // Another user's address is never theirs to change.
    await check(fc.tuple(fc.constantFrom(...own), addressBody()), ([id, body]) => ({ method: 'PATCH', url: `/api/me/addresses/${id}`, body, user: farm }), 20);
    await check(fc.oneof(fc.constantFrom(own[1]!), idPart()), (id) => ({ method: 'DELETE', url: `/api/me/addresses/${id}`, user: buyer }), 30);
  });

  it('POST /api/products, PATCH and DELETE /api/products/:id', async () => {
    expect(await check(productBody(), (body) => ({ method: 'POST', url: '/api/products', body, user: farm }))).toBeGreaterThan(0);
    expect(await check(fc.tuple(ownIdPart(ids.farmProduct!), productBody()), ([id, body]) => ({ method: 'PATCH', url: `/api/products/${id}`, body, user: farm }))).toBeGreaterThan(0);
    // Not the farm's own main product: other tests use it.
    await check(fc.oneof(fc.constantFrom(ids.otherProduct!), fc.uuid(), hostileUrlPart), (id) => ({ method: 'DELETE', url: `/api/products/${id}`, user: farm }));
  });

  it('PATCH /api/households/:id', async () => {
    expect(await check(fc.tuple(ownIdPart(farm.id), hostileBody({
      name: cleanString(40, 4), description: cleanString(200), location: cleanString(40), avatarId: fc.constantFrom(ids.farmMedia!, ids.otherMedia!, null),
    }, idList())), ([id, body]) => ({ method: 'PATCH', url: `/api/households/${id}`, body, user: farm }))).toBeGreaterThan(0);
  });

  it('PATCH /api/households/:id: pickup points, delivery, minimum order, payment', async () => {
    const hours = fc.array(fc.record({ weekday: fc.integer({ min: 1, max: 7 }), opens: fc.constantFrom('08:00', '09:30'), closes: fc.constantFrom('12:00', '20:00') }), { maxLength: 3 });
    const point = fc.record({ name: cleanString(30, 2), address: cleanString(40, 2), note: fc.oneof(cleanString(40), fc.constant(null)), hours });
    const delivery = fc.record({
      enabled: bool, areas: fc.array(cleanString(20, 2), { minLength: 1, maxLength: 3 }), fee: fc.constantFrom(0, 150, 299.99),
      freeFrom: fc.constantFrom(null, 3000), leadDays: fc.integer({ min: 0, max: 14 }), weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    });
    const payment = fc.record({ cash: fc.constant(true), ipsAccount: fc.constantFrom(null, '840-955845-10', '840000000095584510'), ipsPayeeName: fc.oneof(cleanString(30), fc.constant(null)) });
    expect(await check(fc.tuple(ownIdPart(farm.id), hostileBody({
      pickupPoints: fc.array(point, { maxLength: 2 }), delivery, minimumOrder: fc.constantFrom(0, 500, 1_000_000), payment,
    }, idList())), ([id, body]) => ({ method: 'PATCH', url: `/api/households/${id}`, body, user: farm }))).toBeGreaterThan(0);
  });

  it('POST /api/stories, DELETE /api/stories/:id', async () => {
    expect(await check(hostileBody({ mediaId: fc.constantFrom(ids.farmMedia!, ids.farmVideo!, ids.otherMedia!), caption: cleanString(100) }, idList()),
      (body) => ({ method: 'POST', url: '/api/stories', body, user: farm }))).toBeGreaterThan(0);
    await check(fc.oneof(fc.constantFrom(ids.otherStory!), fc.uuid(), hostileUrlPart), (id) => ({ method: 'DELETE', url: `/api/stories/${id}`, user: farm }));
  });

  it('POST /api/products/:id/reviews', async () => {
    expect(await check(fc.tuple(ownIdPart(ids.otherProduct!), hostileBody({ rating: fc.integer({ min: 1, max: 5 }), comment: cleanString(200, 14) })),
      ([id, body]) => ({ method: 'POST', url: `/api/products/${id}/reviews`, body, user: buyer }))).toBeGreaterThan(0);
  });

  it('POST /api/orders (body and Idempotency-Key)', async () => {
    const validItem = fc.record({ productId: fc.constantFrom(ids.farmProduct!, ids.otherProduct!), quantity: fc.integer({ min: 1, max: 3 }) });
    const item = fc.oneof({ weight: 6, arbitrary: validItem }, { weight: 1, arbitrary: hostileBody({ productId: fc.constantFrom(ids.farmProduct!, ids.otherProduct!), quantity: fc.integer({ min: 1, max: 3 }) }, idList()) });
    const key = fc.oneof(fc.uuid(), fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7E]/g, 'x')));
    expect(await check(fc.tuple(hostileBody({
      items: fc.array(item, { minLength: 1, maxLength: 3 }), deliveryType: fc.constantFrom('pickup', 'delivery'), pickupDate: fc.constant(tomorrow()),
      pickupTime: fc.constantFrom('10:00', '23:59'), deliveryAddress: cleanString(60), contactPhone: fc.constantFrom('+381641234567', '064 123 4567'), notes: cleanString(200),
    }, idList()), key), ([body, idempotencyKey]) => ({ method: 'POST', url: '/api/orders', body, user: buyer, headers: { 'idempotency-key': idempotencyKey } }))).toBeGreaterThan(0);
  });

  it('POST /api/orders with one entry per household (fractional quantities, payment method)', async () => {
    // Mostly what the product's step (1) allows, so that enough checkouts go through; fractions now and then.
    const item = fc.record({ productId: fc.constantFrom(ids.otherProduct!), quantity: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(1, 2) }, { weight: 1, arbitrary: fc.constantFrom(0.5, 1.25, 0.001) }) });
    const mostly = <T,>(usual: T, other: T) => fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constant(other) });
    const entry = fc.record({
      householdId: fc.constantFrom(otherFarm.id), deliveryType: mostly('pickup', 'delivery'), pickupPointId: mostly<string | null>(null, randomUUID()),
      date: fc.constant(tomorrow()), time: mostly<string | null>('10:00', null), deliveryArea: fc.oneof(cleanString(20, 2), fc.constant(null)),
      deliveryAddress: fc.oneof(cleanString(40, 2), fc.constant(null)), paymentMethod: mostly('cash', 'ips_qr'),
    });
    expect(await check(hostileBody({
      items: fc.array(item, { minLength: 1, maxLength: 2 }), households: fc.oneof({ weight: 4, arbitrary: fc.tuple(entry) }, { weight: 1, arbitrary: fc.array(entry, { minLength: 2, maxLength: 2 }) }),
      contactPhone: fc.constantFrom('+381641234567'), notes: cleanString(60),
    }, idList()), (body) => ({ method: 'POST', url: '/api/orders', body, user: buyer, headers: { 'idempotency-key': randomUUID() } }))).toBeGreaterThan(0);
  });

  it('POST /api/orders/:id/cancel, PATCH /api/producer/orders/:id', async () => {
    await check(idPart(), (id) => ({ method: 'POST', url: `/api/orders/${id}/cancel`, user: buyer }), 30);
    expect(await check(fc.tuple(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...farmOrders) }, { weight: 1, arbitrary: idPart() }), hostileBody({ status: fc.constantFrom(...ORDER_STATUSES) })),
      ([id, body]) => ({ method: 'PATCH', url: `/api/producer/orders/${id}`, body, user: farm }))).toBeGreaterThan(0);
    expect(await check(fc.tuple(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...farmOrders) }, { weight: 1, arbitrary: idPart() }), hostileBody({ paymentStatus: fc.constantFrom('paid', 'unpaid') })),
      ([id, body]) => ({ method: 'PATCH', url: `/api/producer/orders/${id}`, body, user: farm }))).toBeGreaterThan(0);
  });

  it('POST /api/orders/:id/messages and /read, POST /api/notifications/read, PUT /api/notifications/settings', async () => {
    // Messages are limited to 60 a minute per user: fewer runs than that.
    expect(await check(fc.tuple(ownIdPart(ids.buyerOrder!), hostileBody({ body: cleanString(200) })),
      ([id, body]) => ({ method: 'POST', url: `/api/orders/${id}/messages`, body, user: buyer }), 40)).toBeGreaterThan(0);
    expect(await check(ownIdPart(ids.farmOrder!), (id) => ({ method: 'POST', url: `/api/orders/${id}/messages/read`, user: farm }), 30)).toBeGreaterThan(0);
    expect(await check(hostileBody({ ids: fc.array(fc.oneof(fc.uuid(), fc.constantFrom(...idList())), { maxLength: 3 }) }, idList()),
      (body) => ({ method: 'POST', url: '/api/notifications/read', body, user: farm }))).toBeGreaterThan(0);
    // Hostile at the top only: five hostile objects at once would almost never make a valid body.
    const channels = fc.record({ mail: bool, push: bool });
    expect(await check(hostileBody({ order_placed: channels, order_status: channels, message: channels, review: channels, moderation: channels }),
      (body) => ({ method: 'PUT', url: '/api/notifications/settings', body, user: buyer }))).toBeGreaterThan(0);
  });

  it('PUT, PATCH, DELETE /api/me/sms, POST /api/me/sms/confirm', async () => {
    const phone = fc.oneof(fc.constantFrom('064 123 4567', '+381 64 765 4321', '0038111123456', '064 12', '+0', ''), hostileString);
    // A code a minute: the first valid phone is 202, the rest 429 or 400.
    expect(await check(hostileBody({ phone }), (body) => ({ method: 'PUT', url: '/api/me/sms', body, user: farm }), 40)).toBeGreaterThan(0);
    await check(hostileBody({ code: fc.oneof(code, fc.constantFrom('', '12345', '1234567')) }), (body) => ({ method: 'POST', url: '/api/me/sms/confirm', body, user: farm }), 30);
    const time = fc.constantFrom('21:00', '07:00', '00:00', '23:59', '24:00', '7:00', '');
    const events = fc.array(fc.constantFrom('order', 'message', 'drop_cutoff', 'standing_demand', 'spam'), { maxLength: 6 });
    expect(await check(hostileBody({ events, quietFrom: time, quietTo: time, script: fc.constantFrom('latn', 'cyrl', 'grek') }),
      (body) => ({ method: 'PATCH', url: '/api/me/sms', body, user: farm }))).toBeGreaterThan(0);
    await expectNo5xx({ method: 'DELETE', url: '/api/me/sms', user: farm });
    await expectNo5xx({ method: 'DELETE', url: '/api/me/sms', user: buyer });
  });

  it('POST, DELETE /api/push/subscriptions', async () => {
    // A user without notifications: nothing is ever pushed to these made-up addresses.
    const pusher = await createUser(t);
    const key = fc.constantFrom('BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', 'tBHItJI5svbpez7KI4CCXg', 'a+b/c==');
    const endpoint = fc.constantFrom('https://127.0.0.1:9/push/a', 'http://localhost:9/push/b', 'https://push.invalid/x');
    expect(await check(hostileBody({ endpoint, keys: hostileBody({ p256dh: key, auth: key }), expirationTime: fc.constantFrom(null, 1_800_000_000_000) }),
      (body) => ({ method: 'POST', url: '/api/push/subscriptions', body, user: pusher }))).toBeGreaterThan(0);
    expect(await check(hostileBody({ endpoint }), (body) => ({ method: 'DELETE', url: '/api/push/subscriptions', body, user: pusher }))).toBeGreaterThan(0);
  });

  it('POST /api/reports', async () => {
    // Mostly a type with an id of that type, so that some reports are taken (201).
    const targets: Array<[string, string]> = [['product', ids.otherProduct!], ['story', ids.otherStory!], ['household', otherFarm.id], ['buyer', buyer.id], ['review', randomUUID()]];
    expect(await check(fc.constantFrom(...targets).chain(([targetType, targetId]) => hostileBody({
      targetType: fc.constant(targetType), targetId: fc.constant(targetId),
      reason: fc.constantFrom('spam', 'fake', 'offensive', 'unsafe_food', 'other'), note: fc.option(cleanString(100), { nil: undefined }),
    }, idList())), (body) => ({ method: 'POST', url: '/api/reports', body, user: farm }), 40)).toBeGreaterThan(0);
  });

  it('DELETE /api/me', async () => {
    await check(hostileBody({ password: fc.oneof({ weight: 9, arbitrary: password }, { weight: 1, arbitrary: fc.constant('stara-lozinka') }) }),
      (body) => ({ method: 'DELETE', url: '/api/me', body, user: leaver }), 30);
  });

  it('the operator actions under /api/admin', async () => {
    const target = (own: string) => fc.oneof({ weight: 3, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileUrlPart });
    const reasonBody = fc.oneof(fc.constant(undefined), hostileBody({ reason: cleanString(100) }));
    expect(await check(fc.tuple(target(modFarm.id), fc.constantFrom('approve', 'suspend', 'reinstate'), reasonBody),
      ([id, decision, body]) => ({ method: 'POST', url: `/api/admin/producers/${id}/${decision}`, body, user: operator }), 40)).toBeGreaterThan(0);
    expect(await check(fc.tuple(target(modUser.id), fc.constantFrom('suspend', 'reinstate'), reasonBody),
      ([id, action, body]) => ({ method: 'POST', url: `/api/admin/users/${id}/${action}`, body, user: operator }), 40)).toBeGreaterThan(0);
    expect(await check(fc.tuple(target(ids.modProduct!), hostileBody({ promoted: bool, promotedUntil: fc.constantFrom(tomorrow(), '2026-02-30', null, '9999-12-31') })),
      ([id, body]) => ({ method: 'PATCH', url: `/api/admin/products/${id}`, body, user: operator }), 40)).toBeGreaterThan(0);
    await check(fc.tuple(target(ids.report!), hostileBody({ action: fc.constantFrom('hide', 'dismiss') })),
      ([id, body]) => ({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, body, user: operator }), 30);
    expect(await check(fc.tuple(fc.oneof(fc.constantFrom('product', 'review', 'story', 'household', 'buyer'), hostileUrlPart), target(ids.modProduct!)),
      ([type, id]) => ({ method: 'POST', url: `/api/admin/content/${type}/${id}/restore`, user: operator }), 30)).toBeGreaterThan(0);
  });

  it('a 10 MB string in any body is refused with 413, not a 5xx', async () => {
    const huge = 'ж'.repeat(5 * 1024 * 1024); // 10 MB of UTF-8
    const cases: Sent[] = [
      { method: 'POST', url: '/api/auth/signup', body: { email: 'a@b.rs', password: huge, name: huge, userType: 'customer' } },
      { method: 'POST', url: '/api/auth/login', body: { email: huge, password: huge } },
      { method: 'PATCH', url: '/api/me', body: { bio: huge }, user: buyer },
      { method: 'POST', url: '/api/products', body: { name: huge }, user: farm },
      { method: 'PATCH', url: `/api/households/${farm.id}`, body: { description: huge }, user: farm },
      { method: 'POST', url: '/api/stories', body: { mediaId: ids.farmMedia, caption: huge }, user: farm },
      { method: 'POST', url: `/api/products/${ids.otherProduct}/reviews`, body: { rating: 5, comment: huge }, user: buyer },
      { method: 'POST', url: '/api/orders', body: { notes: huge }, user: buyer, headers: { 'idempotency-key': randomUUID() } },
      { method: 'POST', url: '/api/me/addresses', body: { label: 'Kuća', area: 'Čačak', address: huge }, user: buyer },
      { method: 'POST', url: `/api/orders/${ids.buyerOrder}/messages`, body: { body: huge }, user: buyer },
      { method: 'PUT', url: '/api/notifications/settings', body: { message: { mail: huge } }, user: buyer },
    ];
    for (const sent of cases) expect((await expectNo5xx(sent)).statusCode).toBe(413);
  });

  it('deeply nested JSON (400,000 levels) is a 400, not a stack overflow', async () => {
    for (const payload of [`{"bio":${'['.repeat(400_000)}${']'.repeat(400_000)}}`, '['.repeat(500_000), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...buyer.headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('nothing was written that the rules forbid: no product of the farm is promoted, no stock or price out of range', async () => {
    const rows = await t.database.db.select().from(products).where(eq(products.householdId, farm.id));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.promoted).toBe(false);
      expect(row.pricePara).toBeGreaterThan(0);
      expect(row.pricePara).toBeLessThanOrEqual(100_000_000);
      if (row.stock !== null) expect(row.stock).toBeGreaterThanOrEqual(0);
    }
  });
});

/** A query string from keys (the known ones and random) and hostile or valid values. */
function hostileQuery(known: Record<string, fc.Arbitrary<string>>) {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(known)) }, { weight: 1, arbitrary: hostileString.map(encodeAny) });
  return fc.array(fc.tuple(key, fc.boolean()), { maxLength: 5 }).chain((pairs) => fc.tuple(...pairs.map(([k, valid]) => {
    const good = Object.hasOwn(known, k) ? known[k] : undefined;
    const value = valid && good ? good : hostileUrlPart;
    return value.map((v) => `${k}=${v}`);
  }))).map((parts) => (parts.length ? `?${parts.join('&')}` : ''));
}

describe('hostile query strings and path ids on the lists: never a 5xx', () => {
  const limit = fc.constantFrom('1', '24', '100', '101', '0');
  it('GET /api/products', async () => {
    expect(await check(hostileQuery({
      q: fc.constantFrom('med', 'ajvar', 'Мед', '%00', '%ED%A0%80'), limit, category: fc.constantFrom(...CATEGORIES),
      householdId: fc.constantFrom(farm.id), featured: fc.constantFrom('true', 'false'), promoted: fc.constantFrom('true', 'false'),
      includeUnavailable: fc.constantFrom('true'), cursor: fc.constantFrom('WzEsIjk5OTktOTktOTlUOTk6OTk6OTkuOTk5OTk5WiIsIjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJd'),
    }), (query) => ({ method: 'GET', url: `/api/products${query}`, user: farm }), 80)).toBeGreaterThan(0);
  });

  it('the other lists and their cursors', async () => {
    const cursor = fc.constantFrom('WyI5OTk5LTk5LTk5VDk5Ojk5Ojk5Ljk5OTk5OVoiLCIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiXQ', 'x');
    const lists: Array<[string, TestUser, Record<string, fc.Arbitrary<string>>]> = [
      ['/api/households', buyer, { limit, cursor }],
      ['/api/me/following', buyer, { limit, cursor }],
      ['/api/me/saved-products', buyer, { limit, cursor }],
      ['/api/orders', buyer, { limit, cursor, status: fc.constantFrom(...ORDER_STATUSES) }],
      ['/api/producer/orders', farm, { limit, cursor, status: fc.constantFrom(...ORDER_STATUSES) }],
      ['/api/producer/products', farm, { limit, cursor: fc.constantFrom(randomUUID()) }],
      ['/api/stories', buyer, { householdId: fc.constantFrom(farm.id) }],
      [`/api/households/${farm.id}/slots`, buyer, { from: fc.constantFrom(tomorrow(), '2030-02-29', '2030-02-28'), days: fc.constantFrom('1', '14', '28') }],
      [`/api/products/${ids.farmProduct}/reviews`, buyer, { limit, cursor }],
      [`/api/buyers/${buyer.id}/reviews`, buyer, { limit, cursor }],
      ['/api/notifications', farm, { limit, cursor, unread: fc.constantFrom('true', 'false') }],
      [`/api/orders/${ids.buyerOrder}/messages`, buyer, { limit, cursor }],
      ['/api/messages/unread', buyer, { limit }],
      [`/api/producer/buyers/${buyer.id}/orders`, farm, { limit }],
      ['/api/admin/producers', operator, { limit, cursor, status: fc.constantFrom('pending', 'approved', 'suspended') }],
      ['/api/admin/products', operator, { limit, cursor, q: fc.constantFrom('med', 'Сир'), promoted: fc.constantFrom('true', 'false') }],
      ['/api/admin/reports', operator, { limit, cursor, status: fc.constantFrom('open', 'resolved') }],
      ['/api/admin/users', operator, { limit, cursor, q: fc.constantFrom('test', 'Ана'), status: fc.constantFrom('active', 'suspended') }],
      ['/api/admin/audit', operator, { limit, cursor }],
      ['/api/admin/stats', operator, { days: fc.constantFrom('1', '30', '366', '367', '0') }],
    ];
    for (const [path, user, known] of lists) {
      await check(hostileQuery(known), (query) => ({ method: 'GET', url: `${path}${query}`, user }), 25);
    }
    await check(fc.tuple(idPart(), fc.constantFrom('/api/products/', '/api/households/', '/api/buyers/', '/api/orders/')),
      ([id, prefix]) => ({ method: 'GET', url: `${prefix}${id}`, user: buyer }), 40);
  });
});

describe('POST /api/media: hostile multipart', () => {
  const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  function multipart(fields: Array<{ name: string; filename?: string; type?: string; content: Buffer }>) {
    const boundary = `----domace${randomUUID()}`;
    const parts = fields.map((f) => Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"${f.filename === undefined ? '' : `; filename="${f.filename}"`}\r\n${f.type ? `Content-Type: ${f.type}\r\n` : ''}\r\n`, 'utf8'),
      f.content, Buffer.from('\r\n'),
    ]));
    return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('random field names, file names, types and contents: 201 or 4xx, never a 5xx', async () => {
    const name = fc.oneof(fc.constant('file'), hostileString);
    const content = fc.oneof(fc.constant(PNG_1x1), fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)), fc.constant(Buffer.alloc(0)),
      fc.constant(Buffer.concat([PNG_1x1.subarray(0, 30), Buffer.from('\0\0\0')])));
    const field = fc.record({ name, filename: fc.option(hostileString, { nil: undefined }), type: fc.option(fc.constantFrom('image/png', 'image/svg+xml', 'text/plain', 'video/mp4', ''), { nil: undefined }), content });
    let created = 0;
    await fc.assert(fc.asyncProperty(fc.array(field, { minLength: 0, maxLength: 3 }), async (fields) => {
      const { payload, contentType } = multipart(fields);
      const res = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...farm.headers, 'content-type': contentType }, payload, remoteAddress: nextIp() });
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      if (res.statusCode === 201) created++;
    }), { numRuns: 40, examples: [[[{ name: 'file', filename: 'a.png', type: 'image/png', content: PNG_1x1 }]]] });
    expect(created).toBeGreaterThan(0);
  });
});

/** A clean text with one refused character (a control character, DEL or a lone surrogate) put in at a random place. */
const withForbidden = fc.tuple(cleanString(20), fc.constantFrom(...FORBIDDEN_CHARS, '\r', 'a\rb', '\uD83D', '\uDE00x'), fc.nat()).map(([clean, bad, at]) => {
  const i = at % (clean.length + 1);
  // Never split a surrogate pair of the clean text (that would be a second lone half, also refused, but not the one meant).
  const cut = i > 0 && /[\uD800-\uDBFF]/.test(clean[i - 1]!) ? i + 1 : i;
  const rest = clean.slice(cut);
  // A CR right before an LF is a CRLF line break, which is allowed.
  return clean.slice(0, cut) + bad + (bad.endsWith('\r') && rest.startsWith('\n') ? 'x' : '') + rest;
});

describe('a refused character in any text field: 400 validation_failed naming the field, nothing stored', () => {
  it('every text field of every write body', async () => {
    const order = () => ({ items: [{ productId: ids.otherProduct!, quantity: 1 }], deliveryType: 'delivery', pickupDate: tomorrow(), pickupTime: '10:00', contactPhone: '+381641234567', deliveryAddress: 'Улица 1', notes: 'Звоните' });
    const cases: Array<{ method: Sent['method']; url: string; user?: TestUser; base: () => Record<string, unknown>; fields: string[]; headers?: Record<string, string> }> = [
      { method: 'POST', url: '/api/auth/signup', base: () => ({ email: `${randomUUID()}@test.rs`, password: 'lozinka-123', name: 'Ана', userType: 'customer', phone: '+381641234567' }), fields: ['email', 'password', 'name', 'phone'] },
      { method: 'POST', url: '/api/auth/confirm-signup', base: () => ({ email: 'a@test.rs', code: '123456' }), fields: ['email', 'code'] },
      { method: 'POST', url: '/api/auth/login', base: () => ({ email: 'a@test.rs', password: 'lozinka-123' }), fields: ['email', 'password'] },
      { method: 'POST', url: '/api/auth/reset-password', base: () => ({ email: 'a@test.rs', code: '123456', newPassword: 'lozinka-123' }), fields: ['email', 'code', 'newPassword'] },
      { method: 'POST', url: '/api/auth/refresh', base: () => ({ refreshToken: 'abc' }), fields: ['refreshToken'] },
      { method: 'PATCH', url: '/api/me', user: buyer, base: () => ({ name: 'Ана', phone: '+381641234567', location: 'Ниш', bio: 'Волим мед' }), fields: ['name', 'phone', 'location', 'bio', 'avatar'] },
      { method: 'POST', url: '/api/me/password', user: pwUser2, base: () => ({ currentPassword: 'stara-lozinka', newPassword: 'stara-lozinka' }), fields: ['currentPassword', 'newPassword'] },
      { method: 'POST', url: '/api/products', user: farm, base: () => ({ name: 'Сир', description: 'Масни сир', price: 10, unit: 'kg', category: 'dairy' }), fields: ['name', 'description'] },
      { method: 'PATCH', url: `/api/products/${ids.farmProduct}`, user: farm, base: () => ({ name: 'Ајвар', description: 'Љути' }), fields: ['name', 'description'] },
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, base: () => ({ name: 'Домаћинство', description: 'Опис', location: 'Ниш' }), fields: ['name', 'description', 'location'] },
      { method: 'POST', url: '/api/stories', user: farm, base: () => ({ mediaId: ids.farmMedia, caption: 'Јутро' }), fields: ['caption'] },
      { method: 'POST', url: `/api/products/${ids.otherProduct}/reviews`, user: buyer, base: () => ({ rating: 5, comment: 'Одличан мед, препоручујем' }), fields: ['comment'] },
      { method: 'POST', url: '/api/orders', user: buyer, base: order, fields: ['notes', 'deliveryAddress', 'contactPhone', 'pickupTime', 'pickupDate'] },
      { method: 'POST', url: '/api/reports', user: otherFarm, base: () => ({ targetType: 'buyer', targetId: buyer.id, reason: 'other', note: 'Непристојно' }), fields: ['note'] },
      { method: 'DELETE', url: '/api/me', user: pwUser2, base: () => ({ password: 'pogresna-lozinka' }), fields: ['password'] },
      { method: 'POST', url: `/api/admin/users/${modUser.id}/reinstate`, user: operator, base: () => ({ reason: 'Грешка' }), fields: ['reason'] },
      { method: 'PATCH', url: `/api/admin/products/${ids.modProduct}`, user: operator, base: () => ({ promoted: true, promotedUntil: tomorrow() }), fields: ['promotedUntil'] },
    ];
    for (const c of cases) {
      let checked = 0;
      await fc.assert(fc.asyncProperty(fc.constantFrom(...c.fields), withForbidden, async (field, value) => {
        const body = { ...c.base(), [field]: value };
        const res = await expectNo5xx({ method: c.method, url: c.url, user: c.user, body, headers: c.method === 'POST' && c.url === '/api/orders' ? { 'idempotency-key': randomUUID() } : undefined });
        // A per-user rate limit may answer first; every other answer is the 400.
        if (res.statusCode === 429) return;
        checked++;
        expect(res.statusCode, `${c.url} ${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ field })] });
      }), { numRuns: 20 });
      expect(checked, c.url).toBeGreaterThanOrEqual(5);
    }
  });

  it('every text field of the logistics bodies (nested: pickup points, towns, payee, per-household entries)', async () => {
    const entry = { householdId: otherFarm.id, deliveryType: 'delivery', date: tomorrow(), deliveryArea: 'Ниш', deliveryAddress: 'Улица 1', paymentMethod: 'cash' };
    const cases: Array<{ url: string; method: Sent['method']; user: TestUser; body: (bad: string) => unknown; field: string; headers?: () => Record<string, string> }> = [
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, body: (bad) => ({ pickupPoints: [{ name: bad, address: 'Пијаца' }] }), field: 'pickupPoints.0.name' },
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, body: (bad) => ({ pickupPoints: [{ name: 'Тезга', address: bad }] }), field: 'pickupPoints.0.address' },
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, body: (bad) => ({ pickupPoints: [{ name: 'Тезга', address: 'Пијаца', note: bad }] }), field: 'pickupPoints.0.note' },
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, body: (bad) => ({ delivery: { areas: [bad] } }), field: 'delivery.areas.0' },
      { method: 'PATCH', url: `/api/households/${farm.id}`, user: farm, body: (bad) => ({ payment: { ipsPayeeName: bad } }), field: 'payment.ipsPayeeName' },
      { method: 'POST', url: '/api/orders', user: buyer, body: (bad) => ({ items: [{ productId: ids.otherProduct, quantity: 1 }], households: [{ ...entry, deliveryAddress: bad }], contactPhone: '+381641234567' }), field: 'households.0.deliveryAddress', headers: () => ({ 'idempotency-key': randomUUID() }) },
      { method: 'POST', url: '/api/orders', user: buyer, body: (bad) => ({ items: [{ productId: ids.otherProduct, quantity: 1 }], households: [{ ...entry, deliveryArea: bad }], contactPhone: '+381641234567' }), field: 'households.0.deliveryArea', headers: () => ({ 'idempotency-key': randomUUID() }) },
    ];
    for (const c of cases) {
      let checked = 0;
      await fc.assert(fc.asyncProperty(withForbidden, async (value) => {
        const res = await expectNo5xx({ method: c.method, url: c.url, user: c.user, body: c.body(value), headers: c.headers?.() });
        if (res.statusCode === 429) return;
        checked++;
        expect(res.statusCode, `${c.field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', details: expect.arrayContaining([expect.objectContaining({ field: c.field })]) });
      }), { numRuns: 10 });
      expect(checked, c.field).toBeGreaterThanOrEqual(5);
    }
  });

  it('a JSON body that is not valid UTF-8 (also a lone surrogate as raw bytes): 400, never U+FFFD stored', async () => {
    const bodies = [
      Buffer.concat([Buffer.from('{"bio":"'), Buffer.from([0xED, 0xA0, 0x80]), Buffer.from('"}')]), // CESU-8 / WTF-8 lone surrogate
      Buffer.concat([Buffer.from('{"bio":"'), Buffer.from([0xFF, 0xFE]), Buffer.from('"}')]),
      Buffer.concat([Buffer.from('{"bio":"'), Buffer.from([0xC0, 0x80]), Buffer.from('"}')]), // overlong NUL
      Buffer.concat([Buffer.from('{"bio":"Ђ'), Buffer.from([0xD0]), Buffer.from('"}')]), // cut in the middle of a character
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...buyer.headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload.toString('hex')).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ field: 'body' }] });
    }
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...buyer.headers, 'content-type': 'application/json; charset=utf-8' }, payload: Buffer.from('{"bio":"Ђурђевак 🌼"}') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bio).toBe('Ђурђевак 🌼');
    // Random bytes as a JSON body: never a 5xx.
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...buyer.headers, 'content-type': 'application/json' }, payload: Buffer.from(bytes) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }), { numRuns: 100 });
  });

  it('in the Idempotency-Key header, a query string and a path', async () => {
    const res = await expectNo5xx({ method: 'POST', url: '/api/orders', user: buyer, body: { items: [{ productId: ids.otherProduct, quantity: 1 }], deliveryType: 'pickup', pickupDate: tomorrow(), pickupTime: '10:00', contactPhone: '+381641234567' }, headers: { 'idempotency-key': 'ključ\x7f' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('idempotency-key');
    for (const bad of ['%00', 'a%0Db', '%7F', '%1B', '%08']) {
      const list = await expectNo5xx({ method: 'GET', url: `/api/products?q=${bad}` });
      expect(list.statusCode, bad).toBe(400);
      expect(list.json()).toMatchObject({ code: 'validation_failed', details: [{ field: 'q' }] });
    }
    // A lone surrogate cannot be written in a URL: its WTF-8 bytes are invalid UTF-8, read as U+FFFD (a normal search).
    expect((await expectNo5xx({ method: 'GET', url: '/api/products?q=%ED%A0%80' })).statusCode).toBe(200);
    expect((await expectNo5xx({ method: 'GET', url: '/api/products?q=%C5%A1ljiva' })).statusCode).toBe(200);
    expect((await expectNo5xx({ method: 'GET', url: '/api/products/%00' })).statusCode).toBe(400);
  });
});

describe('numbers past their columns or rules: 400 naming the field', () => {
  async function raw(method: Sent['method'], url: string, user: TestUser, json: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url, headers: { ...user.headers, 'content-type': 'application/json', ...headers }, payload: json, remoteAddress: nextIp() });
  }

  it('order quantity: 2^31, 1e308, 1000, 0.5, 0, -0, -1, 1e400', async () => {
    for (const quantity of ['2147483648', '1e308', '1000', '0.5', '0', '-0', '-1', '1e400', '"1"', 'null']) {
      const json = `{"items":[{"productId":"${ids.otherProduct}","quantity":${quantity}}],"deliveryType":"pickup","pickupDate":"${tomorrow()}","pickupTime":"10:00","contactPhone":"+381641234567"}`;
      const res = await raw('POST', '/api/orders', buyer, json, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, quantity).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), quantity).toContain('items.0.quantity');
    }
  });

  it('review rating: 0, 6, 2.5, -0, 2^31, 1e308, 1e400', async () => {
    for (const rating of ['0', '6', '2.5', '-0', '2147483648', '1e308', '1e400', '"5"']) {
      const res = await raw('POST', `/api/products/${ids.otherProduct}/reviews`, buyer, `{"rating":${rating},"comment":"Одличан производ, хвала"}`);
      expect(res.statusCode, rating).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), rating).toContain('rating');
    }
  });

  it('list limit in the query string: only digits within 1..100', async () => {
    for (const limit of ['NaN', 'Infinity', '-Infinity', '1e1', '-0', '0', '101', '1.5', '0x10', '+5', '%205', '2147483648', '1e308', '']) {
      for (const path of ['/api/products', '/api/households', '/api/orders']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?limit=${limit}`, headers: buyer.headers });
        expect(res.statusCode, `${path} ${limit}`).toBe(400);
        expect(res.json().details[0].field, `${path} ${limit}`).toBe('limit');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products?limit=100' })).statusCode).toBe(200);
  });
});
