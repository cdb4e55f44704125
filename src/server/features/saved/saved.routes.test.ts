import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createProduct } from '../../../../test/catalog-fixtures.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';

let t: TestApp;
let farm: TestUser;
let buyer: TestUser;
let other: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';
const call = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const savedNames = async (user: TestUser, query = '') =>
  (await call('GET', `/me/saved-products${query}`, user)).json().items.map((p: { name: string }) => p.name);
const home = { label: 'Кућа', area: 'Београд', address: 'Булевар ослобођења 12, стан 4' };

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer', householdName: 'Газдинство Милић' });
  buyer = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

describe('anonymous', () => {
  it('gets 401 from every saved endpoint, whatever it sends', async () => {
    const productId = await createProduct(t, farm.id);
    const requests: Array<[Method, string, unknown?]> = [
      ['GET', '/me/saved-products'],
      ['PUT', `/me/saved-products/${productId}`],
      ['DELETE', `/me/saved-products/${productId}`],
      ['GET', '/me/addresses'],
      ['POST', '/me/addresses', home],
      ['POST', '/me/addresses', { bogus: 1 }],
      ['PATCH', `/me/addresses/${UNKNOWN}`, { label: 'x' }],
      ['DELETE', `/me/addresses/${UNKNOWN}`],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });
});

describe('saved products', () => {
  it('saves idempotently and lists newest saved first in the product shape', async () => {
    const user = await createUser(t);
    const jam = await createProduct(t, farm.id, { name: 'Џем од шљива', priceRsd: 450.5, unit: 'jar' });
    const honey = await createProduct(t, farm.id, { name: 'Мед багрем' });
    expect((await call('GET', '/me/saved-products', user)).json()).toEqual({ items: [], nextCursor: null });

    const first = await call('PUT', `/me/saved-products/${jam}`, user);
    expect(first.statusCode).toBe(204);
    await call('PUT', `/me/saved-products/${honey}`, user);
    // Saving again (also two at once) changes nothing, not even the order.
    const again = await Promise.all([call('PUT', `/me/saved-products/${jam}`, user), call('PUT', `/me/saved-products/${jam}`, user)]);
    expect(again.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await savedNames(user)).toEqual(['Мед багрем', 'Џем од шљива']);

    const list = (await call('GET', '/me/saved-products', user)).json();
    expect(list.items[1]).toMatchObject({ id: jam, householdId: farm.id, householdName: 'Газдинство Милић', price: 450.5, unit: 'jar', availability: true });
    expect(list.items[1].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Another user's list is their own.
    expect(await savedNames(other)).toEqual([]);

    const off = await call('DELETE', `/me/saved-products/${honey}`, user);
    expect(off.statusCode).toBe(204);
    expect((await call('DELETE', `/me/saved-products/${honey}`, user)).statusCode).toBe(204);
    expect(await savedNames(user)).toEqual(['Џем од шљива']);
  });

  it('pages with a cursor', async () => {
    const user = await createUser(t);
    const ids = [];
    for (const name of ['Први', 'Други', 'Трећи']) {
      const id = await createProduct(t, farm.id, { name });
      ids.push(id);
      await call('PUT', `/me/saved-products/${id}`, user);
    }
    const page1 = (await call('GET', '/me/saved-products?limit=2', user)).json();
    expect(page1.items.map((p: { name: string }) => p.name)).toEqual(['Трећи', 'Други']);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await call('GET', `/me/saved-products?limit=2&cursor=${page1.nextCursor}`, user)).json();
    expect(page2.items.map((p: { name: string }) => p.name)).toEqual(['Први']);
    expect(page2.nextCursor).toBeNull();
    expect((await call('GET', '/me/saved-products?cursor=garbage', user)).statusCode).toBe(400);
    expect((await call('GET', '/me/saved-products?limit=0', user)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown, archived or non-public product and 400 for a bad id', async () => {
    const archived = await createProduct(t, farm.id, { archived: true });
    const hiddenFarm = await createUser(t, { userType: 'producer' });
    await t.database.db.update(users).set({ confirmedAt: null }).where(eq(users.id, hiddenFarm.id));
    const hidden = await createProduct(t, hiddenFarm.id);
    for (const id of [UNKNOWN, archived, hidden]) {
      const put = await call('PUT', `/me/saved-products/${id}`, buyer);
      expect(put.statusCode).toBe(404);
      expect(put.json()).toMatchObject({ code: 'not_found' });
      expect((await call('DELETE', `/me/saved-products/${id}`, buyer)).statusCode).toBe(404);
    }
    expect((await call('PUT', '/me/saved-products/not-a-uuid', buyer)).statusCode).toBe(400);
  });

  it('hides a saved product that left the public, and lets it be unsaved', async () => {
    const user = await createUser(t);
    const farm2 = await createUser(t, { userType: 'producer' });
    const cheese = await createProduct(t, farm2.id, { name: 'Сир' });
    await call('PUT', `/me/saved-products/${cheese}`, user);
    expect(await savedNames(user)).toEqual(['Сир']);
    await t.database.db.update(users).set({ confirmedAt: null }).where(eq(users.id, farm2.id));
    expect(await savedNames(user)).toEqual([]);
    expect((await call('DELETE', `/me/saved-products/${cheese}`, user)).statusCode).toBe(204);
    await t.database.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, farm2.id));
    expect(await savedNames(user)).toEqual([]);
  });
});

describe('saved addresses', () => {
  it('adds, lists, edits and deletes own addresses', async () => {
    const user = await createUser(t);
    expect((await call('GET', '/me/addresses', user)).json()).toEqual({ items: [], nextCursor: null });
    const created = await call('POST', '/me/addresses', user, { ...home, label: '  Кућа  ' });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toEqual({ id: expect.any(String), ...home, isDefault: false });

    const patched = await call('PATCH', `/me/addresses/${a.id}`, user, { address: 'Нова 1\nулаз Б', area: 'Нови Сад' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...a, address: 'Нова 1\nулаз Б', area: 'Нови Сад' });
    expect((await call('GET', '/me/addresses', user)).json().items).toEqual([patched.json()]);

    expect((await call('DELETE', `/me/addresses/${a.id}`, user)).statusCode).toBe(204);
    expect((await call('DELETE', `/me/addresses/${a.id}`, user)).statusCode).toBe(404);
    expect((await call('GET', '/me/addresses', user)).json().items).toEqual([]);
  });

  it('keeps one default at most: a new default clears the old one', async () => {
    const user = await createUser(t);
    const a = (await call('POST', '/me/addresses', user, { ...home, isDefault: true })).json();
    expect(a.isDefault).toBe(true);
    const b = (await call('POST', '/me/addresses', user, { ...home, label: 'Посао', isDefault: true })).json();
    expect(b.isDefault).toBe(true);
    let items = (await call('GET', '/me/addresses', user)).json().items;
    expect(items.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { id: string }) => x.id)).toEqual([b.id]);

    const c = (await call('POST', '/me/addresses', user, { ...home, label: 'Викендица' })).json();
    expect((await call('PATCH', `/me/addresses/${c.id}`, user, { isDefault: true })).json()).toMatchObject({ id: c.id, isDefault: true });
    items = (await call('GET', '/me/addresses', user)).json().items;
    expect(items.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(items[0].id).toBe(c.id);

    // Two at once still leave one default.
    await Promise.all([
      call('PATCH', `/me/addresses/${a.id}`, user, { isDefault: true }),
      call('PATCH', `/me/addresses/${b.id}`, user, { isDefault: true }),
    ]);
    items = (await call('GET', '/me/addresses', user)).json().items;
    expect(items.filter((x: { isDefault: boolean }) => x.isDefault)).toHaveLength(1);

    expect((await call('PATCH', `/me/addresses/${items[0].id}`, user, { isDefault: false })).json()).toMatchObject({ isDefault: false });
    items = (await call('GET', '/me/addresses', user)).json().items;
    expect(items.filter((x: { isDefault: boolean }) => x.isDefault)).toHaveLength(0);
  });

  it('answers 404 for another user\'s or an unknown address, and leaves it untouched', async () => {
    const owner = await createUser(t);
    const mine = (await call('POST', '/me/addresses', owner, home)).json();
    for (const id of [mine.id, UNKNOWN]) {
      const patch = await call('PATCH', `/me/addresses/${id}`, other, { label: 'Туђе' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toMatchObject({ code: 'not_found' });
      expect((await call('PATCH', `/me/addresses/${id}`, other, {})).statusCode).toBe(404);
      expect((await call('DELETE', `/me/addresses/${id}`, other)).statusCode).toBe(404);
    }
    expect((await call('GET', '/me/addresses', other)).json().items).toEqual([]);
    expect((await call('GET', '/me/addresses', owner)).json().items).toEqual([mine]);
  });

  it('refuses the 11th address with 409 address.limit, also when sent at once', async () => {
    const user = await createUser(t);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', '/me/addresses', user, { ...home, label: `Адреса ${i + 1}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(refused[0]!.json()).toMatchObject({ code: 'address.limit', error: expect.stringContaining('10') });
    expect((await call('GET', '/me/addresses', user)).json().items).toHaveLength(10);
    // After a delete there is room again.
    const first = (await call('GET', '/me/addresses', user)).json().items[0];
    await call('DELETE', `/me/addresses/${first.id}`, user);
    expect((await call('POST', '/me/addresses', user, home)).statusCode).toBe(201);
  });

  it('refuses bad and hostile bodies with 400 and stores nothing', async () => {
    const user = await createUser(t);
    const bad: unknown[] = [
      {},
      { ...home, label: '' },
      { ...home, label: '   ' },
      { ...home, label: 'x'.repeat(41) },
      { ...home, area: 'x'.repeat(81) },
      { ...home, address: 'x'.repeat(301) },
      { ...home, label: 42 },
      { ...home, isDefault: 'yes' },
      { ...home, extra: true },
      { ...home, id: '00000000-0000-4000-8000-000000000001' },
      { ...home, label: 'Ку\u0000ћа' },
      { ...home, area: 'Бео\u0007град' },
      { ...home, address: 'Улица\u001b[31m 1' },
      { ...home, address: 'Улица 1\r' },
      { ...home, label: 'Кућа \ud800' },
      { ...home, area: '\udc00Београд' },
      { ...home, address: 'Улица \u007f' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/me/addresses', user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const raw = await t.app.inject({ method: 'POST', url: '/api/me/addresses', headers: { ...user.headers, 'content-type': 'application/json' }, payload: '{"label":"a","area":"b","address":"c\\u0000"}' });
    expect(raw.statusCode).toBe(400);
    expect((await call('GET', '/me/addresses', user)).json().items).toEqual([]);

    // Tabs, line breaks, emoji (a surrogate pair) and Latin/Cyrillic are fine, exactly as sent.
    const ok = await call('POST', '/me/addresses', user, { label: 'Dom 🏡', area: 'Ниш', address: 'Obrenovićeva 1\r\n\tулаз 2' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ label: 'Dom 🏡', address: 'Obrenovićeva 1\r\n\tулаз 2' });

    const id = ok.json().id;
    for (const body of [{ label: '' }, { label: 'a\u0000' }, { area: '\ud83d' }, { isDefault: null }, { userId: other.id }]) {
      expect((await call('PATCH', `/me/addresses/${id}`, user, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/me/addresses/not-a-uuid', user, { label: 'x' })).statusCode).toBe(400);
    expect((await call('GET', '/me/addresses', user)).json().items).toEqual([ok.json()]);
  });
});
