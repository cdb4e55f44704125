import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { orderItems, orders, products, standingOrderCycles, users } from '../../db/schema.ts';

/** The cycles: each (standing order, date) becomes one order through the checkout, or is skipped and told. */

let t: TestApp;
let farm: TestUser;
let buyer: TestUser;
let gate: string;

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');
// Saturday 15 June is due 48 h before its midnight: Thursday 13 June 00:00 in Belgrade.
const SAT_DUE = new Date('2030-06-12T22:00:00Z');
const WEEK = 7 * 86_400_000;
const HOURS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' }));

async function product(values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId: farm.id, name: `Млеко ${randomUUID().slice(0, 4)}`, pricePara: 15_000, unit: 'l', category: 'dairy', stock: 100, ...values,
  }).returning();
  return row!;
}

async function standing(user: TestUser, productId: string, extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/standing-orders', headers: await auth(user),
    payload: { items: [{ productId, quantity: 2 }], everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: gate, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; nextDate: string };
}

const get = async (user: TestUser, id: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/standing-orders?limit=100', headers: await auth(user) })).json().items as { id: string; nextDate: string | null; lastOrderId: string | null; status: string }[]).find((s) => s.id === id)!;
const ordersWith = async (productId: string) => {
  const rows = await t.database.db.select({ id: orders.id, date: orders.pickupDate, status: orders.status }).from(orders);
  const items = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, productId));
  return rows.filter((o) => items.some((i) => i.orderId === o.id));
};
const cycle = async (id: string, date: string) =>
  (await t.database.db.select().from(standingOrderCycles).where(and(eq(standingOrderCycles.standingOrderId, id), eq(standingOrderCycles.date, date))))[0];
const notificationsOf = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: await auth(user) })).json().items as { type: string; title: string }[];

/** Fresh tokens at the test clock's time (it jumps weeks; access tokens live 15 minutes). */
async function auth(user: TestUser) {
  const { accessToken } = await t.tokens.sign({ id: user.id, email: user.email, name: user.name, userType: user.userType }, user.sessionId);
  return { authorization: `Bearer ${accessToken}` };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Салаш Ковач' });
  buyer = await createUser(t);
  const res = await t.app.inject({
    method: 'PATCH', url: `/api/households/${farm.id}`, headers: await auth(farm),
    payload: { pickupPoints: [{ name: 'Капија салаша', address: 'Салаш 5, Сомбор', hours: HOURS }] },
  });
  gate = res.json().pickupPoints[0].id;
});
afterAll(async () => { await t?.close(); });

describe('a cycle is ordered exactly once', () => {
  it('however many runs race it, and after a restart on the same database', async () => {
    t.clock.set(WED_10);
    const milk = await product();
    const so = await standing(buyer, milk.id);
    expect(so.nextDate).toBe('2030-06-15');

    // A minute before the cutoff nothing is due.
    t.clock.set(new Date(SAT_DUE.getTime() - 60_000));
    expect((await t.app.standing.runCycles()).ordered).toBe(0);

    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    const second = await buildApp(t.config, { database: t.database, tokens: t.tokens, mailer: { send: async () => undefined }, clock: t.clock.now });
    await second.ready();
    try {
      await Promise.all([t.app.standing.runCycles(), t.app.standing.runCycles(), second.standing.runCycles()]);
      // "Restart": a new instance on the same database, run again.
      const third = await buildApp(t.config, { database: t.database, tokens: t.tokens, mailer: { send: async () => undefined }, clock: t.clock.now });
      await third.ready();
      await third.standing.runCycles();
      await third.close();
    } finally {
      await second.close();
    }
    const placed = await ordersWith(milk.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ date: '2030-06-15', status: 'pending' });
    expect(await cycle(so.id, '2030-06-15')).toMatchObject({ status: 'ordered', orderId: placed[0]!.id });
    expect(await get(buyer, so.id)).toMatchObject({ lastOrderId: placed[0]!.id, nextDate: '2030-06-22' });
    // The same path as checkout: stock taken, the producer notified.
    const [left] = await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, milk.id));
    expect(Number(left!.stock)).toBe(98);
    expect((await notificationsOf(farm)).some((n) => n.type === 'order_placed')).toBe(true);
  });

  it('a cycle with too little stock is skipped and the buyer told; the next cycle tries again', async () => {
    t.clock.set(WED_10);
    const milk = await product({ stock: 1 });
    const so = await standing(buyer, milk.id);
    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    await t.app.standing.runCycles();
    expect(await ordersWith(milk.id)).toHaveLength(0);
    expect(await cycle(so.id, '2030-06-15')).toMatchObject({ status: 'skipped', reason: 'out_of_stock' });
    const told = (await notificationsOf(buyer)).filter((n) => n.type === 'standing_skipped');
    expect(told.some((n) => n.title.includes('2030-06-15'))).toBe(true);
    await t.app.outbox.drain();
    expect(t.mails.some((m) => m.to === buyer.email && m.subject.includes('2030-06-15'))).toBe(true);
    expect((await get(buyer, so.id)).nextDate).toBe('2030-06-22');

    await t.database.db.update(products).set({ stock: 10 }).where(eq(products.id, milk.id));
    t.clock.set(new Date(SAT_DUE.getTime() + WEEK + 60_000));
    await t.app.standing.runCycles();
    const placed = await ordersWith(milk.id);
    expect(placed.map((o) => o.date)).toEqual(['2030-06-22']);
  });
});

describe('skip and pause around the cutoff', () => {
  it('a skipped date is not ordered; a date already ordered cannot be skipped (409)', async () => {
    t.clock.set(WED_10);
    const milk = await product();
    const so = await standing(buyer, milk.id);
    // Skipped after the cutoff but before a run: still honoured.
    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    expect((await t.app.inject({ method: 'POST', url: `/api/standing-orders/${so.id}/skip`, headers: await auth(buyer), payload: { date: '2030-06-15' } })).statusCode).toBe(200);
    await t.app.standing.runCycles();
    expect(await ordersWith(milk.id)).toHaveLength(0);

    t.clock.set(new Date(SAT_DUE.getTime() + WEEK + 60_000));
    await t.app.standing.runCycles();
    expect(await ordersWith(milk.id)).toHaveLength(1);
    const late = await t.app.inject({ method: 'POST', url: `/api/standing-orders/${so.id}/skip`, headers: await auth(buyer), payload: { date: '2030-06-22' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('standing.already_ordered');
  });

  it('a pause holds the dates up to its last day, then ordering resumes on its own', async () => {
    t.clock.set(WED_10);
    const milk = await product();
    const so = await standing(buyer, milk.id);
    await t.app.inject({ method: 'PATCH', url: `/api/standing-orders/${so.id}`, headers: await auth(buyer), payload: { pausedUntil: '2030-06-16' } });
    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    await t.app.standing.runCycles();
    expect(await ordersWith(milk.id)).toHaveLength(0);
    t.clock.set(new Date(SAT_DUE.getTime() + WEEK + 60_000));
    await t.app.standing.runCycles();
    expect((await ordersWith(milk.id)).map((o) => o.date)).toEqual(['2030-06-22']);
    expect(await get(buyer, so.id)).toMatchObject({ status: 'active', nextDate: '2030-06-29' });
  });

  it('after downtime: a date already past is skipped and told, a date still ahead is ordered late', async () => {
    t.clock.set(WED_10);
    const milk = await product();
    const so = await standing(buyer, milk.id);
    // Down from before the cutoff of 15 June until Monday 17 June, 10:00.
    t.clock.set(new Date('2030-06-17T08:00:00Z'));
    await t.app.standing.runCycles();
    expect(await cycle(so.id, '2030-06-15')).toMatchObject({ status: 'skipped', reason: 'date_passed' });
    expect(await ordersWith(milk.id)).toHaveLength(0);
    // Down again over the cutoff of 22 June (Thursday 20 June, 00:00) until Friday 21 June.
    t.clock.set(new Date('2030-06-21T08:00:00Z'));
    await t.app.standing.runCycles();
    expect((await ordersWith(milk.id)).map((o) => o.date)).toEqual(['2030-06-22']);
  });
});

describe('a product sold by pre-order (docs/standing-orders.md, "Pre-orders")', () => {
  it('a cycle before the harvest is skipped and told; one placed before the harvest for a date after it is a pre-order with its deposit; over the pre-order limit, skipped and told why', async () => {
    t.clock.set(WED_10);
    const berries = await product({ name: `Малине ${randomUUID().slice(0, 4)}`, unit: 'kg', category: 'fruit' });
    const other = await createUser(t);
    const mine = await standing(buyer, berries.id);
    const theirs = await standing(other, berries.id);
    // The farm then says the harvest starts on Saturday 22 June, asking 30 % and taking 3 kg by pre-order.
    await t.database.db.update(products).set({ availableFrom: '2030-06-22', depositPercent: 30, preorderLimit: 3 }).where(eq(products.id, berries.id));

    // Saturday 15 June is before the harvest: not ordered, each buyer told why.
    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    await t.app.standing.runCycles();
    expect(await cycle(mine.id, '2030-06-15')).toMatchObject({ status: 'skipped', reason: 'not_yet_available' });
    expect(await cycle(theirs.id, '2030-06-15')).toMatchObject({ status: 'skipped', reason: 'not_yet_available' });
    expect(await ordersWith(berries.id)).toEqual([]);

    // Saturday 22 June is due Thursday 20 June, before the harvest: a pre-order with its deposit,
    // as a checkout of that day would be. Only 3 kg by pre-order: the second buyer's 2 kg is refused.
    t.clock.set(new Date(SAT_DUE.getTime() + WEEK + 60_000));
    await t.app.standing.runCycles();
    const cycles = [await cycle(mine.id, '2030-06-22'), await cycle(theirs.id, '2030-06-22')];
    expect(cycles.map((c) => c!.status).sort()).toEqual(['ordered', 'skipped']);
    const placed = await ordersWith(berries.id);
    expect(placed).toEqual([expect.objectContaining({ date: '2030-06-22', status: 'awaiting_deposit' })]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed[0]!.id));
    expect(order).toMatchObject({ depositPercent: 30, depositPara: 9_000, depositStatus: 'due' });
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line!.preorder).toBe(true);
    const refused = cycles.find((c) => c!.status === 'skipped')!;
    expect(refused.reason).toBe('preorder_limit');
    const refusedBuyer = refused.standingOrderId === mine.id ? buyer : other;
    const told = (await notificationsOf(refusedBuyer)).filter((n) => n.type === 'standing_skipped');
    expect(told.at(0)?.title).toContain('производ је распродат у претпродаји');
    // Unpaid, it expires like any pre-order's deposit.
    const expired = await t.app.expiries.runExpiries(new Date(order!.depositDueAt!.getTime() + 1));
    expect(expired.deposits).toBeGreaterThanOrEqual(1);
    expect((await ordersWith(berries.id))[0]!.status).toBe('cancelled');
    t.clock.set(WED_10);
  });
});

describe('the demand forecast', () => {
  it('is the sum of live standing orders on each cycle date, honouring skips, pauses and everyWeeks; producers only', async () => {
    const t2 = await createTestApp();
    t2.clock.set(WED_10);
    try {
      const p = await createUser(t2, { userType: 'producer', householdName: 'Фарма' });
      const b1 = await createUser(t2);
      const b2 = await createUser(t2);
      const hh = await t2.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: HOURS }] } });
      const point = hh.json().pickupPoints[0].id;
      const [milk] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy', quantityStep: 0.5 }).returning();
      const [eggs] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Јаја', pricePara: 2_000, unit: 'pc', category: 'other' }).returning();
      const make = async (b: TestUser, payload: object) => (await t2.app.inject({
        method: 'POST', url: '/api/standing-orders', headers: b.headers,
        payload: { everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: point, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567', ...payload },
      })).json() as { id: string };
      await make(b1, { items: [{ productId: milk!.id, quantity: 2 }] });
      const fortnight = await make(b2, { items: [{ productId: milk!.id, quantity: 1.5 }, { productId: eggs!.id, quantity: 10 }], everyWeeks: 2 });
      const weekly = await make(b2, { items: [{ productId: eggs!.id, quantity: 6 }], weekday: 3 });
      await t2.app.inject({ method: 'POST', url: `/api/standing-orders/${fortnight.id}/skip`, headers: b2.headers, payload: { date: '2030-06-29' } });
      await t2.app.inject({ method: 'PATCH', url: `/api/standing-orders/${weekly.id}`, headers: b2.headers, payload: { pausedUntil: '2030-06-20' } });

      const res = await t2.app.inject({ method: 'GET', url: '/api/producer/standing-demand?from=2030-06-15&days=21', headers: p.headers });
      expect(res.statusCode).toBe(200);
      const days = res.json().days as { date: string; products: { productId: string; name: string; unit: string; quantity: number }[] }[];
      expect(days).toHaveLength(21);
      const on = (date: string) => Object.fromEntries(days.find((d) => d.date === date)!.products.map((x) => [x.name, x.quantity]));
      expect(on('2030-06-15')).toEqual({ 'Млеко': 3.5, 'Јаја': 10 });
      expect(on('2030-06-19')).toEqual({});
      expect(on('2030-06-22')).toEqual({ 'Млеко': 2 });
      expect(on('2030-06-26')).toEqual({ 'Јаја': 6 });
      expect(on('2030-06-29')).toEqual({ 'Млеко': 2 });
      expect(days.find((d) => d.date === '2030-06-15')!.products.find((x) => x.name === 'Млеко')).toMatchObject({ productId: milk!.id, unit: 'l' });

      expect((await t2.app.inject({ method: 'GET', url: '/api/producer/standing-demand', headers: b1.headers })).statusCode).toBe(403);
      expect((await t2.app.inject({ method: 'GET', url: '/api/producer/standing-demand' })).statusCode).toBe(401);
      expect((await t2.app.inject({ method: 'GET', url: '/api/producer/standing-demand?days=61', headers: p.headers })).statusCode).toBe(400);
      // Another producer sees none of it.
      const q = await createUser(t2, { userType: 'producer' });
      const theirs = (await t2.app.inject({ method: 'GET', url: '/api/producer/standing-demand?from=2030-06-15&days=7', headers: q.headers })).json();
      expect(theirs.days.every((d: { products: unknown[] }) => d.products.length === 0)).toBe(true);
    } finally {
      await t2.close();
    }
  });
});

describe('the products and household a standing order needs', () => {
  it('a price change tells its buyers; an archived product pauses it and says why', async () => {
    t.clock.set(WED_10);
    const milk = await product();
    const so = await standing(buyer, milk.id);
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/products/${milk.id}`, headers: await auth(farm), payload: { price: 160 } });
    expect(changed.statusCode).toBe(200);
    expect((await notificationsOf(buyer)).some((n) => n.type === 'standing_price_changed' && n.title.includes(milk.name))).toBe(true);
    const archived = await t.app.inject({ method: 'DELETE', url: `/api/products/${milk.id}`, headers: await auth(farm) });
    expect(archived.statusCode).toBeLessThan(300);
    expect(await get(buyer, so.id)).toMatchObject({ status: 'paused', nextDate: null });
    expect((await notificationsOf(buyer)).some((n) => n.type === 'standing_skipped' && /паузирана/.test(n.title))).toBe(true);
  });
});

describe('a household suspended', () => {
  it('pauses its standing orders and says why; others stay; reinstated, they wait for the buyer to resume', async () => {
    t.clock.set(WED_10);
    const other = await createUser(t, { userType: 'producer', householdName: 'Пчелињак' });
    const point = (await t.app.inject({
      method: 'PATCH', url: `/api/households/${other.id}`, headers: await auth(other),
      payload: { pickupPoints: [{ name: 'Пчелињак', address: 'Ириг', hours: HOURS }] },
    })).json().pickupPoints[0].id as string;
    const [honey] = await t.database.db.insert(products).values({ householdId: other.id, name: 'Мед', pricePara: 140_000, unit: 'kg', category: 'honey' }).returning();
    const theirs = await standing(buyer, honey!.id, { pickupPointId: point });
    const ours = await standing(buyer, (await product()).id);

    const operator = await createUser(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, operator.id));
    const suspended = await t.app.inject({ method: 'POST', url: `/api/admin/producers/${other.id}/suspend`, headers: await auth(operator), payload: { reason: 'Провера' } });
    expect(suspended.statusCode).toBe(200);
    expect(await get(buyer, theirs.id)).toMatchObject({ status: 'paused', nextDate: null });
    expect(await get(buyer, ours.id)).toMatchObject({ status: 'active', nextDate: '2030-06-15' });
    expect((await notificationsOf(buyer)).some((n) => n.type === 'standing_skipped' && n.title.includes('домаћинство је суспендовано'))).toBe(true);

    // Nothing is ordered of it while suspended.
    t.clock.set(new Date(SAT_DUE.getTime() + 60_000));
    await t.app.standing.runCycles();
    expect(await ordersWith(honey!.id)).toHaveLength(0);

    const reinstated = await t.app.inject({ method: 'POST', url: `/api/admin/producers/${other.id}/reinstate`, headers: await auth(operator), payload: { reason: 'У реду' } });
    expect(reinstated.statusCode).toBe(200);
    expect(await get(buyer, theirs.id)).toMatchObject({ status: 'paused' });
    const resumed = await t.app.inject({ method: 'PATCH', url: `/api/standing-orders/${theirs.id}`, headers: await auth(buyer), payload: { status: 'active' } });
    expect(resumed.statusCode).toBe(200);
    // Its date is still ahead, so the next run orders it late, as after downtime.
    expect(resumed.json()).toMatchObject({ status: 'active', nextDate: '2030-06-15' });
    await t.app.standing.runCycles();
    expect((await ordersWith(honey!.id)).map((o) => o.date)).toEqual(['2030-06-15']);
  });
});

describe('cutoffs in Belgrade time', () => {
  it('a 1-hour cutoff crosses midnight: Saturday is ordered from Friday 23:00 in Belgrade, not a minute before', async () => {
    const t2 = await createTestApp();
    try {
      t2.clock.set(WED_10);
      const p = await createUser(t2, { userType: 'producer' });
      const b = await createUser(t2);
      const hh = await t2.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { standingCutoffHours: 1, pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: HOURS }] } });
      expect(hh.statusCode).toBe(200);
      const [milk] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy' }).returning();
      const so = (await t2.app.inject({
        method: 'POST', url: '/api/standing-orders', headers: b.headers,
        payload: { items: [{ productId: milk!.id, quantity: 2 }], everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: hh.json().pickupPoints[0].id, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567' },
      })).json() as { nextDate: string };
      expect(so.nextDate).toBe('2030-06-15');
      // Friday 14 June 22:59 in Belgrade (CEST) = 20:59Z: not yet; 23:00 = 21:00Z: due.
      t2.clock.set(new Date('2030-06-14T20:59:00Z'));
      expect((await t2.app.standing.runCycles()).ordered).toBe(0);
      t2.clock.set(new Date('2030-06-14T21:00:30Z'));
      expect((await t2.app.standing.runCycles()).ordered).toBe(1);
    } finally {
      await t2.close();
    }
  });

  it('across the end of summer time the cutoff is 48 real hours: a Monday after the change is due Saturday 01:00 CEST', async () => {
    const t2 = await createTestApp();
    try {
      // Wednesday 23 October 2030; summer time ends Sunday 27 October at 03:00 CEST.
      t2.clock.set(new Date('2030-10-23T08:00:00Z'));
      const p = await createUser(t2, { userType: 'producer' });
      const b = await createUser(t2);
      const hh = await t2.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: HOURS }] } });
      const [milk] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy' }).returning();
      const so = (await t2.app.inject({
        method: 'POST', url: '/api/standing-orders', headers: b.headers,
        payload: { items: [{ productId: milk!.id, quantity: 2 }], everyWeeks: 1, weekday: 1, deliveryType: 'pickup', pickupPointId: hh.json().pickupPoints[0].id, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567' },
      })).json() as { nextDate: string };
      expect(so.nextDate).toBe('2030-10-28');
      // Monday 28 October 00:00 CET = 27 October 23:00Z; 48 hours before: 25 October 23:00Z (Saturday 01:00 CEST).
      t2.clock.set(new Date('2030-10-25T22:59:00Z'));
      expect((await t2.app.standing.runCycles()).ordered).toBe(0);
      t2.clock.set(new Date('2030-10-25T23:00:30Z'));
      expect((await t2.app.standing.runCycles()).ordered).toBe(1);
    } finally {
      await t2.close();
    }
  });
});

describe('many cycles at once', () => {
  it('standing orders placed side by side in bounded passes, racing a second instance: each cycle once, stock never below zero', async () => {
    const t2 = await createTestApp();
    const second = await buildApp(t2.config, { database: t2.database, tokens: t2.tokens, mailer: { send: async () => undefined }, clock: t2.clock.now });
    await second.ready();
    try {
      t2.clock.set(WED_10);
      const p = await createUser(t2, { userType: 'producer' });
      const hh = await t2.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: HOURS }] } });
      // Stock for 10 of the 12 buyers' cycles (2 l each).
      const [milk] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy', stock: 20 }).returning();
      const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(t2)));
      for (const b of buyers) {
        const res = await t2.app.inject({
          method: 'POST', url: '/api/standing-orders', headers: b.headers,
          payload: { items: [{ productId: milk!.id, quantity: 2 }], everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: hh.json().pickupPoints[0].id, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567' },
        });
        expect(res.statusCode).toBe(201);
      }
      t2.clock.set(new Date(SAT_DUE.getTime() + 60_000));
      // Passes of 5 cycles, 3 standing orders at a time, on this instance; one big pass on the other.
      const passes = async () => {
        const total = { ordered: 0, skipped: 0 };
        for (;;) {
          const r = await t2.app.standing.runCycles(undefined, { max: 5, concurrency: 3 });
          total.ordered += r.ordered; total.skipped += r.skipped;
          if (!r.remaining) return total;
        }
      };
      const [small, big] = await Promise.all([passes(), second.standing.runCycles(undefined, { max: 100, concurrency: 6 })]);
      expect(small.ordered + big.ordered).toBe(10);
      expect(small.skipped + big.skipped).toBe(2);
      const cycles = await t2.database.db.select().from(standingOrderCycles);
      expect(cycles.filter((c) => c.status === 'ordered')).toHaveLength(10);
      expect(cycles.filter((c) => c.status === 'skipped').map((c) => c.reason)).toEqual(['out_of_stock', 'out_of_stock']);
      const placed = await t2.database.db.select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, milk!.id));
      expect(new Set(placed.map((o) => o.id)).size).toBe(10);
      const [left] = await t2.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, milk!.id));
      expect(Number(left!.stock)).toBe(0);
    } finally {
      await second.close();
      await t2.close();
    }
  });
});

describe('more standing orders than the scheduler reads at once', () => {
  it('reads them a page at a time and still places the oldest due cycle first, wherever it is', async () => {
    const t2 = await createTestApp();
    try {
      t2.clock.set(WED_10);
      const p = await createUser(t2, { userType: 'producer' });
      const hh = await t2.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: HOURS }] } });
      const [milk] = await t2.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy', stock: 10_000 }).returning();
      const b = await createUser(t2);
      const res = await t2.app.inject({
        method: 'POST', url: '/api/standing-orders', headers: b.headers,
        payload: { items: [{ productId: milk!.id, quantity: 1 }], everyWeeks: 1, weekday: 6, deliveryType: 'pickup', pickupPointId: hh.json().pickupPoints[0].id, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567' },
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as { id: string };
      // 2,500 copies due on Saturday 15 June (more than one page), and one whose id sorts last,
      // anchored a week earlier: its 8 June is the oldest due cycle (passed: skipped and told).
      await t2.database.pool.query(`
        INSERT INTO standing_orders (buyer_id, household_id, items, every_weeks, weekday, anchor_date, delivery_type, pickup_point_id, time, payment_method, contact_phone)
        SELECT buyer_id, household_id, items, every_weeks, weekday, anchor_date, delivery_type, pickup_point_id, time, payment_method, contact_phone
        FROM standing_orders, generate_series(1, 2500) WHERE id = $1`, [id]);
      await t2.database.pool.query(`
        INSERT INTO standing_orders (id, buyer_id, household_id, items, every_weeks, weekday, anchor_date, delivery_type, pickup_point_id, time, payment_method, contact_phone)
        SELECT 'ffffffff-ffff-4fff-bfff-ffffffffffff', buyer_id, household_id, items, every_weeks, weekday, '2030-06-08', delivery_type, pickup_point_id, time, payment_method, contact_phone
        FROM standing_orders WHERE id = $1`, [id]);
      t2.clock.set(new Date(SAT_DUE.getTime() + 60_000));
      const first = await t2.app.standing.runCycles(undefined, { max: 1 });
      expect(first).toMatchObject({ ordered: 0, skipped: 1, remaining: true });
      const [oldest] = await t2.database.db.select().from(standingOrderCycles);
      expect(oldest).toMatchObject({ standingOrderId: 'ffffffff-ffff-4fff-bfff-ffffffffffff', date: '2030-06-08', status: 'skipped', reason: 'date_passed' });
      // Then Saturday's cycles, the claimed one not again.
      expect(await t2.app.standing.runCycles(undefined, { max: 2 })).toMatchObject({ ordered: 2, skipped: 0, remaining: true });
      expect(await t2.database.db.select().from(standingOrderCycles)).toHaveLength(3);
    } finally {
      await t2.close();
    }
  });
});
