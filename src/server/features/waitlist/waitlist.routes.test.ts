import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { notifications, products, waitlistEntries } from '../../db/schema.ts';

/** The waitlist against the API (docs/product.md, "Pre-orders and the waitlist"). */

let t: TestApp;
let farm: TestUser;
let gate: string;
const buyers: TestUser[] = [];

// Wednesday 12 June 2030, 10:00 in Belgrade.
const WED_10 = new Date('2030-06-12T08:00:00Z');
const HOUR = 3600_000;

async function product(stock: number | null = 0) {
  const [row] = await t.database.db.insert(products).values({
    householdId: farm.id, name: `Ајвар ${randomUUID().slice(0, 4)}`, pricePara: 80_000, unit: 'jar', category: 'preserves', stock,
  }).returning();
  return row!;
}

const join = (user: TestUser, productId: string, quantity: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${productId}/waitlist`, headers: user.headers, payload: { quantity } });

function checkout(user: TestUser, productId: string, quantity = 1, app = t.app) {
  return app.inject({
    method: 'POST', url: '/api/orders', headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId, quantity }], contactPhone: '+381641234567', households: [{ householdId: farm.id, deliveryType: 'pickup', pickupPointId: gate, date: '2030-06-13', time: '10:00', paymentMethod: 'cash' }] },
  });
}

async function setStock(productId: string, stock: number) {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: farm.headers, payload: { stock } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const stockOf = async (id: string) => (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s!;
const heldOf = async (id: string) => Number((await t.database.db.execute<{ n: string }>(sql`SELECT coalesce(sum(held_quantity), 0) AS n FROM waitlist_entries WHERE product_id = ${id}`)).rows[0]!.n);
const mine = async (user: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/me/waitlist', headers: user.headers })).json().items;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Ајварџија' });
  for (let i = 0; i < 4; i++) buyers.push(await createUser(t));
  const res = await t.app.inject({
    method: 'PATCH', url: `/api/households/${farm.id}`, headers: farm.headers,
    payload: { pickupPoints: [{ name: 'Капија', address: 'Сремска 5, Ириг', hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })) }] },
  });
  gate = res.json().pickupPoints[0].id;
});
afterAll(async () => { await t?.close(); });

describe('joining and leaving', () => {
  it('refuses a quantity of 0 or above 999, an own product, a product on sale; nothing changes', async () => {
    const soldOut = await product(0);
    const onSale = await product(5);
    for (const quantity of [0, 1000, -1, '2', 1.0005]) expect((await join(buyers[0]!, soldOut.id, quantity)).statusCode).toBe(400);
    expect((await join(farm, soldOut.id, 1)).json()).toMatchObject({ code: 'waitlist.own_product' });
    const sale = await join(buyers[0]!, onSale.id, 1);
    expect(sale.statusCode).toBe(409);
    expect(sale.json().code).toBe('waitlist.on_sale');
    expect((await join(buyers[0]!, randomUUID(), 1)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${soldOut.id}/waitlist`, payload: { quantity: 1 } })).statusCode).toBe(401);
    expect(await mine(buyers[0]!)).toEqual([]);
  });

  it('joins a sold-out product, changes the quantity in place, lists and leaves', async () => {
    const p = await product(0);
    const first = await join(buyers[0]!, p.id, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ productId: p.id, quantity: 2, heldQuantity: 0, heldUntil: null });
    expect((await join(buyers[0]!, p.id, 3)).json().quantity).toBe(3);
    expect((await mine(buyers[0]!)).map((e: { productId: string }) => e.productId)).toContain(p.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/waitlist`, headers: buyers[0]!.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/waitlist`, headers: buyers[0]!.headers })).statusCode).toBe(204);
    expect((await mine(buyers[0]!)).map((e: { productId: string }) => e.productId)).not.toContain(p.id);
  });
});

describe('offers', () => {
  it('stock back by an edit is held in join order and told; the holder checks out with it, others are refused', async () => {
    const p = await product(0);
    await join(buyers[0]!, p.id, 2);
    await join(buyers[1]!, p.id, 1);
    await join(buyers[2]!, p.id, 1);
    const edited = await setStock(p.id, 3);
    expect(edited.stock).toBe(0); // all three held
    const [a, b, c] = await Promise.all(buyers.slice(0, 3).map(mine));
    expect(a.find((e: { productId: string }) => e.productId === p.id)).toMatchObject({ heldQuantity: 2, heldUntil: new Date(WED_10.getTime() + 12 * HOUR).toISOString() });
    expect(b.find((e: { productId: string }) => e.productId === p.id).heldQuantity).toBe(1);
    expect(c.find((e: { productId: string }) => e.productId === p.id).heldQuantity).toBe(0);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.type, 'waitlist_offer'));
    expect(told.filter((n) => (n.data as { productId?: string }).productId === p.id).map((n) => n.userId).sort()).toEqual([buyers[0]!.id, buyers[1]!.id].sort());
    await t.app.outbox.drain();
    expect(t.mails.some((m) => m.to === buyers[0]!.email && m.text.includes(p.name))).toBe(true);
    // Someone not waiting finds nothing; the holder buys with the hold.
    expect((await checkout(buyers[3]!, p.id, 1)).json().code).toBe('order.out_of_stock');
    const bought = await checkout(buyers[0]!, p.id, 2);
    expect(bought.statusCode).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    expect(await heldOf(p.id)).toBe(1);
  });

  it('a cancellation returns stock to the next buyer; an unused hold expires once and passes on', async () => {
    const p = await product(1);
    const order = (await checkout(buyers[3]!, p.id, 1)).json().orders[0];
    await join(buyers[0]!, p.id, 1);
    await join(buyers[1]!, p.id, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: buyers[3]!.headers })).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(0);
    expect((await mine(buyers[0]!)).find((e: { productId: string }) => e.productId === p.id).heldQuantity).toBe(1);
    // Not yet due; then due, run by two instances at once: it passes to the next buyer once.
    expect((await t.app.expiries.runExpiries(new Date(WED_10.getTime() + 11 * HOUR))).holds).toBe(0);
    const second = await buildApp(t.config, { database: t.database, tokens: t.tokens, mailer: { send: async () => undefined }, clock: t.clock.now });
    await second.ready();
    try {
      // The hold began a millisecond after the order's last change (its cancellation event).
      const at = new Date(WED_10.getTime() + 12 * HOUR + 1000);
      const [x, y] = await Promise.all([t.app.expiries.runExpiries(at), second.expiries.runExpiries(at)]);
      expect(x.holds + y.holds).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect((await mine(buyers[0]!)).find((e: { productId: string }) => e.productId === p.id)).toBeUndefined();
    expect((await mine(buyers[1]!)).find((e: { productId: string }) => e.productId === p.id).heldQuantity).toBe(1);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('two instances racing for one returned jar: only its holder gets it', async () => {
    const p = await product(0);
    await join(buyers[2]!, p.id, 1);
    await setStock(p.id, 1);
    const second = await buildApp(t.config, { database: t.database, tokens: t.tokens, mailer: { send: async () => undefined }, clock: t.clock.now });
    await second.ready();
    try {
      const [other, holder] = await Promise.all([checkout(buyers[3]!, p.id, 1, second), checkout(buyers[2]!, p.id, 1, t.app)]);
      expect([other.statusCode, holder.statusCode]).toEqual([409, 201]);
    } finally {
      await second.close();
    }
    expect(await stockOf(p.id)).toBe(0);
  });

  it('never holds more than exists over random sequences of joins, edits, orders, cancels and expiries (seeded)', async () => {
    let seed = 43;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const p = await product(2);
    let physical = 2; // units the farm has: stock + holds + units on orders not cancelled
    const open: { id: string; buyer: TestUser; quantity: number }[] = [];
    let now = WED_10.getTime();
    for (let step = 0; step < 40; step++) {
      const who = buyers[rnd(4)]!;
      const op = rnd(5);
      if (op === 0) await join(who, p.id, 1 + rnd(2));
      else if (op === 1) {
        const stock = await stockOf(p.id);
        const add = rnd(3);
        await setStock(p.id, stock + add);
        physical += add;
      } else if (op === 2) {
        const res = await checkout(who, p.id, 1);
        if (res.statusCode === 201) open.push({ id: res.json().orders[0].id, buyer: who, quantity: 1 });
      } else if (op === 3 && open.length > 0) {
        const o = open.splice(rnd(open.length), 1)[0]!;
        await t.app.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: o.buyer.headers });
      } else {
        // Time passes for the expiries only (the clock stays: the test's tokens would expire).
        now += 6 * HOUR;
        await t.app.expiries.runExpiries(new Date(now));
      }
      const stock = await stockOf(p.id);
      const held = await heldOf(p.id);
      const ordered = open.reduce((s, o) => s + o.quantity, 0);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + held + ordered).toBe(physical);
    }
    const entries = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.productId, p.id));
    expect(entries.every((e) => e.heldQuantity <= e.quantity)).toBe(true);
  });
});
