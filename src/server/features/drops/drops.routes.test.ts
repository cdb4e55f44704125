import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { follows, orders, products, users } from '../../db/schema.ts';

/**
 * Drops against the API (docs/drops.md): create and repeat, list by town, join and leave,
 * the checkout's drop rule to the second, pick lists (JSON and PDF read back with pdftotext),
 * changes and cancellation by the host only, and the hand-over marks of two devices.
 */

let t: TestApp;
let host: TestUser;
let member: TestUser;
let other: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let fan: TestUser;
let memberFan: TestUser;
let milk: { id: string };
let honey: { id: string };
let cheese: { id: string };
let dropId: string;

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');
// The drop: Saturday 15 June, 09:00–11:00; orders until Friday 14 June 20:00 Belgrade.
const ORDER_BY = '2030-06-14T20:00:00+02:00';
const CUTOFF = new Date(ORDER_BY);

const PLACE = { name: 'Паркинг код тврђаве', address: 'Петроварадинска 1', town: 'Нови Сад', lat: 45.2526, lng: 19.8625 };
const dropBody = (extra: object = {}) => ({
  title: 'Субота у Петроварадину', place: PLACE, date: '2030-06-15', opens: '09:00', closes: '11:00', orderBy: ORDER_BY, note: 'Код зелене капије', ...extra,
});

const HAS_PDFTOTEXT = fs.existsSync('/usr/bin/pdftotext');
if (!HAS_PDFTOTEXT) console.warn('\n*** pdftotext (poppler-utils) is missing: the pick list PDF is NOT read back. apt-get install poppler-utils ***\n');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-drops-'));
function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Fresh tokens at the test clock's time (it jumps days; access tokens live 15 minutes). */
async function auth(user: TestUser) {
  const { accessToken } = await t.tokens.sign({ id: user.id, email: user.email, name: user.name, userType: user.userType }, user.sessionId);
  return { authorization: `Bearer ${accessToken}` };
}
async function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user ? await auth(user) : {}, ...(payload ? { payload } : {}) });
}
async function checkout(user: TestUser, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...(await auth(user)), 'idempotency-key': randomUUID() }, payload });
}
const notificationsOf = async (user: TestUser) =>
  (await call(user, 'GET', '/api/notifications?limit=100')).json().items as { type: string; title: string; dropId?: string; orderId?: string }[];
const orderCount = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;
const stockOf = async (id: string) => Number((await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock);

async function product(householdId: string, name: string, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(products).values({
    householdId, name, pricePara: 50_000, unit: 'jar', category: 'honey', stock: '10' as unknown as number, ...values,
  }).returning();
  return row!;
}

const dropChoice = (householdId: string, id = dropId) => ({ householdId, deliveryType: 'drop', dropId: id, paymentMethod: 'cash' });
const basket = (lines: [string, number][], households: object[]) => ({
  items: lines.map(([productId, quantity]) => ({ productId, quantity })), contactPhone: '+381641234567', households,
});

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://domace.example' });
  t.clock.set(WED_10);
  host = await createUser(t, { userType: 'producer', householdName: 'Салаш Ковач', location: 'Нови Сад' });
  member = await createUser(t, { userType: 'producer', householdName: 'Пчелињак Јовић', location: 'Сремски Карловци' });
  other = await createUser(t, { userType: 'producer', householdName: 'Сирана Златар', location: 'Нова Варош' });
  buyer = await createUser(t, { name: 'Ана Анић' });
  buyer2 = await createUser(t, { name: 'Бранко Бранковић' });
  fan = await createUser(t, { name: 'Вера Верић' });
  memberFan = await createUser(t, { name: 'Гордана Гордић' });
  milk = await product(host.id, 'Млеко', { unit: 'l', category: 'dairy', pricePara: 15_000 });
  honey = await product(member.id, 'Багремов мед');
  cheese = await product(other.id, 'Златарски сир', { category: 'dairy' });
  await t.database.db.insert(follows).values([
    { userId: fan.id, householdId: host.id }, { userId: fan.id, householdId: member.id }, { userId: memberFan.id, householdId: member.id },
  ]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('creating a drop', () => {
  it('is for producers only; the answer follows the contract; the host\'s followers are told once', async () => {
    expect((await call(buyer, 'POST', '/api/drops', dropBody())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/drops', dropBody())).statusCode).toBe(401);
    const res = await call(host, 'POST', '/api/drops', dropBody());
    expect(res.statusCode).toBe(201);
    const drop = res.json();
    dropId = drop.id;
    expect(drop).toMatchObject({
      title: 'Субота у Петроварадину', hostHouseholdId: host.id, place: PLACE, date: '2030-06-15', opens: '09:00', closes: '11:00',
      orderBy: '2030-06-14T18:00:00.000Z', note: 'Код зелене капије', status: 'open', cancelReason: null,
      households: [{ id: host.id, name: 'Салаш Ковач', avatar: null }], orderCount: 0, copies: [],
    });
    const told = (await notificationsOf(fan)).filter((n) => n.type === 'drop_announced');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ dropId });
    expect(told[0]!.title).toContain('Салаш Ковач');
    await t.app.outbox.drain();
    expect(t.mails.some((m) => m.to === fan.email && m.subject.includes('Салаш Ковач'))).toBe(true);
  });

  it('anyone reads it, without orderCount, with the orderable products of its households', async () => {
    const res = await call(null, 'GET', `/api/drops/${dropId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().orderCount).toBeUndefined();
    expect(res.json().products.map((p: { id: string }) => p.id)).toEqual([milk.id]);
    expect((await call(other, 'GET', `/api/drops/${dropId}`)).json().orderCount).toBeUndefined();
    expect((await call(null, 'GET', `/api/drops/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses hostile and impossible input with 400, never 500, and writes nothing', async () => {
    const before = (await call(host, 'GET', '/api/producer/drops')).json().items.length;
    const bad: object[] = [
      dropBody({ title: 'x'.repeat(100_000) }),
      dropBody({ title: '' }),
      dropBody({ title: 'a\u0000b' }),
      dropBody({ place: { ...PLACE, town: 'т'.repeat(61) } }),
      dropBody({ place: { ...PLACE, lat: 500 } }),
      dropBody({ place: { ...PLACE, extra: 1 } }),
      dropBody({ date: '2030-02-30' }),
      dropBody({ date: '15.06.2030' }),
      dropBody({ date: '2030-06-11' }),
      dropBody({ date: '2030-08-12', orderBy: '2030-08-11T20:00:00+02:00' }),
      dropBody({ opens: '25:00' }),
      dropBody({ opens: '11:00', closes: '09:00' }),
      dropBody({ opens: '09:00', closes: '09:00' }),
      dropBody({ orderBy: 'tomorrow' }),
      dropBody({ orderBy: '2030-06-14T20:00:00' }),
      dropBody({ orderBy: '2030-06-15T09:00:01+02:00' }),
      dropBody({ repeatWeeks: 13 }),
      dropBody({ repeatWeeks: 1.5 }),
      dropBody({ hostHouseholdId: other.id }),
      { ...dropBody(), place: 'Нови Сад' },
    ];
    for (const body of bad) {
      const res = await call(host, 'POST', '/api/drops', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    // Exactly at the start is allowed; 60 days ahead is the limit.
    expect((await call(host, 'GET', '/api/producer/drops')).json().items.length).toBe(before);
    for (const url of ['/api/drops/not-a-uuid', `/api/drops?town=${'x'.repeat(1000)}`, '/api/drops?days=61', '/api/drops?days=0', '/api/drops?from=2030-13-01',
      '/api/drops?householdId=1', '/api/drops?cursor=%%%', '/api/producer/drops/nope/picklist', `/api/producer/drops/${dropId}/picklist?format=docx`]) {
      const res = await call(host, 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('weekly repeats', () => {
  it('makes repeatWeeks copies a week apart, orderBy at the same Belgrade wall-clock time across the end of summer time', async () => {
    t.clock.set(new Date('2030-10-01T08:00:00Z'));
    try {
      const res = await call(host, 'POST', '/api/drops', dropBody({
        title: 'Јесење суботе', date: '2030-10-19', orderBy: '2030-10-18T20:00:00+02:00', repeatWeeks: 2,
      }));
      expect(res.statusCode).toBe(201);
      const drop = res.json();
      expect(drop.date).toBe('2030-10-19');
      expect(drop.copies.map((c: { date: string }) => c.date)).toEqual(['2030-10-26', '2030-11-02']);
      // 20:00 in Belgrade: CEST (UTC+2) on 25 October, CET (UTC+1) on 1 November.
      expect(drop.copies.map((c: { orderBy: string }) => c.orderBy)).toEqual(['2030-10-25T18:00:00.000Z', '2030-11-01T19:00:00.000Z']);
      const mine = (await call(host, 'GET', '/api/producer/drops?days=120')).json().items.filter((d: { title: string }) => d.title === 'Јесење суботе');
      expect(mine).toHaveLength(3);
      expect(mine.every((d: { role: string; households: { id: string }[] }) => d.role === 'host' && d.households[0]!.id === host.id)).toBe(true);
      // One notification for the series, not one per copy.
      expect((await notificationsOf(fan)).filter((n) => n.type === 'drop_announced')).toHaveLength(2);
    } finally {
      t.clock.set(WED_10);
    }
  });
});

describe('the list by town', () => {
  it('finds a town in either script and without diacritics, soonest first, never a cancelled one', async () => {
    const nis = (await call(other, 'POST', '/api/drops', dropBody({ title: 'Ниш', place: { ...PLACE, town: 'Ниш' }, date: '2030-06-13', orderBy: '2030-06-12T20:00:00+02:00' }))).json();
    const bg = (await call(other, 'POST', '/api/drops', dropBody({ title: 'Београд', place: { ...PLACE, town: 'Beograd' } }))).json();
    const titles = async (q: string) => (await call(null, 'GET', `/api/drops?${q}`)).json().items.map((d: { id: string }) => d.id) as string[];
    for (const q of ['town=novi%20sad', 'town=NOVI+SAD', 'town=%D0%9D%D0%BE%D0%B2%D0%B8', 'town=novi']) {
      const found = await titles(q);
      expect(found, q).toContain(dropId);
      expect(found, q).not.toContain(nis.id);
    }
    expect(await titles('town=Ni%C5%A1')).toEqual([nis.id]);
    expect(await titles('town=nis')).toEqual([nis.id]);
    expect(await titles(`town=${encodeURIComponent('Београд')}`)).toEqual([bg.id]);
    const all = await titles('days=7');
    expect(all.indexOf(nis.id)).toBeLessThan(all.indexOf(dropId));
    expect(await titles(`householdId=${member.id}`)).toEqual([]);
    expect(await titles('from=2030-06-14&days=1')).toEqual([]);
  });
});

describe('joining and leaving', () => {
  it('a producer joins; followers hear of a drop once whoever brings it', async () => {
    const res = await call(member, 'PUT', `/api/drops/${dropId}/members`);
    expect(res.statusCode).toBe(200);
    expect(res.json().households.map((h: { id: string }) => h.id)).toEqual([host.id, member.id]);
    expect(res.json().orderCount).toBe(0);
    expect((await call(member, 'PUT', `/api/drops/${dropId}/members`)).statusCode).toBe(200);
    expect((await call(buyer, 'PUT', `/api/drops/${dropId}/members`)).statusCode).toBe(403);
    expect((await call(member, 'PUT', `/api/drops/${randomUUID()}/members`)).statusCode).toBe(404);
    // memberFan follows only the member: told now; fan follows both: told of this drop already.
    expect((await notificationsOf(memberFan)).filter((n) => n.type === 'drop_announced' && n.dropId === dropId)).toHaveLength(1);
    expect((await notificationsOf(fan)).filter((n) => n.type === 'drop_announced' && n.dropId === dropId)).toHaveLength(1);
    // Leaving and joining again tells nobody twice.
    expect((await call(member, 'DELETE', `/api/drops/${dropId}/members`)).json().households).toHaveLength(1);
    expect((await call(member, 'PUT', `/api/drops/${dropId}/members`)).statusCode).toBe(200);
    expect((await notificationsOf(memberFan)).filter((n) => n.type === 'drop_announced' && n.dropId === dropId)).toHaveLength(1);
    expect((await call(null, 'GET', `/api/drops?householdId=${member.id}`)).json().items.map((d: { id: string }) => d.id)).toEqual([dropId]);
    expect((await call(null, 'GET', `/api/drops/${dropId}`)).json().products.map((p: { id: string }) => p.id).sort()).toEqual([milk.id, honey.id].sort());
  });

  it('the host cannot leave its own drop', async () => {
    const res = await call(host, 'DELETE', `/api/drops/${dropId}/members`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('drop.host_cannot_leave');
  });
});

describe('ordering for a drop', () => {
  it('takes a basket of several households of the drop until one second before orderBy', async () => {
    t.clock.set(new Date(CUTOFF.getTime() - 1000));
    const res = await checkout(buyer, basket([[milk.id, 2], [honey.id, 1]], [dropChoice(host.id), dropChoice(member.id)]));
    t.clock.set(WED_10);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().orders as { householdId: string; deliveryType: string; pickupDate: string; pickupTime: string; drop: object; deliveryFee: number }[];
    expect(placed).toHaveLength(2);
    const expected = { id: dropId, title: 'Субота у Петроварадину', place: PLACE, date: '2030-06-15', opens: '09:00', closes: '11:00' };
    for (const o of placed) expect(o).toMatchObject({ deliveryType: 'drop', pickupDate: '2030-06-15', pickupTime: '09:00', drop: expected, deliveryFee: 0 });
    // Everywhere orders are returned.
    const mine = (await call(buyer, 'GET', '/api/orders')).json().items;
    expect(mine.every((o: { drop: object }) => expect.objectContaining(expected).asymmetricMatch(o.drop))).toBe(true);
    const incoming = (await call(member, 'GET', '/api/producer/orders')).json().items;
    expect(incoming[0].drop).toEqual(expected);
    const pickup = (await call(buyer, 'GET', `/api/orders/${mine[0].id}`)).json();
    expect(pickup.drop).toEqual(expected);
    await t.app.outbox.drain();
    expect(t.mails.some((m) => m.to === buyer.email && m.text.includes('Субота у Петроварадину') && m.text.includes('Паркинг код тврђаве'))).toBe(true);
    // The flat body of section 5, the same drop for every household.
    const flat = await checkout(buyer2, { items: [{ productId: milk.id, quantity: 1 }], contactPhone: '+381641234567', deliveryType: 'drop', dropId });
    expect(flat.statusCode, flat.body).toBe(201);
    expect(flat.json().orders[0].drop.id).toBe(dropId);
  });

  it('refuses one second after orderBy with 409 order.drop_closed, all or none', async () => {
    t.clock.set(new Date(CUTOFF.getTime() + 1000));
    try {
      const before = await orderCount();
      const res = await checkout(buyer, basket([[milk.id, 1], [honey.id, 1]], [dropChoice(host.id), dropChoice(member.id)]));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order.drop_closed');
      const flat = await checkout(buyer, { items: [{ productId: milk.id, quantity: 1 }], contactPhone: '+381641234567', deliveryType: 'drop', dropId });
      expect(flat.json().code).toBe('order.drop_closed');
      expect(await orderCount()).toBe(before);
      expect((await call(null, 'GET', `/api/drops/${dropId}`)).json().status).toBe('closed');
    } finally {
      t.clock.set(WED_10);
    }
  });

  it('refuses a household that is not a member, and changes nothing for the others', async () => {
    const before = await orderCount();
    const stock = await stockOf(milk.id);
    const res = await checkout(buyer, basket([[milk.id, 1], [cheese.id, 1]], [dropChoice(host.id), dropChoice(other.id)]));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order.drop_unavailable');
    expect(res.json().details[0]).toMatchObject({ field: 'households.1.dropId', householdId: other.id });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(milk.id)).toBe(stock);
    // Not a drop id at all, a missing dropId, another day than the drop's.
    expect((await checkout(buyer, basket([[milk.id, 1]], [dropChoice(host.id, randomUUID())]))).json().code).toBe('order.drop_unavailable');
    expect((await checkout(buyer, basket([[milk.id, 1]], [{ householdId: host.id, deliveryType: 'drop', paymentMethod: 'cash' }]))).statusCode).toBe(400);
    expect((await checkout(buyer, basket([[milk.id, 1]], [dropChoice(host.id, 'nope')]))).statusCode).toBe(400);
    expect((await checkout(buyer, basket([[milk.id, 1]], [{ ...dropChoice(host.id), date: '2030-06-16' }]))).statusCode).toBe(400);
    expect((await checkout(buyer, { items: [{ productId: milk.id, quantity: 1 }], contactPhone: '+381641234567', deliveryType: 'drop' })).statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('keeps the minimum order and the quantity step', async () => {
    const patched = await call(member, 'PATCH', `/api/households/${member.id}`, { minimumOrder: 2000 });
    expect(patched.statusCode).toBe(200);
    const below = await checkout(buyer, basket([[honey.id, 1]], [dropChoice(member.id)]));
    await call(member, 'PATCH', `/api/households/${member.id}`, { minimumOrder: 0 });
    expect(below.json().code).toBe('order.below_minimum');
    await t.database.db.update(products).set({ quantityStep: 2 }).where(eq(products.id, honey.id));
    expect((await checkout(buyer, basket([[honey.id, 1]], [dropChoice(member.id)]))).statusCode).toBe(400);
    await t.database.db.update(products).set({ quantityStep: 1 }).where(eq(products.id, honey.id));
  });

  it('a household with orders for the drop cannot leave it', async () => {
    const res = await call(member, 'DELETE', `/api/drops/${dropId}/members`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('drop.has_orders');
    expect((await call(null, 'GET', `/api/drops/${dropId}`)).json().households).toHaveLength(2);
  });

  it('counts orders for the host (the whole drop) and a member (its own)', async () => {
    expect((await call(host, 'GET', `/api/drops/${dropId}`)).json().orderCount).toBe(3);
    expect((await call(member, 'GET', `/api/drops/${dropId}`)).json().orderCount).toBe(1);
    expect((await call(other, 'GET', `/api/drops/${dropId}`)).json().orderCount).toBeUndefined();
    // The host's dashboard list says how many each member has; a member's says nothing of the others.
    const mine = (await call(host, 'GET', '/api/producer/drops')).json().items.find((d: { id: string }) => d.id === dropId);
    expect(mine.memberOrders).toEqual([{ householdId: host.id, name: expect.any(String), orderCount: 2 }, { householdId: member.id, name: expect.any(String), orderCount: 1 }]);
    const theirs = (await call(member, 'GET', '/api/producer/drops')).json().items.find((d: { id: string }) => d.id === dropId);
    expect(theirs).toMatchObject({ role: 'member', orderCount: 1 });
    expect(theirs.memberOrders).toBeUndefined();
  });
});

describe('pick lists', () => {
  it('show a member only its own orders and buyers; others are refused', async () => {
    const res = await call(member, 'GET', `/api/producer/drops/${dropId}/picklist`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.household).toEqual({ id: member.id, name: 'Пчелињак Јовић' });
    expect(list.orders.map((o: { buyerName: string }) => o.buyerName)).toEqual(['Ана Анић']);
    expect(list.orders[0]).toMatchObject({ contactPhone: '+381641234567', total: 500, payment: { method: 'cash', status: 'unpaid' }, items: [{ productId: honey.id, quantity: 1 }] });
    expect(list.totals).toEqual([{ productId: honey.id, name: 'Багремов мед', unit: 'jar', quantity: 1 }]);
    expect(JSON.stringify(list)).not.toContain('Бранко');
    const hosts = (await call(host, 'GET', `/api/producer/drops/${dropId}/picklist`)).json();
    expect(hosts.orders.map((o: { buyerName: string }) => o.buyerName).sort()).toEqual(['Ана Анић', 'Бранко Бранковић']);
    expect(hosts.totals).toEqual([{ productId: milk.id, name: 'Млеко', unit: 'l', quantity: 3 }]);
    expect((await call(other, 'GET', `/api/producer/drops/${dropId}/picklist`)).statusCode).toBe(403);
    expect((await call(buyer, 'GET', `/api/producer/drops/${dropId}/picklist`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/producer/drops/${dropId}/picklist`)).statusCode).toBe(401);
    expect((await call(member, 'GET', `/api/producer/drops/${randomUUID()}/picklist`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/producer/drops/${dropId}/picklist?format=pdf`)).statusCode).toBe(403);
  });

  it('print as an A4 PDF with real text in the producer\'s language and script', async () => {
    const res = await call(member, 'GET', `/api/producer/drops/${dropId}/picklist?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    if (HAS_PDFTOTEXT) {
      const text = pdfText(res.rawPayload);
      for (const s of ['Списак за испоруку', 'Субота у Петроварадину', 'Пчелињак Јовић', 'Ана Анић', 'Багремов мед', '+381641234567', 'Паркинг код тврђаве']) expect(text).toContain(s);
      expect(text).not.toContain('Бранко');
    }
    await t.database.db.update(users).set({ language: 'sr-Latn' }).where(eq(users.id, member.id));
    const latin = await call(member, 'GET', `/api/producer/drops/${dropId}/picklist?format=pdf`);
    if (HAS_PDFTOTEXT) {
      const text = pdfText(latin.rawPayload);
      for (const s of ['Spisak za isporuku', 'Pčelinjak Jović', 'Ana Anić', 'Bagremov med']) expect(text).toContain(s);
    }
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, member.id));
    if (HAS_PDFTOTEXT) expect(pdfText((await call(member, 'GET', `/api/producer/drops/${dropId}/picklist?format=pdf`)).rawPayload)).toContain('Drop pick list');
    await t.database.db.update(users).set({ language: 'sr' }).where(eq(users.id, member.id));
  });
});

describe('changes by the host', () => {
  it('are refused to anyone else, and nothing changes', async () => {
    const before = (await call(null, 'GET', `/api/drops/${dropId}`)).json();
    for (const [who, status] of [[member, 403], [other, 403], [buyer, 403]] as const) {
      expect((await call(who, 'PATCH', `/api/drops/${dropId}`, { place: { ...PLACE, name: 'Друго место' } })).statusCode).toBe(status);
      expect((await call(who, 'POST', `/api/drops/${dropId}/cancel`, { reason: 'Не' })).statusCode).toBe(status);
    }
    expect((await call(null, 'PATCH', `/api/drops/${dropId}`, { note: 'x' })).statusCode).toBe(401);
    expect((await call(host, 'PATCH', `/api/drops/${randomUUID()}`, { note: 'x' })).statusCode).toBe(404);
    expect((await call(host, 'PATCH', `/api/drops/${dropId}`, {})).statusCode).toBe(400);
    expect((await call(host, 'PATCH', `/api/drops/${dropId}`, { closes: '08:00' })).statusCode).toBe(400);
    expect((await call(host, 'PATCH', `/api/drops/${dropId}`, { orderBy: '2030-06-16T00:00:00Z' })).statusCode).toBe(400);
    expect((await call(host, 'PATCH', `/api/drops/${dropId}`, { hostHouseholdId: member.id })).statusCode).toBe(400);
    const after = (await call(null, 'GET', `/api/drops/${dropId}`)).json();
    expect(after).toEqual(before);
  });

  it('a new place and time reach the buyers of the drop, by notification and mail', async () => {
    const res = await call(host, 'PATCH', `/api/drops/${dropId}`, { place: { ...PLACE, name: 'Трг слободе' }, opens: '10:00', closes: '12:00', note: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ place: { name: 'Трг слободе' }, opens: '10:00', closes: '12:00', note: null, status: 'open' });
    const told = (await notificationsOf(buyer)).filter((n) => n.type === 'drop_changed' && n.dropId === dropId);
    expect(told).toHaveLength(1);
    expect((await notificationsOf(buyer2)).filter((n) => n.type === 'drop_changed')).toHaveLength(1);
    await t.app.outbox.drain();
    expect(t.mails.some((m) => m.to === buyer.email && m.text.includes('Трг слободе') && m.text.includes('10:00–12:00'))).toBe(true);
    const mine = (await call(buyer, 'GET', '/api/orders')).json().items.filter((o: { drop: { id: string } | null }) => o.drop?.id === dropId);
    expect(mine.every((o: { pickupTime: string; drop: { place: { name: string } } }) => o.pickupTime === '10:00' && o.drop.place.name === 'Трг слободе')).toBe(true);
    // A note alone tells nobody.
    await call(host, 'PATCH', `/api/drops/${dropId}`, { note: 'Понесите кесе' });
    expect((await notificationsOf(buyer)).filter((n) => n.type === 'drop_changed')).toHaveLength(1);
  });
});

describe('hand-over marks', () => {
  const mark = (orderId: string, state: string, at: string, clientId = randomUUID()) => ({ orderId, state, at, clientId });
  const handovers = (user: TestUser, items: object[]) => call(user, 'POST', '/api/producer/handovers', { items });
  const statusOf = async (id: string) => (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

  it('apply once per clientId; the later mark of two devices wins; another household\'s orders are ignored', async () => {
    const memberOrder = (await call(member, 'GET', '/api/producer/orders')).json().items[0].id as string;
    const hostOrders = (await call(host, 'GET', '/api/producer/orders')).json().items.map((o: { id: string }) => o.id) as string[];
    t.clock.set(new Date('2030-06-15T08:30:00Z'));
    const first = mark(memberOrder, 'handed_over', '2030-06-15T10:20:00+02:00');
    const res = await handovers(member, [first]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, ignored: 0 });
    expect(await statusOf(memberOrder)).toBe('completed');
    // The same mark again (a retry after a lost answer): nothing more.
    expect((await handovers(member, [first])).json()).toMatchObject({ applied: 0, ignored: 1, results: [{ outcome: 'duplicate' }] });
    // The second device was offline and marked no-show earlier: the later hand-over stands.
    expect((await handovers(member, [mark(memberOrder, 'no_show', '2030-06-15T10:10:00+02:00')])).json()).toMatchObject({ applied: 0, ignored: 1, results: [{ outcome: 'stale' }] });
    expect(await statusOf(memberOrder)).toBe('completed');
    // A later correction wins, whichever device sends it.
    expect((await handovers(member, [mark(memberOrder, 'no_show', '2030-06-15T10:25:00+02:00')])).json()).toMatchObject({ applied: 1 });
    expect(await statusOf(memberOrder)).toBe('no_show');
    expect((await call(buyer, 'GET', `/api/orders/${memberOrder}`)).json().status).toBe('no_show');
    expect((await notificationsOf(buyer)).some((n) => n.type === 'order_status' && n.orderId === memberOrder && /није преузета/.test(n.title))).toBe(true);
    // Marks arriving out of order in one batch: the latest `at` decides.
    const [a, b] = hostOrders;
    const batch = await handovers(host, [mark(a!, 'handed_over', '2030-06-15T10:05:00+02:00'), mark(a!, 'no_show', '2030-06-15T10:01:00+02:00'), mark(b!, 'no_show', '2030-06-15T10:02:00+02:00')]);
    expect(batch.json()).toMatchObject({ applied: 2, ignored: 1 });
    expect(await statusOf(a!)).toBe('completed');
    expect(await statusOf(b!)).toBe('no_show');
    // The host marking the member's order: ignored, nothing changed.
    const foreign = await handovers(host, [mark(memberOrder, 'handed_over', '2030-06-15T10:29:00+02:00')]);
    expect(foreign.json()).toMatchObject({ applied: 0, ignored: 1, results: [{ outcome: 'not_yours' }] });
    expect(await statusOf(memberOrder)).toBe('no_show');
    expect((await handovers(buyer, [mark(memberOrder, 'handed_over', '2030-06-15T10:29:00+02:00')])).statusCode).toBe(403);
    t.clock.set(WED_10);
  });

  it('do not hand over an order whose price is still an estimate: weighed first, then it is', async () => {
    const wheel = await product(member.id, 'Сир у колуту', { category: 'dairy', unit: 'wheel', pricing: 'weight', pieceWeight: '1.2' as unknown as number, pricePara: 140_000 });
    const placed = await checkout(buyer2, basket([[wheel.id, 1]], [dropChoice(member.id)]));
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orders[0].id as string;
    t.clock.set(new Date('2030-06-15T08:30:00Z'));
    const early = await handovers(member, [mark(orderId, 'handed_over', '2030-06-15T10:00:00+02:00')]);
    expect(early.json()).toMatchObject({ applied: 0, ignored: 1, results: [{ outcome: 'weights_missing' }] });
    expect(await statusOf(orderId)).toBe('pending');
    const weighed = await call(member, 'PATCH', `/api/producer/orders/${orderId}/weights`, { lines: [{ productId: wheel.id, weight: 1.25 }] });
    expect(weighed.statusCode).toBe(200);
    expect((await handovers(member, [mark(orderId, 'handed_over', '2030-06-15T10:05:00+02:00')])).json()).toMatchObject({ applied: 1 });
    expect(await statusOf(orderId)).toBe('completed');
    t.clock.set(WED_10);
  });

  it('refuse hostile input with 400', async () => {
    const id = randomUUID();
    for (const items of [
      [], [{ orderId: 'x', state: 'handed_over', at: '2030-06-15T10:00:00Z', clientId: id }],
      [{ orderId: id, state: 'lost', at: '2030-06-15T10:00:00Z', clientId: id }],
      [{ orderId: id, state: 'no_show', at: 'yesterday', clientId: id }],
      [{ orderId: id, state: 'no_show', at: '2030-06-15T10:00:00Z', clientId: 'not-a-uuid' }],
      [{ orderId: id, state: 'no_show', at: '2030-06-15T10:00:00Z', clientId: id, extra: true }],
      Array.from({ length: 501 }, () => ({ orderId: id, state: 'no_show', at: '2030-06-15T10:00:00Z', clientId: randomUUID() })),
    ]) {
      expect((await handovers(member, items)).statusCode).toBe(400);
    }
  });
});

describe('cancellation by the host', () => {
  it('cancels the open orders, returns their stock, tells and mails the buyers', async () => {
    const second = (await call(host, 'POST', '/api/drops', dropBody({ title: 'Недеља', date: '2030-06-16', orderBy: '2030-06-15T20:00:00+02:00' }))).json();
    await call(member, 'PUT', `/api/drops/${second.id}/members`);
    const milkBefore = await stockOf(milk.id);
    const honeyBefore = await stockOf(honey.id);
    const placed = await checkout(buyer, basket([[milk.id, 3], [honey.id, 2]], [dropChoice(host.id, second.id), dropChoice(member.id, second.id)]));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(milk.id)).toBe(milkBefore - 3);
    const ids = placed.json().orders.map((o: { id: string }) => o.id) as string[];

    const res = await call(host, 'POST', `/api/drops/${second.id}/cancel`, { reason: 'Киша' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Киша' });
    expect(await stockOf(milk.id)).toBe(milkBefore);
    expect(await stockOf(honey.id)).toBe(honeyBefore);
    for (const id of ids) expect((await call(buyer, 'GET', `/api/orders/${id}`)).json().status).toBe('cancelled');
    expect((await notificationsOf(buyer)).filter((n) => n.type === 'order_status' && ids.includes(n.orderId ?? '') && /отказана/.test(n.title))).toHaveLength(2);
    expect((await notificationsOf(member)).some((n) => n.type === 'drop_changed' && n.dropId === second.id)).toBe(true);
    await t.app.outbox.drain();
    const mail = t.mails.find((m) => m.to === buyer.email && m.subject.includes('Недеља'));
    expect(mail?.text).toContain('Киша');

    // Again: the same answer, nothing more. Then: not listed, not orderable, not joinable.
    expect((await call(host, 'POST', `/api/drops/${second.id}/cancel`, {})).json().status).toBe('cancelled');
    expect(await stockOf(milk.id)).toBe(milkBefore);
    expect((await call(null, 'GET', '/api/drops?days=60')).json().items.map((d: { id: string }) => d.id)).not.toContain(second.id);
    const late = await checkout(buyer, basket([[milk.id, 1]], [dropChoice(host.id, second.id)]));
    expect(late.json().code).toBe('order.drop_cancelled');
    expect((await call(other, 'PUT', `/api/drops/${second.id}/members`)).json().code).toBe('drop.cancelled');
    expect((await call(host, 'PATCH', `/api/drops/${second.id}`, { note: 'x' })).json().code).toBe('drop.cancelled');
    // The member may leave it now: its orders are cancelled.
    expect((await call(member, 'DELETE', `/api/drops/${second.id}/members`)).statusCode).toBe(200);
  });
});
