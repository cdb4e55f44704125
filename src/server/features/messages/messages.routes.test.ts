import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { products, users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { MESSAGE_RATE_PER_MINUTE } from '#shared/contracts/messages.ts';
import { belgradeDateOf as dayIn } from '#shared/time.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

async function placeOrder(buyer: TestUser, producer: TestUser): Promise<string> {
  const [product] = await t.database.db.insert(products).values({
    householdId: producer.id, name: 'Кајмак', pricePara: 90_000, unit: 'kg', category: 'dairy', availability: true,
  }).returning();
  const res = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId: product!.id, quantity: 1 }], deliveryType: 'pickup', pickupDate: dayIn(new Date(t.clock.now().getTime() + 86_400_000)), pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().orders[0].id as string;
}

const send = (user: TestUser | null, orderId: string, payload: unknown) => t.app.inject({
  method: 'POST', url: `/api/orders/${orderId}/messages`, headers: user?.headers ?? {}, payload: payload as object,
});
const list = (user: TestUser | null, orderId: string) => t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/messages`, headers: user?.headers ?? {} });

/** A new access token on the same session, for tests that move the clock past 15 minutes. */
async function refreshToken(user: TestUser) {
  const { accessToken } = await t.tokens.sign({ id: user.id, email: user.email, name: user.name, userType: user.userType }, user.sessionId);
  user.headers.authorization = `Bearer ${accessToken}`;
}

async function setLanguage(user: TestUser, language: 'sr' | 'en' | 'ru') {
  await t.database.db.update(users).set({ language }).where(eq(users.id, user.id));
}

describe('order conversation', () => {
  it('lets the buyer and the producer talk, oldest first, byte for byte', async () => {
    const buyer = await createUser(t, { name: 'Марија' });
    const producer = await createUser(t, { userType: 'producer', name: 'Петар' });
    const orderId = await placeOrder(buyer, producer);

    const texts = ['Здраво! Kasnim 10 min 🙂', 'Nema problema,\n\tčekam vas. Ђ ž 👩‍🌾', '  razmak na početku i kraju  '];
    const first = await send(buyer, orderId, { body: texts[0] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String), orderId, authorId: buyer.id, authorName: 'Марија', fromProducer: false, body: texts[0], createdAt: expect.any(String),
    });
    // Same clock instant: the second message still sorts after the first.
    expect((await send(producer, orderId, { body: texts[1] })).json()).toMatchObject({ fromProducer: true, authorId: producer.id, authorName: 'Петар', body: texts[1] });
    expect((await send(buyer, orderId, { body: texts[2] })).statusCode).toBe(201);

    for (const reader of [buyer, producer]) {
      const res = await list(reader, orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((m: { body: string }) => m.body)).toEqual(texts);
      expect(res.json().nextCursor).toBeNull();
    }
  });

  it('answers 404 to another buyer, another producer and the signed-out, and writes nothing', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const otherBuyer = await createUser(t);
    const otherProducer = await createUser(t, { userType: 'producer' });
    for (const stranger of [otherBuyer, otherProducer, null]) {
      expect((await list(stranger, orderId)).statusCode).toBe(404);
      const res = await send(stranger, orderId, { body: 'upad' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await list(buyer, randomUUID())).statusCode).toBe(404);
    expect((await list(buyer, orderId)).json().items).toEqual([]);
  });

  it('refuses bad bodies with 400', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const bad: unknown[] = [
      {}, { body: '' }, { body: '   \n ' }, { body: 'a'.repeat(1001) }, { body: 42 }, { body: 'ok', extra: 1 },
      { body: 'nul\u0000' }, { body: 'bell\u0007' }, { body: 'lone \uD83D surrogate' }, { body: 'lone \uDE00' }, { body: 'esc\u001b[31m' },
    ];
    for (const payload of bad) {
      const res = await send(buyer, orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/orders/not-a-uuid/messages', headers: buyer.headers, payload: { body: 'x' } })).statusCode).toBe(400);
    // 1000 characters, emoji counted as one each, is the limit.
    expect((await send(buyer, orderId, { body: '🍯'.repeat(1000) })).statusCode).toBe(201);
    expect((await send(buyer, orderId, { body: 'ш'.repeat(1000) })).statusCode).toBe(201);
    expect((await list(buyer, orderId)).json().items).toHaveLength(2);
  });

  it('mails the other party in their language at most once per order per 10 minutes, the rest summarised in the next', async () => {
    const buyer = await createUser(t, { name: 'Ana' });
    const producer = await createUser(t, { userType: 'producer', name: 'Pera' });
    await setLanguage(producer, 'en');
    await setLanguage(buyer, 'ru');
    const orderId = await placeOrder(buyer, producer);
    await t.app.outbox.drain();
    t.mails.length = 0;
    const toProducer = () => t.mails.filter((m) => m.to === producer.email);

    await send(buyer, orderId, { body: 'prva poruka' });
    await t.app.outbox.drain();
    expect(toProducer()).toHaveLength(1);
    expect(toProducer()[0]!.subject).toBe(`New message about order ${orderId.slice(0, 8)}`);
    expect(toProducer()[0]!.text).toContain('prva poruka');

    t.clock.advance(60_000);
    await send(buyer, orderId, { body: 'druga <b>poruka</b>' });
    t.clock.advance(60_000);
    await send(buyer, orderId, { body: 'treća' });
    await t.app.outbox.drain();
    expect(toProducer()).toHaveLength(1);

    t.clock.advance(8 * 60_000); // 10 minutes after the first mail
    await send(buyer, orderId, { body: 'četvrta' });
    await t.app.outbox.drain();
    expect(toProducer()).toHaveLength(2);
    const digest = toProducer()[1]!;
    expect(digest.subject).toBe(`3 new messages about order ${orderId.slice(0, 8)}`);
    expect(digest.text).toContain('druga <b>poruka</b>');
    expect(digest.text).toContain('treća');
    expect(digest.text).toContain('četvrta');
    expect(digest.text).not.toContain('prva poruka');
    expect(digest.html).toContain('druga &lt;b&gt;poruka&lt;/b&gt;');

    // The producer answers: the buyer is mailed (in Russian), whatever the producer's window.
    await send(producer, orderId, { body: 'odgovor' });
    await t.app.outbox.drain();
    const toBuyer = t.mails.filter((m) => m.to === buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.subject).toBe(`Новое сообщение по заказу ${orderId.slice(0, 8)}`);
    // Answering means having read: the producer's next mail will not repeat what came before.
    t.clock.advance(10 * 60_000);
    await refreshToken(buyer); // the clock moved past the token's 15 minutes
    expect((await send(buyer, orderId, { body: 'peta' })).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(toProducer()).toHaveLength(3);
    expect(toProducer()[2]!.text).toContain('peta');
    expect(toProducer()[2]!.text).not.toContain('četvrta');
  });

  it('mails what waited when the window passes without another message (due mail, sent by a drain), unless already read', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    await send(buyer, orderId, { body: 'jedan' });
    await send(buyer, orderId, { body: 'dva' });
    await t.app.outbox.drain();
    const mine = () => t.mails.filter((m) => m.to === producer.email && m.subject.includes(orderId.slice(0, 8)));
    expect(mine()).toHaveLength(1);
    t.clock.advance(9 * 60_000);
    await t.app.outbox.drain();
    expect(mine()).toHaveLength(1);
    t.clock.advance(60_000);
    await t.app.outbox.drain();
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.text).toContain('dva');
    expect(mine()[1]!.text).not.toContain('jedan');
    await t.app.outbox.drain();
    expect(mine()).toHaveLength(2); // sent once

    // Read before the window passes: nothing to mail.
    t.clock.advance(60_000);
    await send(buyer, orderId, { body: 'tri' });
    t.clock.advance(60_000);
    await send(buyer, orderId, { body: 'četiri' });
    await refreshToken(producer);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages/read`, headers: producer.headers })).json()).toMatchObject({ unread: 0 });
    t.clock.advance(10 * 60_000);
    await t.app.outbox.drain();
    expect(mine()).toHaveLength(2);
  });

  it('keeps unread marks per party', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    await send(buyer, orderId, { body: 'a' });
    await send(buyer, orderId, { body: 'b' });
    const state = (u: TestUser) => t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/messages/state`, headers: u.headers }).then((r) => r.json());
    expect(await state(producer)).toMatchObject({ orderId, unread: 2 });
    expect(await state(buyer)).toMatchObject({ orderId, unread: 0 });
    const unread = await t.app.inject({ method: 'GET', url: '/api/messages/unread', headers: producer.headers });
    expect(unread.json().items).toEqual([{ orderId, unread: 2, lastReadAt: null }]);
    await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages/read`, headers: producer.headers });
    expect(await state(producer)).toMatchObject({ unread: 0 });
    const stranger = await createUser(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/messages/read`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('tells a producer which orders it shares with a buyer, and nobody else', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const other = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const get = (u: TestUser) => t.app.inject({ method: 'GET', url: `/api/producer/buyers/${buyer.id}/orders`, headers: u.headers });
    expect((await get(producer)).json().items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await get(other)).json().items).toEqual([]);
    expect((await get(buyer)).statusCode).toBe(403);
  });

  it('limits messages per user', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const orderId = await placeOrder(buyer, producer);
    const codes: number[] = [];
    for (let i = 0; i < MESSAGE_RATE_PER_MINUTE + 2; i += 1) codes.push((await send(buyer, orderId, { body: `m${i}` })).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MESSAGE_RATE_PER_MINUTE);
    const limited = await send(buyer, orderId, { body: 'too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    // Another user is not affected.
    expect((await send(producer, orderId, { body: 'still fine' })).statusCode).toBe(201);
  });
});
