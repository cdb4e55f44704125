import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { idempotencyKeys, orderEvents, orders, products, users } from '../../db/schema.ts';
import { createCheckoutStore } from './orders.repository.ts';
import { belgradeDateOf } from '#shared/time.ts';

let t: TestApp;

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

async function seedProduct(householdId: string, opts: { pricePara?: number; stock?: number | null; availability?: boolean; archived?: boolean; name?: string } = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId,
    name: opts.name ?? `Ајвар ${randomUUID().slice(0, 4)}`,
    pricePara: opts.pricePara ?? 45_050,
    unit: 'jar',
    category: 'preserves',
    availability: opts.availability ?? true,
    stock: opts.stock === undefined ? null : opts.stock,
    archivedAt: opts.archived ? new Date() : null,
  }).returning();
  return row!;
}

const stockOf = async (id: string) => (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

function tomorrow(): string {
  return belgradeDateOf(new Date(t.clock.now().getTime() + 24 * 3600 * 1000));
}

function body(items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  return { items, deliveryType: 'pickup', pickupDate: tomorrow(), pickupTime: '10:30', contactPhone: '+381641234567', ...extra };
}

function post(user: TestUser, payload: unknown, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST', url: '/api/orders', payload: payload as object,
    headers: { ...user.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
  });
}

async function ordersOf(buyerId: string) {
  return t.database.db.select().from(orders).where(eq(orders.buyerId, buyerId));
}

describe('POST /api/orders', () => {
  it('writes one order per household, priced by the server, with events and mails', async () => {
    const buyer = await createUser(t);
    const a = await createUser(t, { userType: 'producer', householdName: 'Пчелар Јовић' });
    const b = await createUser(t, { userType: 'producer', householdName: 'Фарма Илић' });
    const honey = await seedProduct(a.id, { pricePara: 120_000, stock: 5, name: 'Мед' });
    const milk = await seedProduct(b.id, { pricePara: 9_950, name: 'Млеко' });
    const jam = await seedProduct(a.id, { pricePara: 45_050, stock: 3, name: 'Џем' });
    t.mails.length = 0;

    const res = await post(buyer, body([
      { productId: honey.id, quantity: 2 }, { productId: milk.id, quantity: 3 }, { productId: jam.id, quantity: 1 },
    ], { contactPhone: '064 123 4567', notes: '  Звоните два пута  ' }));
    expect(res.statusCode).toBe(201);
    const { orders: created } = res.json();
    expect(created).toHaveLength(2);
    const fromA = created.find((o: { householdId: string }) => o.householdId === a.id);
    const fromB = created.find((o: { householdId: string }) => o.householdId === b.id);
    expect(fromA).toMatchObject({
      householdName: 'Пчелар Јовић', status: 'pending', total: 2850.5, contactPhone: '+381641234567',
      notes: 'Звоните два пута', deliveryType: 'pickup', deliveryAddress: null, pickupTime: '10:30',
    });
    expect(fromA.items).toEqual(expect.arrayContaining([
      { productId: honey.id, name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 2, lineTotal: 2400, pricing: 'unit', pieceWeight: null, estimate: false, weight: null },
      { productId: jam.id, name: 'Џем', unit: 'jar', unitPrice: 450.5, quantity: 1, lineTotal: 450.5, pricing: 'unit', pieceWeight: null, estimate: false, weight: null },
    ]));
    expect(fromB).toMatchObject({ total: 298.5, items: [{ productId: milk.id, quantity: 3, unitPrice: 99.5 }] });
    expect(fromA.checkoutId).toBe(fromB.checkoutId);
    expect(fromA.events).toEqual([{ status: 'pending', createdAt: expect.any(String) }]);
    expect(await stockOf(honey.id)).toBe(3);
    expect(await stockOf(jam.id)).toBe(2);
    expect(await stockOf(milk.id)).toBeNull();

    const events = await t.database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, [fromA.id, fromB.id]));
    expect(events.map((e) => e.status)).toEqual(['pending', 'pending']);

    await t.app.outbox.drain();
    const toBuyer = t.mails.filter((m) => m.to === buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('Пчелар Јовић');
    expect(toBuyer[0]!.text).toContain('Фарма Илић');
    expect(toBuyer[0]!.html).toContain('<html');
    expect(t.mails.filter((m) => m.to === a.email)).toHaveLength(1);
    expect(t.mails.filter((m) => m.to === b.email)).toHaveLength(1);
    expect(t.mails.find((m) => m.to === a.email)!.text).toContain('+381641234567');
  });

  it('requires sign-in and an Idempotency-Key header', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const anon = await t.app.inject({ method: 'POST', url: '/api/orders', payload: body([{ productId: product.id, quantity: 1 }]), headers: { 'idempotency-key': 'x' } });
    expect(anon.statusCode).toBe(401);
    const missing = await post(buyer, body([{ productId: product.id, quantity: 1 }]), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
    expect(JSON.stringify(missing.json().details)).toMatch(/idempotency-key/i);
    const tooLong = await post(buyer, body([{ productId: product.id, quantity: 1 }]), 'k'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it('never accepts prices or totals from the client', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { pricePara: 50_000 });
    const withTotal = await post(buyer, { ...body([{ productId: product.id, quantity: 2 }]), total: 1 });
    expect(withTotal.statusCode).toBe(400);
    expect(withTotal.json().code).toBe('validation_failed');
    expect(JSON.stringify(withTotal.json().details)).toContain('total');
    const withPrice = await post(buyer, body([{ productId: product.id, quantity: 2, price: 1 } as never]));
    expect(withPrice.statusCode).toBe(400);
    const withUnknown = await post(buyer, { ...body([{ productId: product.id, quantity: 2 }]), householdId: p.id });
    expect(withUnknown.statusCode).toBe(400);
    expect(await ordersOf(buyer.id)).toHaveLength(0);

    const ok = await post(buyer, body([{ productId: product.id, quantity: 2 }]));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().orders[0].total).toBe(1000);
  });

  it('validates quantities, lines and delivery details with the messages users see', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const item = [{ productId: product.id, quantity: 1 }];
    const cases: [unknown, string][] = [
      [body([{ productId: product.id, quantity: 0 }]), 'items.0.quantity'],
      [body([{ productId: product.id, quantity: 1000 }]), 'items.0.quantity'],
      [body([{ productId: product.id, quantity: 1.5 }]), 'items.0.quantity'],
      [body([{ productId: 'nope', quantity: 1 }]), 'items.0.productId'],
      [body([]), 'items'],
      [body(item, { deliveryType: 'delivery' }), 'deliveryAddress'],
      [body(item, { deliveryType: 'delivery', deliveryAddress: '   ' }), 'deliveryAddress'],
      [body(item, { deliveryType: 'delivery', deliveryAddress: 'x'.repeat(301) }), 'deliveryAddress'],
      [body(item, { pickupDate: undefined }), 'pickupDate'],
      [body(item, { pickupDate: '2025-02-30' }), 'pickupDate'],
      [body(item, { pickupTime: '' }), 'pickupTime'],
      [body(item, { pickupTime: '25:00' }), 'pickupTime'],
      [body(item, { contactPhone: '' }), 'contactPhone'],
      [body(item, { contactPhone: 'call me' }), 'contactPhone'],
      [body(item, { notes: 'x'.repeat(1001) }), 'notes'],
      [body(item, { deliveryType: 'drone' }), 'deliveryType'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(buyer, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details.map((d: { field: string }) => d.field), field).toContain(field);
    }
    const noAddress = await post(buyer, body(item, { deliveryType: 'delivery' }));
    expect(noAddress.json().details[0].message).toBe('Please provide a delivery address');
    const noPhone = await post(buyer, body(item, { contactPhone: '' }));
    expect(noPhone.json().details[0].message).toBe('Please provide a contact phone');
    const noDate = await post(buyer, body(item, { pickupDate: undefined }));
    expect(noDate.json().details[0].message).toBe('Please select pickup date and time');
    expect(await ordersOf(buyer.id)).toHaveLength(0);

    const delivered = await post(buyer, body(item, { deliveryType: 'delivery', deliveryAddress: 'Булевар ослобођења 1, Нови Сад', contactPhone: '+381 (11) 123-4567' }));
    expect(delivered.statusCode).toBe(201);
    expect(delivered.json().orders[0]).toMatchObject({ deliveryType: 'delivery', deliveryAddress: 'Булевар ослобођења 1, Нови Сад', contactPhone: '+381111234567' });
  });

  it('merges duplicate lines of one product', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 10 });
    const res = await post(buyer, body([{ productId: product.id, quantity: 2 }, { productId: product.id, quantity: 3 }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0].items).toHaveLength(1);
    expect(res.json().orders[0].items[0].quantity).toBe(5);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('judges "today" in Europe/Belgrade, not UTC', async () => {
    const real = t.clock.now();
    try {
      // 22:30 UTC on 10 June is already 00:30 on 11 June in Belgrade (CEST, UTC+2).
      t.clock.set(new Date('2030-06-10T22:30:00Z'));
      const buyer = await createUser(t);
      const p = await createUser(t, { userType: 'producer' });
      const product = await seedProduct(p.id);
      const yesterday = await post(buyer, body([{ productId: product.id, quantity: 1 }], { pickupDate: '2030-06-10' }));
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json().code).toBe('validation_failed');
      expect(yesterday.json().details[0].field).toBe('pickupDate');
      const today = await post(buyer, body([{ productId: product.id, quantity: 1 }], { pickupDate: '2030-06-11' }));
      expect(today.statusCode).toBe(201);
      // 21:30 UTC is 23:30 in Belgrade: 10 June is still today there.
      t.clock.set(new Date('2030-06-10T21:30:00Z'));
      const sameDay = await post(buyer, body([{ productId: product.id, quantity: 1 }], { pickupDate: '2030-06-10', pickupTime: '23:45' }));
      expect(sameDay.statusCode).toBe(201);
    } finally {
      t.clock.set(real);
    }
  });

  it('rejects unknown, unpublished and archived products with order.product_unavailable', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const ok = await seedProduct(p.id, { stock: 4 });
    const hidden = await seedProduct(p.id, { availability: false });
    const archived = await seedProduct(p.id, { archived: true });
    const unknown = randomUUID();
    const res = await post(buyer, body([
      { productId: ok.id, quantity: 1 }, { productId: hidden.id, quantity: 1 },
      { productId: archived.id, quantity: 1 }, { productId: unknown, quantity: 1 },
    ]));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order.product_unavailable');
    expect(res.json().details.map((d: { productId: string }) => d.productId).sort()).toEqual([hidden.id, archived.id, unknown].sort());
    expect(await stockOf(ok.id)).toBe(4);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it('lets producers buy from others but not from themselves', async () => {
    const p = await createUser(t, { userType: 'producer' });
    const other = await createUser(t, { userType: 'producer' });
    const own = await seedProduct(p.id, { stock: 3 });
    const theirs = await seedProduct(other.id);
    const self = await post(p, body([{ productId: own.id, quantity: 1 }, { productId: theirs.id, quantity: 1 }]));
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('order.own_product');
    expect(await stockOf(own.id)).toBe(3);
    const fromOther = await post(p, body([{ productId: theirs.id, quantity: 1 }]));
    expect(fromOther.statusCode).toBe(201);
  });

  it('sells exactly the stock under 200 concurrent checkouts', async () => {
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createUser(t)));
    const answers = await Promise.all(buyers.map((b) => post(b, body([{ productId: product.id, quantity: 1 }]))));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().code).toBe('order.out_of_stock');
      expect(r.json().details[0]).toMatchObject({ productId: product.id, requested: 1, available: 0 });
    }
    expect(await stockOf(product.id)).toBe(0);
    const written = await t.database.db.select().from(orders).where(eq(orders.householdId, p.id));
    expect(written).toHaveLength(10);
  }, 120_000);

  it('rewrites only products whose stock changes (unlimited stock keeps its row untouched)', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const unlimited = await seedProduct(p.id);
    const limited = await seedProduct(p.id, { stock: 4 });
    const long = new Date('2020-01-01T00:00:00Z');
    await t.database.db.update(products).set({ updatedAt: long }).where(inArray(products.id, [unlimited.id, limited.id]));
    const updatedAt = async (id: string) => (await t.database.db.select({ at: products.updatedAt }).from(products).where(eq(products.id, id)))[0]!.at.getTime();
    const res = await post(buyer, body([{ productId: unlimited.id, quantity: 2 }, { productId: limited.id, quantity: 3 }]));
    expect(res.statusCode).toBe(201);
    expect(await stockOf(unlimited.id)).toBeNull();
    expect(await stockOf(limited.id)).toBe(1);
    expect(await updatedAt(unlimited.id)).toBe(long.getTime());
    expect(await updatedAt(limited.id)).toBe(t.clock.now().getTime());
  });

  it('writes nothing when one household of the basket is short', async () => {
    const buyer = await createUser(t);
    const a = await createUser(t, { userType: 'producer' });
    const b = await createUser(t, { userType: 'producer' });
    const plenty = await seedProduct(a.id, { stock: 50 });
    const scarce = await seedProduct(b.id, { stock: 2 });
    const res = await post(buyer, body([{ productId: plenty.id, quantity: 5 }, { productId: scarce.id, quantity: 3 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order.out_of_stock');
    expect(res.json().details).toEqual([expect.objectContaining({ productId: scarce.id, requested: 3, available: 2 })]);
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === buyer.email)).toHaveLength(0);
  });
});

describe('Idempotency-Key', () => {
  it('makes one order from 20 parallel posts with one key', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 100 });
    const key = randomUUID();
    const payload = body([{ productId: product.id, quantity: 2 }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(buyer, payload, key)));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) {
      expect([201, 409]).toContain(r.statusCode);
      if (r.statusCode === 409) expect(r.json().code).toBe('idempotency.in_progress');
    }
    const ids = new Set(created.map((r) => r.json().orders[0].id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(98);

    // After completion: the same answer again, and a different body is refused.
    const replay = await post(buyer, payload, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(created[0]!.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await post(buyer, body([{ productId: product.id, quantity: 3 }]), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency.mismatch');
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(98);
  });

  it('keys belong to one user and expire after 24 hours', async () => {
    const one = await createUser(t);
    const two = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const key = 'shared-key';
    expect((await post(one, body([{ productId: product.id, quantity: 1 }]), key)).statusCode).toBe(201);
    expect((await post(two, body([{ productId: product.id, quantity: 2 }]), key)).statusCode).toBe(201);
    const real = t.clock.now();
    try {
      t.clock.advance(25 * 3600 * 1000);
      const { accessToken } = await t.tokens.sign({ id: one.id, email: one.email, name: one.name, userType: 'customer' }, one.sessionId);
      const again = await post({ ...one, headers: { authorization: `Bearer ${accessToken}` } }, body([{ productId: product.id, quantity: 1 }]), key);
      expect(again.statusCode).toBe(201);
      expect(await ordersOf(one.id)).toHaveLength(2);
    } finally {
      t.clock.set(real);
    }
  });

  it('replays a stored 4xx answer; a key always carries its answer', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 1 });
    const key = randomUUID();
    const payload = body([{ productId: product.id, quantity: 2 }]);
    const first = await post(buyer, payload, key);
    expect(first.statusCode).toBe(409);
    await t.database.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const replay = await post(buyer, payload, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(first.json());
    expect(await ordersOf(buyer.id)).toHaveLength(0);

    // The key is written in the same transaction as the orders: never a key without its answer.
    const fresh = randomUUID();
    expect((await post(buyer, payload, fresh)).statusCode).toBe(201);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, buyer.id));
    expect(rows.every((r) => r.responseStatus !== null)).toBe(true);
    expect((await post(buyer, { ...payload, notes: 'other' }, fresh)).statusCode).toBe(422);
  });

  it('takes any key text as data, quotes and backslashes included', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const key = `it's a \\ "key"; SELECT 1; -- ${randomUUID()}`;
    const payload = body([{ productId: product.id, quantity: 1 }]);
    const first = await post(buyer, payload, key);
    expect(first.statusCode).toBe(201);
    const replay = await post(buyer, payload, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, buyer.id));
    expect(row!.key).toBe(key);
  });

  it('knows the primary-key clash of a key committed after its lookup (then it retries and replays)', async () => {
    const buyer = await createUser(t);
    const store = createCheckoutStore(t.database.pool);
    const now = new Date();
    const record = { userId: buyer.id, key: randomUUID(), requestHash: 'h', createdAt: now, expiresAt: new Date(now.getTime() + 60_000), responseStatus: 201, responseBody: { ok: 1 } };
    await store.withKey(buyer.id, record.key, (client) => store.storeKey(client, record));
    const err = await store.withKey(buyer.id, record.key, (client) => store.storeKey(client, record)).catch((e: unknown) => e);
    expect(store.isKeyTaken(err)).toBe(true);
    expect(store.isKeyTaken(new Error('other'))).toBe(false);
  });
});

describe('buyer orders', () => {
  it('lists only own orders, newest first, with cursor pagination and status filter', async () => {
    const buyer = await createUser(t);
    const stranger = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      ids.push((await post(buyer, body([{ productId: product.id, quantity: i + 1 }]))).json().orders[0].id);
    }
    const theirs = (await post(stranger, body([{ productId: product.id, quantity: 1 }]))).json().orders[0].id;

    const page1 = await t.app.inject({ method: 'GET', url: '/api/orders?limit=2', headers: buyer.headers });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().items.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
    expect(page1.json().nextCursor).toEqual(expect.any(String));
    const page2 = await t.app.inject({ method: 'GET', url: `/api/orders?limit=2&cursor=${page1.json().nextCursor}`, headers: buyer.headers });
    expect(page2.json()).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    const badCursor = await t.app.inject({ method: 'GET', url: '/api/orders?cursor=garbage', headers: buyer.headers });
    expect(badCursor.statusCode).toBe(400);

    const one = await t.app.inject({ method: 'GET', url: `/api/orders/${ids[0]}`, headers: buyer.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ids[0], status: 'pending', items: [{ quantity: 1 }] });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/orders/${theirs}`, headers: buyer.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    const foreignCancel = await t.app.inject({ method: 'POST', url: `/api/orders/${theirs}/cancel`, headers: buyer.headers });
    expect(foreignCancel.statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url: `/api/orders/${ids[1]}/cancel`, headers: buyer.headers });
    const cancelled = await t.app.inject({ method: 'GET', url: '/api/orders?status=cancelled', headers: buyer.headers });
    expect(cancelled.json().items.map((o: { id: string }) => o.id)).toEqual([ids[1]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: {} })).statusCode).toBe(401);
  });

  it('cancels only while pending and returns the stock', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 5 });
    const id = (await post(buyer, body([{ productId: product.id, quantity: 3 }]))).json().orders[0].id;
    expect(await stockOf(product.id)).toBe(2);
    t.clock.advance(1000);
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: buyer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().events.map((e: { status: string }) => e.status)).toEqual(['pending', 'cancelled']);
    expect(await stockOf(product.id)).toBe(5);
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: buyer.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order.not_cancellable');
    expect(await stockOf(product.id)).toBe(5);

    const confirmedId = (await post(buyer, body([{ productId: product.id, quantity: 1 }]))).json().orders[0].id;
    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${confirmedId}`, headers: p.headers, payload: { status: 'confirmed' } });
    const late = await t.app.inject({ method: 'POST', url: `/api/orders/${confirmedId}/cancel`, headers: buyer.headers });
    expect(late.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe('producer orders', () => {
  it("shows a producer only its own household's orders, with the customer", async () => {
    const buyer = await createUser(t, { name: 'Јована Марковић' });
    const a = await createUser(t, { userType: 'producer' });
    const b = await createUser(t, { userType: 'producer' });
    const pa = await seedProduct(a.id);
    const pb = await seedProduct(b.id);
    const res = await post(buyer, body([{ productId: pa.id, quantity: 1 }, { productId: pb.id, quantity: 2 }], { notes: 'Без кесе' }));
    const orderA = res.json().orders.find((o: { householdId: string }) => o.householdId === a.id);
    const orderB = res.json().orders.find((o: { householdId: string }) => o.householdId === b.id);

    const listA = await t.app.inject({ method: 'GET', url: '/api/producer/orders', headers: a.headers });
    expect(listA.statusCode).toBe(200);
    expect(listA.json().items).toHaveLength(1);
    expect(listA.json().items[0]).toMatchObject({
      id: orderA.id, customerName: 'Јована Марковић', customerId: buyer.id, contactPhone: '+381641234567', notes: 'Без кесе', status: 'pending',
    });
    const foreign = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${orderB.id}`, headers: a.headers, payload: { status: 'confirmed' } });
    expect(foreign.statusCode).toBe(404);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/producer/orders', headers: buyer.headers });
    expect(asCustomer.statusCode).toBe(403);
    const patchAsCustomer = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${orderA.id}`, headers: buyer.headers, payload: { status: 'confirmed' } });
    expect(patchAsCustomer.statusCode).toBe(403);
    const badStatus = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${orderA.id}`, headers: a.headers, payload: { status: 'shipped' } });
    expect(badStatus.statusCode).toBe(400);

    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${orderA.id}`, headers: a.headers, payload: { status: 'ready' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/producer/orders?status=ready', headers: a.headers });
    expect(ready.json().items.map((o: { id: string }) => o.id)).toEqual([orderA.id]);
    const pending = await t.app.inject({ method: 'GET', url: '/api/producer/orders?status=pending', headers: a.headers });
    expect(pending.json().items).toEqual([]);
  });

  it('stores every status change as an event and mails the buyer in their language', async () => {
    const buyer = await createUser(t);
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, buyer.id));
    const p = await createUser(t, { userType: 'producer', householdName: 'Пчелињак Марковић' });
    const product = await seedProduct(p.id, { stock: 10 });
    const id = (await post(buyer, body([{ productId: product.id, quantity: 4 }]))).json().orders[0].id;
    await t.app.outbox.drain();
    expect(t.mails.find((m) => m.to === buyer.email)!.subject).toBe('Your order has been received');
    t.mails.length = 0;

    for (const status of ['confirmed', 'ready', 'completed', 'pending', 'confirmed'] as const) {
      t.clock.advance(1000);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${id}`, headers: p.headers, payload: { status } });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer.headers });
    expect(seen.json().status).toBe('confirmed');
    expect(seen.json().events.map((e: { status: string }) => e.status)).toEqual(['pending', 'confirmed', 'ready', 'completed', 'pending', 'confirmed']);

    await t.app.outbox.drain();
    const toBuyer = t.mails.filter((m) => m.to === buyer.email);
    expect(toBuyer).toHaveLength(5);
    expect(toBuyer[0]!.subject).toBe(`Order ${id.slice(0, 8)}: confirmed`);
    expect(toBuyer[0]!.text).toContain('Пчелињак Марковић');
    expect(toBuyer[0]!.html).toContain('confirmed');

    // Setting the same status again changes nothing and mails nobody.
    t.mails.length = 0;
    const same = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${id}`, headers: p.headers, payload: { status: 'confirmed' } });
    expect(same.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(t.mails).toHaveLength(0);
  });

  it('respects notify_by_email for status mails and writes Serbian by default', async () => {
    const quiet = await createUser(t);
    await t.database.db.update(users).set({ notifyByEmail: false }).where(eq(users.id, quiet.id));
    const loud = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id);
    const q = (await post(quiet, body([{ productId: product.id, quantity: 1 }]))).json().orders[0].id;
    const l = (await post(loud, body([{ productId: product.id, quantity: 1 }]))).json().orders[0].id;
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === quiet.email)).toHaveLength(1); // the confirmation always goes
    t.mails.length = 0;
    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${q}`, headers: p.headers, payload: { status: 'confirmed' } });
    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${l}`, headers: p.headers, payload: { status: 'confirmed' } });
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === quiet.email)).toHaveLength(0);
    const mail = t.mails.find((m) => m.to === loud.email)!;
    expect(mail.subject).toContain('потврђена');
  });

  it('treats cancelled as terminal, returns stock, and never cancels a completed order', async () => {
    const buyer = await createUser(t);
    const p = await createUser(t, { userType: 'producer' });
    const product = await seedProduct(p.id, { stock: 6 });
    const ids = (await Promise.all([1, 2].map((n) => post(buyer, body([{ productId: product.id, quantity: n }]))))).map((r) => r.json().orders[0].id);
    expect(await stockOf(product.id)).toBe(3);
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${ids[0]}`, headers: p.headers, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(4);
    const revive = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${ids[0]}`, headers: p.headers, payload: { status: 'confirmed' } });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().code).toBe('order.status_final');
    expect(await stockOf(product.id)).toBe(4);

    await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${ids[1]}`, headers: p.headers, payload: { status: 'completed' } });
    const undo = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${ids[1]}`, headers: p.headers, payload: { status: 'cancelled' } });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().code).toBe('order.not_cancellable');
    expect(await stockOf(product.id)).toBe(4);
  });
});
