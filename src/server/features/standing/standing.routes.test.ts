import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { products, standingOrders } from '../../db/schema.ts';

/** Standing orders against the API and the cycles (docs/standing-orders.md). */

let t: TestApp;
let farm: TestUser;
let other: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let gate: string;

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');

const HOURS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' }));

async function product(householdId: string, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId, name: `Млеко ${randomUUID().slice(0, 4)}`, pricePara: 15_000, unit: 'l', category: 'dairy', stock: '100' as unknown as number, ...values,
  }).returning();
  return row!;
}

const body = (productId: string, extra: object = {}) => ({
  items: [{ productId, quantity: 2 }], everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: gate, time: '10:00',
  paymentMethod: 'cash', contactPhone: '+381641234567', ...extra,
});

function create(user: TestUser, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/standing-orders', headers: user.headers, payload });
}
const patch = (user: TestUser, id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/standing-orders/${id}`, headers: user.headers, payload });
const skip = (user: TestUser, id: string, date: string) => t.app.inject({ method: 'POST', url: `/api/standing-orders/${id}/skip`, headers: user.headers, payload: { date } });
const list = async (user: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/standing-orders', headers: user.headers })).json();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Салаш Ковач' });
  other = await createUser(t, { userType: 'producer', householdName: 'Друга кућа' });
  buyer = await createUser(t);
  stranger = await createUser(t);
  const res = await t.app.inject({
    method: 'PATCH', url: `/api/households/${farm.id}`, headers: farm.headers,
    payload: { pickupPoints: [{ name: 'Капија салаша', address: 'Салаш 5, Сомбор', hours: HOURS }], delivery: { enabled: true, areas: ['Сомбор'], fee: 200, freeFrom: null, leadDays: 1, weekdays: [2, 6] } },
  });
  expect(res.statusCode).toBe(200);
  gate = res.json().pickupPoints[0].id;
});
afterAll(async () => { await t?.close(); });

describe('the household cutoff', () => {
  it('is 48 hours unless the owner changes it (1..168)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` })).json().standingCutoffHours).toBe(48);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/households/${other.id}`, headers: other.headers, payload: { standingCutoffHours: 169 } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/households/${other.id}`, headers: other.headers, payload: { standingCutoffHours: 24 } });
    expect(ok.json().standingCutoffHours).toBe(24);
    const notOwner = await t.app.inject({ method: 'PATCH', url: `/api/households/${other.id}`, headers: farm.headers, payload: { standingCutoffHours: 2 } });
    expect(notOwner.statusCode).toBe(403);
  });
});

describe('creating and reading', () => {
  it('answers the contract with the first date whose cutoff is ahead', async () => {
    const milk = await product(farm.id);
    const res = await create(buyer, body(milk.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      householdId: farm.id, householdName: 'Салаш Ковач', items: [{ productId: milk.id, name: milk.name, quantity: 2 }],
      everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: gate, time: '10:00', deliveryArea: null, deliveryAddress: null,
      paymentMethod: 'cash', contactPhone: '+381641234567', notes: null, status: 'active', pausedUntil: null, skipDates: [],
      nextDate: '2030-06-15', lastOrderId: null,
    });
    const mine = await list(buyer);
    expect(mine.items.map((s: { id: string }) => s.id)).toContain(res.json().id);
    expect(mine.nextCursor).toBeNull();
    expect((await list(stranger)).items).toEqual([]);
  });

  it('takes the next week when this week\'s cutoff has passed (Friday is due Wednesday 00:00)', async () => {
    const milk = await product(farm.id);
    const res = await create(buyer, body(milk.id, { weekday: 5 }));
    expect(res.json().nextDate).toBe('2030-06-21');
  });

  it('refuses what the checkout refuses for the first date, and products of two households', async () => {
    const milk = await product(farm.id);
    const cheese = await product(other.id);
    const two = await create(buyer, { ...body(milk.id), items: [{ productId: milk.id, quantity: 1 }, { productId: cheese.id, quantity: 1 }] });
    expect(two.statusCode).toBe(400);
    const lateHour = await create(buyer, body(milk.id, { time: '19:00' }));
    expect(lateHour.statusCode).toBe(409);
    expect(lateHour.json().code).toBe('order.slot_unavailable');
    const nowhere = await create(buyer, body(milk.id, { deliveryType: 'delivery', pickupPointId: null, time: null, deliveryArea: 'Нови Сад', deliveryAddress: 'Улица 1' }));
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().code).toBe('order.delivery_unavailable');
    const wrongDay = await create(buyer, body(milk.id, { weekday: 3, deliveryType: 'delivery', pickupPointId: null, time: null, deliveryArea: 'Сомбор', deliveryAddress: 'Улица 1' }));
    expect(wrongDay.json().code).toBe('order.delivery_unavailable');
    const gone = await product(farm.id, { archivedAt: new Date() });
    expect((await create(buyer, body(gone.id))).json().code).toBe('order.product_unavailable');
    const own = await create(farm, body(milk.id));
    expect(own.statusCode).toBe(403);
    const bad = await create(buyer, body(milk.id, { everyWeeks: 3 }));
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/standing-orders', payload: body(milk.id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('are the owner\'s only: another buyer gets 404 and changes nothing', async () => {
    const milk = await product(farm.id);
    const so = (await create(buyer, body(milk.id))).json();
    expect((await patch(stranger, so.id, { status: 'paused' })).statusCode).toBe(404);
    expect((await skip(stranger, so.id, '2030-06-15')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/standing-orders/${so.id}`, headers: stranger.headers })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(standingOrders).where(eq(standingOrders.id, so.id));
    expect(row).toMatchObject({ status: 'active', skipDates: [] });
  });
});

describe('changing', () => {
  it('changes quantities and weekday, pauses until a date, resumes and cancels', async () => {
    const milk = await product(farm.id);
    const so = (await create(buyer, body(milk.id))).json();
    const more = await patch(buyer, so.id, { items: [{ productId: milk.id, quantity: 3 }], weekday: 2 });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ items: [{ quantity: 3 }], weekday: 2, nextDate: '2030-06-18' });
    const paused = (await patch(buyer, so.id, { pausedUntil: '2030-06-25' })).json();
    expect(paused).toMatchObject({ status: 'paused', pausedUntil: '2030-06-25', nextDate: '2030-07-02' });
    const resumed = (await patch(buyer, so.id, { status: 'active' })).json();
    expect(resumed).toMatchObject({ status: 'active', pausedUntil: null, nextDate: '2030-06-18' });
    expect((await patch(buyer, so.id, { pausedUntil: '2030-06-01' })).statusCode).toBe(400);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/standing-orders/${so.id}`, headers: buyer.headers });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextDate: null });
    expect((await patch(buyer, so.id, { status: 'active' })).statusCode).toBe(409);
  });

  it('skips a coming date, refusing one that is not a cycle date', async () => {
    const milk = await product(farm.id);
    const so = (await create(buyer, body(milk.id))).json();
    expect((await skip(buyer, so.id, '2030-06-16')).statusCode).toBe(400);
    const skipped = (await skip(buyer, so.id, '2030-06-15')).json();
    expect(skipped).toMatchObject({ skipDates: ['2030-06-15'], nextDate: '2030-06-22' });
    expect((await skip(buyer, so.id, '2030-06-15')).statusCode).toBe(200);
  });
});
