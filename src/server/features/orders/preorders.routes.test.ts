import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositModel97Reference, depositPara, paymentReferenceOf } from '#shared/deposit.ts';
import { model97Reference } from '#shared/ips.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { notifications, orders, products, users } from '../../db/schema.ts';

/** Harvest pre-orders with a deposit against the API (docs/product.md, "Pre-orders and the waitlist"). */

let t: TestApp;
let farm: TestUser;
let buyer: TestUser;
let gate: string;

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');
const HOUR = 60 * 60 * 1000;
const ACCOUNT = '840000000095584510';

function checkout(payload: object, user: TestUser = buyer) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...user.headers, 'idempotency-key': randomUUID() }, payload });
}

async function product(values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId: farm.id, name: `Малине ${randomUUID().slice(0, 4)}`, pricePara: 100_033, unit: 'kg', category: 'fruit',
    availableFrom: '2030-07-15', depositPercent: 30, ...values,
  }).returning();
  return row!;
}

const onHarvest = (extra: object = {}) => ({ householdId: farm.id, deliveryType: 'pickup', pickupPointId: gate, date: '2030-07-15', time: '10:00', paymentMethod: 'cash', ...extra });

async function preorder(productId: string, quantity = 1, extra: object = {}) {
  const res = await checkout({ items: [{ productId, quantity }], contactPhone: '+381641234567', households: [onHarvest(extra)] });
  if (res.statusCode !== 201) console.error(res.body);
  expect(res.statusCode).toBe(201);
  return res.json().orders[0];
}

const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) => (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

function importStatement(lines: string[]) {
  const csv = ['Datum;Iznos;Uplatilac;Poziv na broj', ...lines].join('\n');
  const boundary = `----x${randomUUID()}`;
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  return t.app.inject({ method: 'POST', url: '/api/producer/payments/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...farm.headers } });
}

function expiries(at: Date) {
  return t.app.expiries.runExpiries(at);
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.DBG ? 'error' : 'silent' });
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Малинар Тест' });
  buyer = await createUser(t);
  const res = await t.app.inject({
    method: 'PATCH', url: `/api/households/${farm.id}`, headers: farm.headers,
    payload: {
      pickupPoints: [{ name: 'Капија', address: 'Сремска 5, Ириг', hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })) }],
      payment: { cash: true, ipsAccount: '840-955845-10', ipsPayeeName: 'Malinar' },
      depositDays: 2,
    },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().depositDays).toBe(2);
  gate = res.json().pickupPoints[0].id;
});
afterAll(async () => { await t?.close(); });

describe('the deposit rules (src/shared/deposit.ts)', () => {
  it('rounds to the para and tells a deposit reference from an order reference', () => {
    expect(depositPara(100_033, 30)).toBe(30_010); // 300.099 RSD -> 300.10
    expect(depositPara(99, 50)).toBe(50); // half a para up
    expect(paymentReferenceOf(depositModel97Reference(100_001))).toEqual({ number: 100_001, deposit: true });
    expect(paymentReferenceOf(`${depositModel97Reference(100_001).slice(0, 4)} 100001 - 1`)).toEqual({ number: 100_001, deposit: true });
    expect(paymentReferenceOf(model97Reference('100001'))).toEqual({ number: 100_001, deposit: false });
    expect(paymentReferenceOf('97 00 100001-1')).not.toEqual({ number: 100_001, deposit: true });
  });
});

describe('product and household fields', () => {
  it('take depositPercent 0..50 and preorderLimit; refuse others with 400 and change nothing', async () => {
    const create = await t.app.inject({
      method: 'POST', url: '/api/products', headers: farm.headers,
      payload: { name: 'Малине', price: 900, unit: 'kg', category: 'fruit', availableFrom: '2030-07-15', depositPercent: 30, preorderLimit: 40 },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json()).toMatchObject({ depositPercent: 30, preorderLimit: 40 });
    const plain = await t.app.inject({ method: 'POST', url: '/api/products', headers: farm.headers, payload: { name: 'Мед', price: 900, unit: 'jar', category: 'honey' } });
    expect(plain.json()).toMatchObject({ depositPercent: 0, preorderLimit: null });
    const id = create.json().id as string;
    for (const depositPercent of [51, -1, 2.5, '30']) {
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: farm.headers, payload: { depositPercent } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('depositPercent');
    }
    for (const depositDays of [0, 15, 1.5]) {
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/households/${farm.id}`, headers: farm.headers, payload: { depositDays } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json()).toMatchObject({ depositPercent: 30, preorderLimit: 40 });
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` })).json().depositDays).toBe(2);
  });

  it('refuses a preorderLimit below what is already pre-ordered: 409, unchanged', async () => {
    const p = await product({ preorderLimit: 10 });
    await preorder(p.id, 4);
    const low = await t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: farm.headers, payload: { preorderLimit: 3 } });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ code: 'product.preorder_limit_below_ordered', details: [{ field: 'preorderLimit' }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().preorderLimit).toBe(10);
    const exact = await t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: farm.headers, payload: { preorderLimit: 4 } });
    expect(exact.statusCode).toBe(200);
    const over = await checkout({ items: [{ productId: p.id, quantity: 1 }], contactPhone: '+381641234567', households: [onHarvest()] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'order.preorder_limit', details: [{ productId: p.id }] });
  });
});

describe('a pre-order with a deposit', () => {
  it('starts awaiting_deposit with the deposit to the para and its IPS QR (RO: the reference with -1)', async () => {
    const p = await product();
    const o = await preorder(p.id, 1);
    expect(o.status).toBe('awaiting_deposit');
    expect(o.deposit).toMatchObject({ percent: 30, amount: 300.1, status: 'due' });
    expect(o.deposit.ips.reference).toBe(depositModel97Reference(o.number));
    expect(o.deposit.ips.reference.endsWith(`${o.number}-1`)).toBe(true);
    expect(o.deposit.ips.payload).toContain(`R:${ACCOUNT}`);
    expect(o.deposit.ips.payload).toContain('I:RSD300,10');
    expect(o.deposit.ips.payload).toContain(`RO:${o.deposit.ips.reference}`);
    // Paid in cash at handover: no order QR.
    expect(o.payment.ips).toBeNull();
    // Not a pre-order (harvest today): no deposit.
    const now = await product({ availableFrom: null });
    const plain = await checkout({ items: [{ productId: now.id, quantity: 1 }], contactPhone: '+381641234567', households: [onHarvest({ date: '2030-06-13' })] });
    expect(plain.json().orders[0]).toMatchObject({ status: 'pending', deposit: null });
    // The buyer's mail carries the deposit's QR.
    await t.app.outbox.drain();
    const mail = t.mails.find((m) => m.to === buyer.email && m.text.includes(`#${o.number}`));
    expect(mail?.text).toContain(o.deposit.ips.reference);
  });

  it('is paid by the producer\'s confirmation: pending, deposit paid; the remainder is what the order QR asks', async () => {
    const p = await product();
    const o = await preorder(p.id, 1, { paymentMethod: 'ips_qr' });
    expect(o.payment.ips).toBeNull();
    const paid = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { paymentStatus: 'paid' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', deposit: { status: 'paid' }, payment: { status: 'unpaid' } });
    // 1000.33 - 300.10 = 700.23
    expect(paid.json().payment.ips.payload).toContain('I:RSD700,23');
  });

  it('is paid by payment-sent and the producer\'s confirmation', async () => {
    const p = await product();
    const o = await preorder(p.id);
    const sent = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/payment-sent`, headers: buyer.headers });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'awaiting_deposit', deposit: { status: 'due' } });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
    expect(told.filter((n) => n.type === 'payment_reported')).toHaveLength(1);
    // Reported: not expired, however late.
    await expiries(new Date(WED_10.getTime() + 30 * 24 * HOUR));
    expect((await row(o.id)).status).toBe('awaiting_deposit');
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { status: 'confirmed' } });
    expect(ok.json()).toMatchObject({ status: 'confirmed', deposit: { status: 'paid' } });
  });

  it('is paid by a statement row matched by the -1 reference (its amount to the para)', async () => {
    const p = await product();
    const o = await preorder(p.id);
    const csv = [
      'Datum;Iznos;Uplatilac;Poziv na broj',
      `12.06.2030;300,00;Ana;${o.deposit.ips.reference}`,
      `12.06.2030;300,10;Ana;${o.deposit.ips.reference}`,
      `12.06.2030;300,10;Ana;${o.deposit.ips.reference}`,
    ].join('\n');
    const boundary = `----x${randomUUID()}`;
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
    const res = await t.app.inject({ method: 'POST', url: '/api/producer/payments/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...farm.headers } });
    expect(res.statusCode).toBe(200);
    expect(res.json().matched).toEqual([expect.objectContaining({ orderId: o.id, deposit: true, amount: 300.1 })]);
    expect(res.json().unmatched.map((u: { reason: string }) => u.reason)).toEqual(['amount', 'already_paid']);
    expect(await row(o.id)).toMatchObject({ status: 'pending', depositStatus: 'paid', paymentStatus: 'unpaid' });
  });

  it('paid by a statement after it expired or was cancelled: refund_due, never paid on a cancelled order', async () => {
    const expired = await preorder((await product()).id);
    await expiries(new Date(WED_10.getTime() + 48 * HOUR));
    expect(await row(expired.id)).toMatchObject({ status: 'cancelled', depositStatus: 'due' });
    const cancelled = await preorder((await product()).id);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, headers: buyer.headers })).statusCode).toBe(200);
    const lines = [expired, cancelled].map((o) => `14.06.2030;300,10;Ana;${o.deposit.ips.reference}`);
    const res = await importStatement(lines);
    expect(res.statusCode).toBe(200);
    expect(res.json().matched).toEqual([
      expect.objectContaining({ orderId: expired.id, deposit: true, refundDue: true }),
      expect.objectContaining({ orderId: cancelled.id, deposit: true, refundDue: true }),
    ]);
    for (const o of [expired, cancelled]) {
      expect(await row(o.id)).toMatchObject({ status: 'cancelled', depositStatus: 'refund_due', paymentStatus: 'unpaid' });
      expect((await row(o.id)).depositPaidAt).not.toBeNull();
    }
    // The same file again: nothing more.
    expect((await importStatement(lines)).json().unmatched.map((u: { reason: string }) => u.reason)).toEqual(['already_paid', 'already_paid']);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/producer/orders/${expired.id}/deposit-refunded`, headers: farm.headers });
    expect(refunded.json()).toMatchObject({ status: 'cancelled', deposit: { status: 'refunded' } });
    // The producer's word that the money came, after the cancellation, is the same.
    const late = await preorder((await product()).id);
    await t.app.inject({ method: 'POST', url: `/api/orders/${late.id}/cancel`, headers: buyer.headers });
    const confirmed = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${late.id}`, headers: farm.headers, payload: { paymentStatus: 'paid' } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'cancelled', deposit: { status: 'refund_due' }, payment: { status: 'unpaid' } });
  });

  it('paid by a statement, then cancelled: refund_due', async () => {
    const o = await preorder((await product()).id);
    expect((await importStatement([`12.06.2030;300,10;Ana;${o.deposit.ips.reference}`])).json().matched).toEqual([
      expect.not.objectContaining({ refundDue: true }),
    ]);
    expect(await row(o.id)).toMatchObject({ status: 'pending', depositStatus: 'paid' });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: buyer.headers });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', deposit: { status: 'refund_due' } });
  });

  it('unpaid after depositDays: cancelled once, stock returned, buyer told (fake clock)', async () => {
    const p = await product({ stock: 5 });
    const o = await preorder(p.id, 2);
    expect(await stockOf(p.id)).toBe(3);
    // One hour before it is due: nothing.
    expect((await expiries(new Date(WED_10.getTime() + 47 * HOUR))).deposits).toBe(0);
    expect((await row(o.id)).status).toBe('awaiting_deposit');
    const at = new Date(WED_10.getTime() + 48 * HOUR);
    const [a, b] = await Promise.all([expiries(at), expiries(at)]);
    expect(a.deposits + b.deposits).toBeGreaterThanOrEqual(1);
    expect(await row(o.id)).toMatchObject({ status: 'cancelled', depositStatus: 'due' });
    expect(await stockOf(p.id)).toBe(5);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
    expect(told.filter((n) => n.type === 'order_status' && n.userId === buyer.id)).toHaveLength(1);
    // Again: nothing more.
    expect((await expiries(at)).deposits).toBe(0);
  });

  it('cancelled after a paid deposit: refund_due, listed for the producer until marked refunded', async () => {
    const p = await product();
    const o = await preorder(p.id);
    const none = await t.app.inject({ method: 'POST', url: `/api/producer/orders/${o.id}/deposit-refunded`, headers: farm.headers });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('order.deposit_not_refund_due');
    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { paymentStatus: 'paid' } });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: buyer.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().deposit.status).toBe('refund_due');
    const due = await t.app.inject({ method: 'GET', url: '/api/producer/orders?depositStatus=refund_due', headers: farm.headers });
    expect(due.json().items.map((i: { id: string }) => i.id)).toContain(o.id);
    expect(due.json().items.every((i: { deposit: { status: string } }) => i.deposit.status === 'refund_due')).toBe(true);
    const stranger = await createUser(t, { userType: 'producer', householdName: 'Туђа кућа' });
    expect((await t.app.inject({ method: 'POST', url: `/api/producer/orders/${o.id}/deposit-refunded`, headers: stranger.headers })).statusCode).toBe(404);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/producer/orders/${o.id}/deposit-refunded`, headers: farm.headers });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().deposit.status).toBe('refunded');
    expect((await t.app.inject({ method: 'POST', url: `/api/producer/orders/${o.id}/deposit-refunded`, headers: farm.headers })).statusCode).toBe(200);
    const plainProduct = await product({ availableFrom: null });
    const plain = await checkout({ items: [{ productId: plainProduct.id, quantity: 1 }], contactPhone: '+381641234567', households: [onHarvest({ date: '2030-06-13' })] });
    const noDeposit = await t.app.inject({ method: 'POST', url: `/api/producer/orders/${plain.json().orders[0].id}/deposit-refunded`, headers: farm.headers });
    expect(noDeposit.json().code).toBe('order.no_deposit');
  });

  it('shows in the operator\'s stats: deposits held and refunds due', async () => {
    const operator = await createUser(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, operator.id));
    const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats?days=7', headers: operator.headers })).json().deposits;
    const before = await stats();
    const p = await product();
    const o = await preorder(p.id);
    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { paymentStatus: 'paid' } });
    const held = await stats();
    expect(held.held.count).toBe(before.held.count + 1);
    expect(held.held.amount).toBeCloseTo(before.held.amount + 300.1, 2);
    await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: buyer.headers });
    const due = await stats();
    expect(due.held.count).toBe(before.held.count);
    expect(due.refundsDue.count).toBe(before.refundsDue.count + 1);
  });
});
