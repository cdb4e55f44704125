import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { products, pushSubscriptions, users } from '../../db/schema.ts';
import { createNotification } from '../../domain/notifications.ts';
import { belgradeDateOf as dayIn } from '#shared/time.ts';

/** A push service on loopback: records every request, answers with `status`. */
interface PushRequest { url: string; headers: http.IncomingHttpHeaders; body: Buffer }
let pushServer: http.Server;
let pushBase: string;
const received: PushRequest[] = [];
let pushStatus = 201;

let t: TestApp;
beforeAll(async () => {
  // The push service of these tests listens on loopback over http.
  t = await createTestApp({ PUSH_ALLOW_LOCAL: 'true' });
  pushServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = pushStatus;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pushServer?.close(resolve));
});

async function product(producer: TestUser) {
  const [row] = await t.database.db.insert(products).values({
    householdId: producer.id, name: 'Мед од багрема', pricePara: 120_000, unit: 'jar', category: 'honey', availability: true,
  }).returning();
  return row!;
}

async function placeOrder(buyer: TestUser, producer: TestUser): Promise<string> {
  const p = await product(producer);
  const res = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId: p.id, quantity: 1 }], deliveryType: 'pickup', pickupDate: dayIn(new Date(t.clock.now().getTime() + 86_400_000)), pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().orders[0].id as string;
}

const notificationsOf = (u: TestUser, query = '') => t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: u.headers });
const setStatus = (producer: TestUser, orderId: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${orderId}`, headers: producer.headers, payload: { status } });

function subscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${pushBase}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}
const subscribe = (u: TestUser, sub: unknown) => t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: u.headers, payload: sub as object });

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('notifications', () => {
  it('tells the producer of a new order, the buyer of status changes, in each reader\'s language, each only their own', async () => {
    const buyer = await createUser(t, { name: 'Јелена' });
    const producer = await createUser(t, { userType: 'producer' });
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, producer.id));
    const orderId = await placeOrder(buyer, producer);

    const forProducer = (await notificationsOf(producer)).json();
    expect(forProducer).toEqual({
      items: [{ id: expect.any(String), type: 'order_placed', orderId, title: `New order ${orderId.slice(0, 8)} from Јелена`, createdAt: expect.any(String), readAt: null }],
      unread: 1, nextCursor: null,
    });
    expect((await notificationsOf(buyer)).json()).toEqual({ items: [], unread: 0, nextCursor: null });

    expect((await setStatus(producer, orderId, 'confirmed')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await setStatus(producer, orderId, 'ready')).statusCode).toBe(200);
    const forBuyer = (await notificationsOf(buyer)).json();
    expect(forBuyer.unread).toBe(2);
    expect(forBuyer.items.map((n: { type: string; title: string; orderId: string }) => [n.type, n.orderId, n.title])).toEqual([
      ['order_status', orderId, `Поруџбина ${orderId.slice(0, 8)} је сада: спремна`],
      ['order_status', orderId, `Поруџбина ${orderId.slice(0, 8)} је сада: потврђена`],
    ]);
    expect((await notificationsOf(producer)).json().unread).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('tells of messages and new reviews; marks one, someone else\'s (no effect) or all read', async () => {
    const buyer = await createUser(t, { name: 'Stefan' });
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages`, headers: buyer.headers, payload: { body: 'Zdravo' } });
    const p = await product(producer);
    const review = await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/reviews`, headers: buyer.headers, payload: { rating: 5, comment: 'Одличан мед, препоручујем!' } });
    expect(review.statusCode).toBe(201);

    const page = (await notificationsOf(producer)).json();
    expect(page.unread).toBe(3);
    const byType = Object.fromEntries(page.items.map((n: { type: string }) => [n.type, n]));
    expect(byType.message).toMatchObject({ orderId, title: `Нова порука од Stefan (поруџбина ${orderId.slice(0, 8)})` });
    expect(byType.review).toMatchObject({ productId: p.id, title: 'Нова оцена 5★ за Мед од багрема' });
    expect(byType.review.orderId).toBeUndefined();

    const other = await createUser(t);
    await t.app.inject({ method: 'POST', url: `/api/orders/${await placeOrder(other, producer)}/messages`, headers: other.headers, payload: { body: 'x' } });
    const othersNotification = (await notificationsOf(producer)).json().items[0].id as string;
    // The buyer cannot mark the producer's notification.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: buyer.headers, payload: { ids: [othersNotification] } });
    expect(foreign.statusCode).toBe(200);
    expect((await notificationsOf(producer)).json().items[0].readAt).toBeNull();

    const one = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: producer.headers, payload: { ids: [byType.review.id] } });
    expect(one.json()).toEqual({ ok: true, unread: 4 });
    const after = (await notificationsOf(producer)).json();
    expect(after.items.find((n: { id: string }) => n.id === byType.review.id).readAt).toEqual(expect.any(String));
    expect((await notificationsOf(producer, '?unread=true')).json().items).toHaveLength(4);

    for (const payload of [{ ids: ['nope'] }, { all: true }, { ids: 'x' }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: producer.headers, payload })).statusCode).toBe(400);
    }
    // No body at all = all.
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: producer.headers });
    expect(all.json()).toEqual({ ok: true, unread: 0 });
    expect((await notificationsOf(producer)).json().items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
  });

  it('pages newest first with a cursor', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i += 1) {
      await createNotification(t.database.db, { userId: user.id, type: 'moderation', data: { decision: 'producer_approved' }, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
    }
    const first = (await notificationsOf(user, '?limit=3')).json();
    expect(first.items).toHaveLength(3);
    expect(first.items[0].title).toBe('Ваше домаћинство је одобрено и сада је јавно');
    const second = (await notificationsOf(user, `?limit=3&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const times = [...first.items, ...second.items].map((n: { createdAt: string }) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await notificationsOf(user, '?cursor=garbage')).statusCode).toBe(400);
  });

  it('keeps mail and push settings per kind', async () => {
    const user = await createUser(t);
    const get = () => t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: user.headers });
    expect((await get()).json().message).toEqual({ mail: true, push: true });
    const put = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: user.headers, payload: { message: { mail: false }, review: { push: false } } });
    expect(put.statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({ message: { mail: false, push: true }, review: { mail: true, push: false }, order_status: { mail: true, push: true } });
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: user.headers, payload: { chat: { mail: false } } })).statusCode).toBe(400);
  });

  it('respects a turned-off message mail', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: producer.headers, payload: { message: { mail: false } } });
    await t.app.outbox.drain();
    t.mails.length = 0;
    await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages`, headers: buyer.headers, payload: { body: 'ima li još kajmaka?' } });
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === producer.email)).toEqual([]);
    expect((await notificationsOf(producer)).json().items.map((n: { type: string }) => n.type)).toContain('message');
  });
});

describe('mail settings of the order mails', () => {
  it('the new-order mail follows order_placed, the status mail order_status; the buyer\'s receipt always goes', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const put = (u: TestUser, payload: object) => t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: u.headers, payload });
    await put(producer, { order_placed: { mail: false } });
    await put(buyer, { order_status: { mail: false } });
    await t.app.outbox.drain();
    t.mails.length = 0;
    const orderId = await placeOrder(buyer, producer);
    await setStatus(producer, orderId, 'confirmed');
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === producer.email)).toEqual([]);
    expect(t.mails.filter((m) => m.to === buyer.email)).toHaveLength(1); // the receipt only

    await put(producer, { order_placed: { mail: true } });
    await put(buyer, { order_status: { mail: true } });
    await placeOrder(buyer, producer);
    await setStatus(producer, orderId, 'ready');
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === producer.email)).toHaveLength(1);
    expect(t.mails.filter((m) => m.to === buyer.email)).toHaveLength(3);
  });
});

describe('Web Push', () => {
  it('gives the VAPID public key, kept in DATA_DIR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses bad subscriptions and needs a signed-in user', async () => {
    const user = await createUser(t);
    const good = subscription('/x');
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: good })).statusCode).toBe(401);
    for (const bad of [
      { ...good, endpoint: 'ftp://x' }, { endpoint: good.endpoint }, { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, auth: 'AA' } }, { ...good, extra: 1 },
    ]) expect((await subscribe(user, bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });

  it('pushes a status change to every device of the buyer with VAPID, and forgets a device the push service calls gone', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const phone = subscription(`/push/${randomUUID()}`);
    const laptop = subscription(`/push/${randomUUID()}`);
    expect((await subscribe(buyer, phone)).statusCode).toBe(201);
    expect((await subscribe(buyer, laptop)).statusCode).toBe(201);
    // Again, keys in plain base64 this time: still one row, stored as base64url.
    expect((await subscribe(buyer, { ...phone, keys: { p256dh: Buffer.from(phone.keys.p256dh, 'base64url').toString('base64'), auth: phone.keys.auth } })).statusCode).toBe(201);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.endpoint === phone.endpoint)!.p256dh).toBe(phone.keys.p256dh);
    const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/push/key' })).json();

    received.length = 0;
    expect((await setStatus(producer, orderId, 'confirmed')).statusCode).toBe(200);
    const [a, b] = await waitFor(() => (received.length >= 2 ? received : undefined));
    expect(new Set([a!.url, b!.url])).toEqual(new Set([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname]));
    for (const req of [a!, b!]) {
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
      expect(Number(req.headers.ttl)).toBeGreaterThan(0);
      expect(req.body.length).toBeGreaterThan(100);
      expect(req.body.toString('utf8')).not.toContain(orderId); // encrypted
    }

    // The push service now calls both devices gone (410): both subscriptions are deleted.
    received.length = 0;
    pushStatus = 410;
    expect((await setStatus(producer, orderId, 'ready')).statusCode).toBe(200);
    await waitFor(() => (received.length >= 2 ? true : undefined));
    await t.app.push.drain();
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, buyer.id));
    expect(left).toEqual([]);
    pushStatus = 201;
  });

  it('sends nothing for a kind the user turned push off for, and nothing to another user', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const path = `/push/${randomUUID()}`;
    await subscribe(buyer, subscription(path));
    await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: buyer.headers, payload: { order_status: { push: false } } });
    received.length = 0;
    await setStatus(producer, orderId, 'confirmed');
    await t.app.push.drain();
    // A message is still pushed: only order_status was turned off.
    await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages`, headers: producer.headers, payload: { body: 'Спремно сутра' } });
    await waitFor(() => (received.some((r) => r.url === path) ? true : undefined));
    await t.app.push.drain();
    expect(received.filter((r) => r.url === path)).toHaveLength(1);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: producer.headers, payload: { endpoint: `${pushBase}${path}` } });
    expect(del.statusCode).toBe(404); // not the producer's device
    expect((await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: buyer.headers, payload: { endpoint: `${pushBase}${path}` } })).statusCode).toBe(200);
  });
});
