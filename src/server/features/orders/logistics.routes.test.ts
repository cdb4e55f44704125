import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetails } from '#shared/contracts/error-details.ts';
import { mod97CheckDigits } from '#shared/ips.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { orders, products } from '../../db/schema.ts';

/** Local logistics and payment against the API (docs/logistics-and-payment.md): household settings, slots, per-household checkout, payment. */

let t: TestApp;
let farm: TestUser;
let plain: TestUser;
let buyer: TestUser;
let stall: string;
let gate: string;

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');

const SETTINGS = {
  pickupPoints: [
    { name: 'Зелена пијаца, тезга 12', address: 'Булевар 1, Нови Сад', note: 'Код ајвара', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] },
    { name: 'Капија газдинства', address: 'Сремска 5, Ириг', hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })) },
  ],
  delivery: { enabled: true, areas: ['Beograd', 'Нови Сад'], fee: 300, freeFrom: 3000, leadDays: 2, weekdays: [5, 6] },
  minimumOrder: 500,
  payment: { cash: true, ipsAccount: '840-955845-10', ipsPayeeName: 'Pčelinjak Test' },
};

function patch(user: TestUser, id: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url: `/api/households/${id}`, headers: user.headers, payload });
}

function checkout(payload: object, key: string = randomUUID()) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': key }, payload });
}

async function product(householdId: string, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId, name: `Мед ${randomUUID().slice(0, 4)}`, pricePara: 45_050, unit: 'jar', category: 'honey', ...values,
  }).returning();
  return row!;
}

const stallSaturday = (extra: object = {}) => ({ householdId: farm.id, deliveryType: 'pickup', pickupPointId: stall, date: '2030-06-15', time: '10:00', paymentMethod: 'cash', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Пчелињак Тест' });
  plain = await createUser(t, { userType: 'producer', householdName: 'Обична кућа' });
  buyer = await createUser(t);
  const res = await patch(farm, farm.id, SETTINGS);
  expect(res.statusCode).toBe(200);
  [stall, gate] = res.json().pickupPoints.map((p: { id: string }) => p.id);
});
afterAll(async () => { await t?.close(); });

describe('household settings', () => {
  it('are shown with the household: ids given to points, the account normalised to 18 digits', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` });
    expect(res.json()).toMatchObject({
      pickupPoints: [
        { id: stall, name: 'Зелена пијаца, тезга 12', address: 'Булевар 1, Нови Сад', note: 'Код ајвара', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] },
        { id: gate, name: 'Капија газдинства', note: null },
      ],
      delivery: SETTINGS.delivery,
      minimumOrder: 500,
      payment: { cash: true, ipsAccount: '840000000095584510', ipsPayeeName: 'Pčelinjak Test' },
    });
  });

  it('refuse an account with a wrong control number, naming the field', async () => {
    for (const ipsAccount of ['840-955845-11', '840000000095584511', '84-955845-10', 'abc']) {
      const res = await patch(farm, farm.id, { payment: { cash: true, ipsAccount, ipsPayeeName: null } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('payment.ipsAccount');
    }
    for (const [ipsAccount, digits] of [['165-55-74', '165000000000005574'], ['310 1234567891211 86', '310123456789121186']]) {
      const res = await patch(plain, plain.id, { payment: { cash: true, ipsAccount, ipsPayeeName: null } });
      expect(res.json().payment.ipsAccount).toBe(digits);
    }
    await patch(plain, plain.id, { payment: { cash: true, ipsAccount: null, ipsPayeeName: null } });
  });

  it('keep what a partial payment or delivery change leaves out, and always some way to pay', async () => {
    const partial = await patch(plain, plain.id, { payment: { ipsAccount: '165-55-74' }, delivery: { fee: 150 } });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      payment: { cash: true, ipsAccount: '165000000000005574', ipsPayeeName: null },
      delivery: { enabled: false, fee: 150, areas: [] },
    });
    const noWay = await patch(plain, plain.id, { payment: { cash: false, ipsAccount: null } });
    expect(noWay.statusCode).toBe(400);
    expect(noWay.json().details[0].field).toBe('payment.cash');
    const noTowns = await patch(plain, plain.id, { delivery: { enabled: true, weekdays: [6] } });
    expect(noTowns.statusCode).toBe(400);
    expect(noTowns.json().details[0].field).toBe('delivery.areas');
    await patch(plain, plain.id, { payment: { cash: true, ipsAccount: null, ipsPayeeName: null }, delivery: { fee: 0 } });
  });

  it('only the owner changes them; pickup points are replaced as a whole, kept ones by id', async () => {
    expect((await patch(plain, farm.id, { minimumOrder: 0 })).statusCode).toBe(403);
    expect((await patch(buyer, farm.id, { minimumOrder: 0 })).statusCode).toBe(403);
    const foreign = await patch(plain, plain.id, { pickupPoints: [{ id: stall, name: 'X', address: 'Y', hours: [] }] });
    expect(foreign.statusCode).toBe(400);
    const bad = await patch(farm, farm.id, { pickupPoints: [{ name: 'X', address: 'Y', hours: [{ weekday: 8, opens: '18:00', closes: '08:00' }] }] });
    expect(bad.statusCode).toBe(400);
    expect((await patch(farm, farm.id, { delivery: { ...SETTINGS.delivery, leadDays: 15 } })).statusCode).toBe(400);
    const stallOnly = await patch(farm, farm.id, { pickupPoints: [{ ...SETTINGS.pickupPoints[0], id: stall }] });
    expect(stallOnly.json().pickupPoints.map((p: { id: string }) => p.id)).toEqual([stall]);
    const back = await patch(farm, farm.id, { pickupPoints: [{ ...SETTINGS.pickupPoints[0], id: stall }, SETTINGS.pickupPoints[1]] });
    gate = back.json().pickupPoints[1].id;
  });
});

describe('GET /api/households/:id/slots', () => {
  it('lists pickup windows by weekday and delivery days from leadDays, in Belgrade days', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-06-12&days=4` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pickup: [
        { pickupPointId: gate, date: '2030-06-12', opens: '08:00', closes: '18:00' },
        { pickupPointId: gate, date: '2030-06-13', opens: '08:00', closes: '18:00' },
        { pickupPointId: gate, date: '2030-06-14', opens: '08:00', closes: '18:00' },
        { pickupPointId: stall, date: '2030-06-15', opens: '07:00', closes: '13:00' },
        { pickupPointId: gate, date: '2030-06-15', opens: '08:00', closes: '18:00' },
      ],
      delivery: [{ date: '2030-06-14' }, { date: '2030-06-15' }],
    });
  });

  it("leaves out past days and today's closed windows", async () => {
    try {
      t.clock.set(new Date('2030-06-12T16:30:00Z')); // 18:30 in Belgrade
      const res = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-06-10&days=4` });
      expect(res.json().pickup.map((s: { date: string }) => s.date)).toEqual(['2030-06-13']);
      expect(res.json().delivery).toEqual([]);
    } finally { t.clock.set(WED_10); }
  });

  it('counts days in Belgrade across the summer-time changes', async () => {
    try {
      // 23:30 UTC on Saturday 30 March 2030 is already Sunday 00:30 in Belgrade (the night clocks go forward).
      t.clock.set(new Date('2030-03-30T23:30:00Z'));
      const spring = (await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-03-30&days=3` })).json();
      expect(spring.pickup).toEqual([{ pickupPointId: gate, date: '2030-04-01', opens: '08:00', closes: '18:00' }]);
      // 22:30 UTC on Saturday 26 October 2030 is Sunday 00:30 in Belgrade (the night clocks go back).
      t.clock.set(new Date('2030-10-26T22:30:00Z'));
      const autumn = (await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-10-26&days=2` })).json();
      expect(autumn.pickup).toEqual([]);
      // 21:30 UTC on Saturday is 23:30 there, still Saturday: the stall has closed, so nothing today.
      t.clock.set(new Date('2030-10-26T21:30:00Z'));
      expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-10-26&days=1` })).json().pickup).toEqual([]);
      t.clock.set(new Date('2030-10-26T09:30:00Z'));
      expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?from=2030-10-26&days=1` })).json().pickup).toHaveLength(2);
    } finally { t.clock.set(WED_10); }
  });

  it('validates its query and answers 404 for an unknown household', async () => {
    for (const q of ['days=0', 'days=29', 'from=2030-02-30', 'from=x', 'other=1']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}/slots?${q}` })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${randomUUID()}/slots` })).statusCode).toBe(404);
  });
});

describe('checkout per household', () => {
  it('writes one order per household with its point, fee and payment; IPS QR per the NBS rules', async () => {
    const honey = await product(farm.id, { pricePara: 120_000, stock: 10 });
    const jam = await product(plain.id, { pricePara: 50_000 });
    const res = await checkout({
      items: [{ productId: honey.id, quantity: 1 }, { productId: jam.id, quantity: 2 }],
      contactPhone: '+381641234567',
      households: [
        stallSaturday({ paymentMethod: 'ips_qr' }),
        { householdId: plain.id, deliveryType: 'pickup', date: '2030-06-13', time: '12:00', paymentMethod: 'cash' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const [mine, other] = [farm.id, plain.id].map((id) => res.json().orders.find((o: { householdId: string }) => o.householdId === id));
    expect(mine).toMatchObject({
      pickupPoint: { id: stall, name: 'Зелена пијаца, тезга 12', address: 'Булевар 1, Нови Сад' },
      pickupDate: '2030-06-15', pickupTime: '10:00', deliveryFee: 0, total: 1200,
      payment: { method: 'ips_qr', status: 'unpaid', paidAt: null },
    });
    expect(other).toMatchObject({ pickupPoint: null, total: 1000, payment: { method: 'cash', status: 'unpaid', ips: null } });
    expect(mine.number).not.toBe(other.number);
    const check = mod97CheckDigits(String(mine.number));
    expect(mine.payment.ips.payload).toBe(
      `K:PR|V:01|C:1|R:840000000095584510|N:Pčelinjak Test|I:RSD1200,00|SF:221|S:Porudžbina ${mine.number}|RO:97${check}${mine.number}`,
    );
    expect(Number(`${mine.number}${check}`) % 97).toBe(1); // ISO 7064 MOD 97-10
    expect(mine.payment.ips.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    const again = await t.app.inject({ method: 'GET', url: `/api/orders/${mine.id}`, headers: buyer.headers });
    expect(again.json().payment).toEqual(mine.payment);
    expect(again.json().number).toBe(mine.number);
  });

  it('charges the delivery fee below freeFrom and delivers only to served towns, days and after lead days', async () => {
    const honey = await product(farm.id, { pricePara: 100_000 });
    const deliver = (quantity: number, extra: object = {}) => checkout({
      items: [{ productId: honey.id, quantity }], contactPhone: '+381641234567',
      households: [{ householdId: farm.id, deliveryType: 'delivery', date: '2030-06-14', deliveryArea: 'novi sad', deliveryAddress: 'Зmaj Jovina 3', paymentMethod: 'cash', ...extra }],
    });
    const small = await deliver(1);
    expect(small.statusCode).toBe(201);
    expect(small.json().orders[0]).toMatchObject({ deliveryFee: 300, total: 1300, deliveryArea: 'Нови Сад', deliveryType: 'delivery', pickupPoint: null });
    const big = await deliver(3);
    expect(big.json().orders[0]).toMatchObject({ deliveryFee: 0, total: 3000 });
    for (const extra of [{ deliveryArea: 'Niš' }, { deliveryArea: undefined }, { date: '2030-06-13' }, { date: '2030-06-12' }, { date: '2030-06-17' }]) {
      const res = await deliver(1, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(409);
      expect(res.json().code).toBe('order.delivery_unavailable');
    }
    const noDelivery = await product(plain.id, { pricePara: 100_000 });
    const res = await checkout({
      items: [{ productId: noDelivery.id, quantity: 1 }], contactPhone: '+381641234567',
      households: [{ householdId: plain.id, deliveryType: 'delivery', date: '2030-06-14', deliveryArea: 'Beograd', deliveryAddress: 'X 1', paymentMethod: 'cash' }],
    });
    expect(res.json().code).toBe('order.delivery_unavailable');
  });

  it('refuses slots outside the hours, a missing or foreign point, and a pickup time already past today', async () => {
    const honey = await product(farm.id);
    const cases: object[] = [
      stallSaturday({ date: '2030-06-12' }),
      stallSaturday({ time: '14:00' }),
      stallSaturday({ pickupPointId: undefined }),
      stallSaturday({ pickupPointId: randomUUID() }),
      stallSaturday({ pickupPointId: gate, date: '2030-06-12', time: '09:30' }),
      stallSaturday({ pickupPointId: gate, date: '2030-06-16', time: '10:00' }),
    ];
    for (const entry of cases) {
      const res = await checkout({ items: [{ productId: honey.id, quantity: 2 }], contactPhone: '+381641234567', households: [entry] });
      expect(res.statusCode, JSON.stringify(entry)).toBe(409);
      expect(res.json().code).toBe('order.slot_unavailable');
    }
    const later = await checkout({ items: [{ productId: honey.id, quantity: 2 }], contactPhone: '+381641234567', households: [stallSaturday({ pickupPointId: gate, date: '2030-06-12', time: '10:30' })] });
    expect(later.statusCode).toBe(201);
    const noTime = await checkout({ items: [{ productId: honey.id, quantity: 2 }], contactPhone: '+381641234567', households: [stallSaturday({ time: undefined })] });
    expect(noTime.json().orders[0].pickupTime).toBe('07:00');
    const nulls = await checkout({ items: [{ productId: honey.id, quantity: 2 }], contactPhone: '+381641234567', households: [stallSaturday({ time: null, deliveryArea: null, deliveryAddress: null })] });
    expect(nulls.statusCode).toBe(201);
  });

  it('refuses a pickup time already past today in the flat body too, and keeps the flat body working', async () => {
    const jam = await product(plain.id, { pricePara: 50_000 });
    const flat = (pickupDate: string, pickupTime: string) => checkout({ items: [{ productId: jam.id, quantity: 1 }], deliveryType: 'pickup', pickupDate, pickupTime, contactPhone: '+381641234567' });
    const past = await flat('2030-06-12', '09:59');
    expect(past.statusCode).toBe(409);
    expect(past.json().code).toBe('order.slot_unavailable');
    const ok = await flat('2030-06-12', '10:01');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().orders[0]).toMatchObject({ deliveryFee: 0, total: 500, payment: { method: 'cash', status: 'unpaid', ips: null }, pickupPoint: null });
  });

  it('refuses a subtotal below the minimum with householdId, minimum and subtotal', async () => {
    const cheap = await product(farm.id, { pricePara: 45_050 });
    const res = await checkout({ items: [{ productId: cheap.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'order.below_minimum', details: [{ householdId: farm.id, minimum: 500, subtotal: 450.5 }] });
    // In the shape the web app reads it (src/web/lib/api-client.ts, detailsFor).
    expect(errorDetails['order.below_minimum'].parse(res.json().details)).toHaveLength(1);
  });

  it('offers IPS QR only where the household has an account', async () => {
    const jam = await product(plain.id, { pricePara: 50_000 });
    const res = await checkout({
      items: [{ productId: jam.id, quantity: 1 }], contactPhone: '+381641234567',
      households: [{ householdId: plain.id, deliveryType: 'pickup', date: '2030-06-13', time: '12:00', paymentMethod: 'ips_qr' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order.payment_unavailable');
  });

  it('sells fractional multiples of the step, keeps them exactly and rounds line totals half up', async () => {
    const create = await t.app.inject({
      method: 'POST', url: '/api/products', headers: farm.headers,
      payload: { name: 'Кајмак', price: 333.33, unit: 'kg', category: 'dairy', stock: 2.5, quantityStep: 0.5 },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json()).toMatchObject({ stock: 2.5, quantityStep: 0.5, availableFrom: null });
    const badStock = await t.app.inject({ method: 'POST', url: '/api/products', headers: farm.headers, payload: { name: 'Кајмак', price: 1, unit: 'kg', category: 'dairy', stock: 2.3, quantityStep: 0.5 } });
    expect(badStock.statusCode).toBe(400);
    const id = create.json().id as string;
    const off = await checkout({ items: [{ productId: id, quantity: 0.75 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(off.statusCode).toBe(400);
    expect(off.json().details[0].field).toBe('items.0.quantity');
    const ok = await checkout({ items: [{ productId: id, quantity: 1.5 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(ok.statusCode).toBe(201);
    // 333.33 × 1.5 = 499.995 -> 500.00
    expect(ok.json().orders[0].items[0]).toMatchObject({ quantity: 1.5, unitPrice: 333.33, lineTotal: 500 });
    expect(ok.json().orders[0].total).toBe(500);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().stock).toBe(1);
    const tooMuch = await checkout({ items: [{ productId: id, quantity: 1.5 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(tooMuch.json()).toMatchObject({ code: 'order.out_of_stock', details: [{ available: 1, requested: 1.5 }] });
  });

  it('takes harvest pre-orders only for dates from availableFrom', async () => {
    const berries = await product(farm.id, { pricePara: 100_000, availableFrom: '2030-07-15' });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${berries.id}` })).json().availableFrom).toBe('2030-07-15');
    const early = await checkout({ items: [{ productId: berries.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'order.not_yet_available', details: [{ productId: berries.id, availableFrom: '2030-07-15' }] });
    expect(errorDetails['order.not_yet_available'].parse(early.json().details)).toHaveLength(1);
    const onTime = await checkout({ items: [{ productId: berries.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday({ pickupPointId: gate, date: '2030-07-15' })] });
    expect(onTime.statusCode).toBe(201);
  });

  it('writes all or none: one refused household leaves every stock and order untouched', async () => {
    const honey = await product(farm.id, { pricePara: 100_000, stock: 5 });
    const jam = await product(plain.id, { pricePara: 50_000, stock: 5 });
    const before = (await t.database.db.select().from(orders)).length;
    const res = await checkout({
      items: [{ productId: honey.id, quantity: 1 }, { productId: jam.id, quantity: 1 }], contactPhone: '+381641234567',
      households: [stallSaturday(), { householdId: plain.id, deliveryType: 'delivery', date: '2030-06-14', deliveryArea: 'Beograd', deliveryAddress: 'X 1', paymentMethod: 'cash' }],
    });
    expect(res.statusCode).toBe(409);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    const stock = async (id: string) => (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
    expect([await stock(honey.id), await stock(jam.id)]).toEqual([5, 5]);
    const missing = await checkout({ items: [{ productId: honey.id, quantity: 1 }, { productId: jam.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday()] });
    expect(missing.statusCode).toBe(400);
  });

  it('replays a retried checkout with the same order number', async () => {
    const honey = await product(farm.id, { pricePara: 100_000 });
    const payload = { items: [{ productId: honey.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday({ paymentMethod: 'ips_qr' })] };
    const key = randomUUID();
    const first = await checkout(payload, key);
    const second = await checkout(payload, key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });
});

describe('PATCH /api/producer/orders/:id paymentStatus', () => {
  it('lets the owning producer mark an order paid and unpaid', async () => {
    const honey = await product(farm.id, { pricePara: 100_000 });
    const placed = await checkout({ items: [{ productId: honey.id, quantity: 1 }], contactPhone: '+381641234567', households: [stallSaturday({ paymentMethod: 'ips_qr' })] });
    const id = placed.json().orders[0].id as string;
    const mark = (user: TestUser, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${id}`, headers: user.headers, payload });
    expect((await mark(plain, { paymentStatus: 'paid' })).statusCode).toBe(404);
    expect((await mark(buyer, { paymentStatus: 'paid' })).statusCode).toBe(403);
    expect((await mark(farm, { paymentStatus: 'yes' })).statusCode).toBe(400);
    t.clock.advance(60_000);
    const paid = await mark(farm, { paymentStatus: 'paid' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', payment: { method: 'ips_qr', status: 'paid' } });
    expect(Date.parse(paid.json().payment.paidAt)).toBeGreaterThan(WED_10.getTime());
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer.headers });
    expect(seen.json().payment.status).toBe('paid');
    const unpaid = await mark(farm, { paymentStatus: 'unpaid' });
    expect(unpaid.json().payment).toMatchObject({ status: 'unpaid', paidAt: null });
    t.clock.set(WED_10);
  });
});
