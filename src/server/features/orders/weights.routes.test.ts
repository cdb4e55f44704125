import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { belgradeDateOf } from '#shared/time.ts';
import { notifications, orderItems, orders, products } from '../../db/schema.ts';

/** Sold by weight (docs/weight-pricing.md): products, checkout estimates, weighing, consent. */

let t: TestApp;
let buyer: TestUser;
let farm: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t);
  farm = await createUser(t, { userType: 'producer', householdName: 'Сјенички салаш' });
  other = await createUser(t, { userType: 'producer', householdName: 'Друга кућа' });
  const res = await t.app.inject({
    method: 'PATCH', url: `/api/households/${farm.id}`, headers: farm.headers,
    payload: { payment: { cash: true, ipsAccount: '840-955845-10', ipsPayeeName: 'Sjenički salaš' } },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

const tomorrow = () => belgradeDateOf(new Date(t.clock.now().getTime() + 24 * 3600 * 1000));

/** A product of the farm: the Sjenica wheel (1 400 RSD/kg, about 1.2 kg) unless told otherwise. */
async function weightProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId: farm.id, name: `Сјенички сир ${randomUUID().slice(0, 4)}`, pricePara: 140_000, unit: 'wheel', category: 'dairy',
    pricing: 'weight', pieceWeight: 1.2, stock: 10, ...values,
  }).returning();
  return row!;
}

async function order(items: { productId: string; quantity: number }[], paymentMethod: 'cash' | 'ips_qr' = 'ips_qr') {
  const res = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { items, contactPhone: '+381641234567', households: [{ householdId: farm.id, deliveryType: 'pickup', date: tomorrow(), time: '10:00', paymentMethod }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().orders[0];
}

const weigh = (user: TestUser, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${id}/weights`, headers: user.headers, payload: payload as object });
const setStatus = (user: TestUser, id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${id}`, headers: user.headers, payload: { status } });
const getOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer.headers })).json();
const stockOf = async (id: string) => (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const weightsOf = async (id: string) => (await t.database.db.select({ weight: orderItems.weight }).from(orderItems).where(eq(orderItems.orderId, id))).map((r) => r.weight);

describe('a product sold by weight', () => {
  it('is created with a per-kg price, a piece and its usual weight, and read back', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/products', headers: farm.headers,
      payload: { name: 'Sjenički sir', price: 1400, unit: 'wheel', category: 'dairy', pricing: 'weight', pieceWeight: 1.2 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 1400, unit: 'wheel', pricing: 'weight', pieceWeight: 1.2 });
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${res.json().id}` });
    expect(read.json()).toMatchObject({ pricing: 'weight', pieceWeight: 1.2 });
    // Back to the unit: the piece weight goes with it.
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/products/${res.json().id}`, headers: farm.headers, payload: { pricing: 'unit' } });
    expect(patched.json()).toMatchObject({ pricing: 'unit', pieceWeight: null });
  });

  it('defaults to the unit, and refuses a weight product without a piece weight, in kg, or with a piece weight out of range', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/products', headers: farm.headers, payload: { name: 'Ајвар', price: 900, unit: 'jar', category: 'preserves' } });
    expect(plain.json()).toMatchObject({ pricing: 'unit', pieceWeight: null });
    const bad: [object, string][] = [
      [{ pricing: 'weight', unit: 'wheel' }, 'pieceWeight'],
      [{ pricing: 'weight', unit: 'kg', pieceWeight: 1 }, 'unit'],
      [{ pricing: 'weight', unit: 'pc', pieceWeight: 0.009 }, 'pieceWeight'],
      [{ pricing: 'weight', unit: 'pc', pieceWeight: 100.001 }, 'pieceWeight'],
      [{ pricing: 'weight', unit: 'pc', pieceWeight: 1.2345 }, 'pieceWeight'],
      [{ pricing: 'unit', unit: 'pc', pieceWeight: 1 }, 'pieceWeight'],
      [{ pricing: 'kilo', unit: 'pc', pieceWeight: 1 }, 'pricing'],
      [{ pricing: 'weight', unit: 'pc', pieceWeight: '1,2' }, 'pieceWeight'],
    ];
    for (const [extra, field] of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: farm.headers, payload: { name: 'Шунка', price: 2200, category: 'meat', ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // A PATCH to weight pricing of a product sold in kg needs a piece.
    const kg = await t.app.inject({ method: 'PATCH', url: `/api/products/${plain.json().id}`, headers: farm.headers, payload: { pricing: 'weight', unit: 'kg', pieceWeight: 1 } });
    expect(kg.statusCode).toBe(400);
  });
});

describe('an order sold by weight', () => {
  it('is an estimate at checkout: lines, total, no IPS amount; the mail says so', async () => {
    const wheel = await weightProduct();
    t.mails.length = 0;
    const o = await order([{ productId: wheel.id, quantity: 2 }]);
    expect(o).toMatchObject({ total: 3360, estimate: true, estimateTotal: 3360, payment: { method: 'ips_qr', ips: null } });
    expect(o.items[0]).toMatchObject({ unit: 'wheel', unitPrice: 1400, quantity: 2, lineTotal: 3360, pricing: 'weight', pieceWeight: 1.2, estimate: true, weight: null });
    await t.app.outbox.drain();
    const receipt = t.mails.find((m) => m.to === buyer.email)!;
    expect(receipt.text).toContain('≈ 3.360,00 RSD');
    expect(receipt.text).not.toContain('K:PR');
    expect(receipt.html).not.toContain('NBS IPS QR');
    // Nothing to pay yet: the payment cannot be reported before the total is final.
    const early = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/payment-sent`, headers: buyer.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('order.weights_missing');
    expect((await getOrder(o.id)).payment.status).toBe('unpaid');
  });

  it('is weighed by its producer: the total becomes final, to the para, the buyer is notified and mailed, the IPS QR carries it', async () => {
    const wheel = await weightProduct();
    const o = await order([{ productId: wheel.id, quantity: 1 }]);
    await t.app.outbox.drain();
    t.mails.length = 0;
    // 1.234 kg × 1 400 RSD = 1 727,60 RSD: within 15 % of 1 680.
    const res = await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 1.234 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', total: 1727.6, estimate: false, estimateTotal: 1680 });
    expect(res.json().items[0]).toMatchObject({ estimate: false, weight: 1.234, lineTotal: 1727.6 });
    const mine = await getOrder(o.id);
    expect(mine.payment.ips.payload).toContain('|I:RSD1727,60|');
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, buyer.id), eq(notifications.orderId, o.id), eq(notifications.type, 'order_weighed')));
    expect(notes).toHaveLength(1);
    await t.app.outbox.drain();
    const mail = t.mails.find((m) => m.to === buyer.email)!;
    expect(mail.subject).toContain('измерена');
    expect(mail.text).toContain('1.727,60 RSD');
    expect(mail.html).toContain('NBS IPS QR');
    // Now it can be ready.
    expect((await setStatus(farm, o.id, 'ready')).statusCode).toBe(200);
  });

  it('refuses ready (and completed) before every weight line is weighed: 409 order.weights_missing', async () => {
    const wheel = await weightProduct();
    const ham = await weightProduct({ name: 'Пршута', pricePara: 250_000, unit: 'pc', pieceWeight: 2.5 });
    const o = await order([{ productId: wheel.id, quantity: 1 }, { productId: ham.id, quantity: 1 }], 'cash');
    for (const status of ['ready', 'completed']) {
      const res = await setStatus(farm, o.id, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order.weights_missing');
      expect(res.json().details.map((d: { productId: string }) => d.productId).sort()).toEqual([wheel.id, ham.id].sort());
    }
    // One of two weighed: still an estimate, still refused.
    const half = await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 1.2 }] });
    expect(half.json()).toMatchObject({ estimate: true });
    expect((await setStatus(farm, o.id, 'ready')).json().code).toBe('order.weights_missing');
    expect((await weigh(farm, o.id, { lines: [{ productId: ham.id, weight: 2.5 }] })).json()).toMatchObject({ estimate: false, total: 1680 + 6250 });
    expect((await setStatus(farm, o.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(farm, o.id, 'ready')).json().status).toBe('ready');
    // Ready: weights are closed.
    const late = await weigh(farm, o.id, { lines: [{ productId: ham.id, weight: 2.4 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order.weights_closed');
  });

  it('lets no one else weigh: another producer 404, the buyer 403, anonymous 401; nothing changes', async () => {
    const wheel = await weightProduct();
    const o = await order([{ productId: wheel.id, quantity: 1 }]);
    const payload = { lines: [{ productId: wheel.id, weight: 1.3 }] };
    expect((await weigh(other, o.id, payload)).statusCode).toBe(404);
    expect((await weigh(buyer, o.id, payload)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}/weights`, payload })).statusCode).toBe(401);
    expect((await weigh(farm, randomUUID(), payload)).statusCode).toBe(404);
    expect(await weightsOf(o.id)).toEqual([null]);
    expect((await getOrder(o.id)).total).toBe(1680);
  });

  it('refuses hostile input with 400, never a 500, and changes nothing', async () => {
    const wheel = await weightProduct();
    const unit = (await t.database.db.insert(products).values({ householdId: farm.id, name: 'Ајвар', pricePara: 90_000, unit: 'jar', category: 'preserves' }).returning())[0]!;
    const o = await order([{ productId: wheel.id, quantity: 1 }, { productId: unit.id, quantity: 1 }]);
    const bad: unknown[] = [
      {}, { lines: [] }, { lines: 'x' }, { lines: [{ productId: wheel.id }] },
      { lines: [{ productId: wheel.id, weight: 0 }] }, { lines: [{ productId: wheel.id, weight: -1 }] },
      { lines: [{ productId: wheel.id, weight: 1.2345 }] }, { lines: [{ productId: wheel.id, weight: 1e9 }] },
      { lines: [{ productId: wheel.id, weight: '1,2' }] }, { lines: [{ productId: wheel.id, weight: null }] },
      { lines: [{ productId: 'not-a-uuid', weight: 1 }] }, { lines: [{ productId: wheel.id, weight: 1, price: 1 }] },
      { lines: [{ productId: wheel.id, weight: 1 }], total: 1 },
      { lines: [{ productId: wheel.id, weight: 1 }, { productId: wheel.id, weight: 2 }] },
      // A unit line and a product not in the order are not weight lines of it.
      { lines: [{ productId: unit.id, weight: 1 }] }, { lines: [{ productId: randomUUID(), weight: 1 }] },
    ];
    for (const payload of bad) {
      const res = await weigh(farm, o.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await weigh(farm, 'nope', { lines: [{ productId: wheel.id, weight: 1 }] })).statusCode).toBe(400);
    expect(await weightsOf(o.id)).toEqual([null, null]);
  });
});

describe('the 15 % rule', () => {
  it('takes exactly 15 % above the estimate without asking', async () => {
    const wheel = await weightProduct();
    const o = await order([{ productId: wheel.id, quantity: 1 }]);
    // 1.38 kg × 1 400 = 1 932,00 RSD = 1 680 × 1.15 exactly.
    const res = await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 1.38 }] });
    expect(res.json()).toMatchObject({ status: 'pending', total: 1932 });
  });

  it('waits for the buyer at 15 % and one para above; accept continues the order, with the IPS amount then', async () => {
    // Priced so that one gram is one para: 10 RSD/kg, a 1 kg piece estimates 10,00 RSD.
    const tiny = await weightProduct({ pricePara: 1_000, pieceWeight: 1, stock: null });
    const o = await order([{ productId: tiny.id, quantity: 100 }]);
    expect(o.total).toBe(1000);
    expect((await setStatus(farm, o.id, 'confirmed')).statusCode).toBe(200);
    // 115.001 kg × 10 RSD = 1 150,01 RSD: one para above 1 150.
    await t.app.outbox.drain();
    t.mails.length = 0;
    const res = await weigh(farm, o.id, { lines: [{ productId: tiny.id, weight: 115.001 }] });
    expect(res.json()).toMatchObject({ status: 'awaiting_buyer', total: 1150.01, estimate: false, payment: { ips: null } });
    await t.app.outbox.drain();
    expect(t.mails.find((m) => m.to === buyer.email)!.text).toContain('15 %');
    const status = await t.database.db.select().from(notifications).where(and(eq(notifications.orderId, o.id), eq(notifications.type, 'order_status')));
    expect(status.some((n) => n.userId === buyer.id && (n.data as { status: string }).status === 'awaiting_buyer')).toBe(true);
    // The producer cannot go on; the buyer can.
    expect((await setStatus(farm, o.id, 'ready')).json().code).toBe('order.awaiting_buyer');
    const stranger = await createUser(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/accept`, headers: stranger.headers })).statusCode).toBe(404);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/accept`, headers: buyer.headers });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'confirmed', total: 1150.01 });
    expect(accepted.json().payment.ips.payload).toContain('|I:RSD1150,01|');
    // Twice: nothing to accept.
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/accept`, headers: buyer.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order.not_awaiting_buyer');
    // Final now: the buyer can say they paid.
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/payment-sent`, headers: buyer.headers })).json().payment.status).toBe('reported');
    expect((await setStatus(farm, o.id, 'ready')).statusCode).toBe(200);
  });

  it('lets the buyer cancel instead: the stock comes back', async () => {
    const wheel = await weightProduct({ stock: 5 });
    const o = await order([{ productId: wheel.id, quantity: 2 }]);
    expect(await stockOf(wheel.id)).toBe(3);
    // 2 wheels estimated 2.4 kg; 3 kg is 25 % more.
    expect((await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 3 }] })).json().status).toBe('awaiting_buyer');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: buyer.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await stockOf(wheel.id)).toBe(5);
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe('cancelled');
  });

  it('goes back to where it was when the producer corrects a weight under the 15 %', async () => {
    const wheel = await weightProduct();
    const o = await order([{ productId: wheel.id, quantity: 1 }]);
    expect((await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 2 }] })).json().status).toBe('awaiting_buyer');
    const fixed = await weigh(farm, o.id, { lines: [{ productId: wheel.id, weight: 1.2 }] });
    expect(fixed.json()).toMatchObject({ status: 'pending', total: 1680 });
  });
});
