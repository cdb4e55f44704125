import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import type { Product } from '#shared/contracts/products.ts';

let t: TestApp;
let producer: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

async function list(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}`, headers });
  return { status: res.statusCode, body: res.json() as { items: Product[]; nextCursor: string | null } };
}
const names = (items: Product[]) => items.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  producer = await createUser(t, { userType: 'producer', householdName: 'Пчеларство Јовановић' });
  other = await createUser(t, { userType: 'producer', householdName: 'Farma Voćnjak' });
  ids.honey = await createProduct(t, producer.id, { name: 'Мед од багрема', category: 'honey', priceRsd: 1200, featured: true });
  ids.forestHoney = await createProduct(t, producer.id, { name: 'Šumski med', category: 'honey', promoted: true });
  ids.ajvar = await createProduct(t, other.id, { name: 'Ајвар љути', category: 'preserves', unit: 'jar' });
  ids.jam = await createProduct(t, other.id, { name: 'Pekmez od šljiva', category: 'preserves', unit: 'jar' });
  ids.apples = await createProduct(t, other.id, { name: 'Јабуке ајдаред', category: 'fruit' });
  ids.medenjaci = await createProduct(t, other.id, { name: 'Medenjaci', category: 'other' });
  ids.hidden = await createProduct(t, producer.id, { name: 'Мед у саћу', category: 'honey', availability: false });
  ids.archived = await createProduct(t, producer.id, { name: 'Стари мед', category: 'honey', archived: true });
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('lists available, non-archived products newest first in the documented shape', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(names(body.items)).toEqual(['Medenjaci', 'Јабуке ајдаред', 'Pekmez od šljiva', 'Ајвар љути', 'Šumski med', 'Мед од багрема']);
    expect(body.nextCursor).toBeNull();
    const honey = body.items.find((p) => p.id === ids.honey)!;
    expect(honey).toEqual({
      id: ids.honey, householdId: producer.id, householdName: 'Пчеларство Јовановић', name: 'Мед од багрема',
      description: 'Опис производа.', price: 1200, unit: 'kg', pricing: 'unit', pieceWeight: null, image: '/media/test.webp', thumbnail: null,
      category: 'honey', availability: true, featured: true, promoted: false, stock: null, quantityStep: 1, availableFrom: null, ingredients: null, allergens: [], storage: null, depositPercent: 0, preorderLimit: null, rating: 0, reviewCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('filters by category, household, featured and promoted', async () => {
    expect(names((await list('?category=preserves')).body.items)).toEqual(['Pekmez od šljiva', 'Ајвар љути']);
    expect(names((await list(`?householdId=${producer.id}`)).body.items)).toEqual(['Šumski med', 'Мед од багрема']);
    expect(names((await list('?featured=true')).body.items)).toEqual(['Мед од багрема']);
    expect(names((await list('?promoted=true')).body.items)).toEqual(['Šumski med']);
    expect(names((await list(`?category=honey&householdId=${other.id}`)).body.items)).toEqual([]);
  });

  it('shows unpublished products only to their own producer asking for its own household', async () => {
    const own = await list(`?householdId=${producer.id}&includeUnavailable=true`, producer.headers);
    expect(names(own.body.items)).toContain('Мед у саћу');
    expect(names(own.body.items)).not.toContain('Стари мед');
    const stranger = await list(`?householdId=${producer.id}&includeUnavailable=true`, other.headers);
    expect(names(stranger.body.items)).not.toContain('Мед у саћу');
    const anonymous = await list('?includeUnavailable=true');
    expect(names(anonymous.body.items)).not.toContain('Мед у саћу');
  });

  it('rejects bad filters and cursors with 400', async () => {
    expect((await list('?category=cars')).status).toBe(400);
    expect((await list('?limit=101')).status).toBe(400);
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?featured=yes')).status).toBe(400);
    expect((await list('?color=red')).status).toBe(400);
    const bad = await list('?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
  });
});

describe('search (q)', () => {
  const search = async (q: string) => names((await list(`?q=${encodeURIComponent(q)}`)).body.items);

  it('is script- and diacritic-insensitive and ranks name matches first', async () => {
    // The word itself in the name, then a name word starting with it, then household or category only.
    expect(await search('med')).toEqual(['Šumski med', 'Мед од багрема', 'Medenjaci']);
    expect(await search('МЕД')).toEqual(['Šumski med', 'Мед од багрема', 'Medenjaci']);
    expect(await search('sumski')).toEqual(['Šumski med']);
  });

  it('finds category words in sr, en and ru, including the alias Zimnitza', async () => {
    expect(new Set(await search('honey'))).toEqual(new Set(['Мед од багрема', 'Šumski med']));
    expect(new Set(await search('зимница'))).toEqual(new Set(['Ајвар љути', 'Pekmez od šljiva']));
    expect(new Set(await search('zimnitza'))).toEqual(new Set(['Ајвар љути', 'Pekmez od šljiva']));
    expect(await search('voce')).toEqual(['Јабуке ајдаред']);
    expect(await search('Фрукты')).toEqual(['Јабуке ајдаред']);
  });

  it('finds by product and household name in either script; every word must match', async () => {
    expect(await search('ајвар')).toEqual(['Ајвар љути']);
    expect(await search('ajvar')).toEqual(['Ајвар љути']);
    expect(new Set(await search('jovanovic'))).toEqual(new Set(['Мед од багрема', 'Šumski med']));
    expect(await search('med bagrema')).toEqual(['Мед од багрема']);
    expect(await search('med ajvar')).toEqual([]);
    expect(await search('100% _')).toEqual([]);
  });

  it('ranks a whole word of the name above a word that only starts with it ("sir": Sjenički sir before Sirup)', async () => {
    const dairy = await createUser(t, { userType: 'producer', householdName: 'Gazdinstvo Sirić', location: 'Sjenica' });
    await createProduct(t, dairy.id, { name: 'Sjenički sir', category: 'dairy', createdAt: new Date('2024-02-01T10:00:00Z') });
    await createProduct(t, dairy.id, { name: 'Sirup od malina', category: 'preserves', createdAt: new Date('2024-03-01T10:00:00Z') });
    await createProduct(t, dairy.id, { name: 'Kajmak', category: 'dairy', createdAt: new Date('2024-04-01T10:00:00Z') });
    // Kajmak matches only through its household's name ("Sirić"): last.
    expect(await search('sir')).toEqual(['Sjenički sir', 'Sirup od malina', 'Kajmak']);
  });

  it('finds products by their household\'s town, in either script', async () => {
    const irig = await createUser(t, { userType: 'producer', householdName: 'Pčelinjak Town', location: 'Ириг' });
    await createProduct(t, irig.id, { name: 'Propolis', category: 'other' });
    expect(await search('Irig')).toEqual(['Propolis']);
    expect(await search('ириг')).toEqual(['Propolis']);
  });

  it('pages through ranked results without repeats', async () => {
    const first = await list('?q=med&limit=2');
    expect(names(first.body.items)).toEqual(['Šumski med', 'Мед од багрема']);
    const second = await list(`?q=med&limit=2&cursor=${first.body.nextCursor}`);
    expect(names(second.body.items)).toEqual(['Medenjaci']);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('search suggestions', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/suggestions?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Array<{ text: string; kind: string }> }).items;
  };

  it('offers existing names and towns close to a misspelt search, best first', async () => {
    expect((await suggest('ajvr'))[0]).toEqual({ text: 'Ајвар љути', kind: 'product' });
    expect(await suggest('pekmz')).toContainEqual({ text: 'Pekmez od šljiva', kind: 'product' });
    expect(await suggest('leskovc')).toContainEqual({ text: 'Лесковац', kind: 'town' });
    expect(await suggest('jovanovich')).toContainEqual({ text: 'Пчеларство Јовановић', kind: 'household' });
  });

  it('offers nothing for what resembles nothing, never archived or hidden products, at most five', async () => {
    expect(await suggest('xyzzy')).toEqual([]);
    expect(await suggest('ab')).toEqual([]);
    expect((await suggest('stari med')).map((s) => s.text)).not.toContain('Стари мед');
    expect((await suggest('med')).length).toBeLessThanOrEqual(5);
  });

  it('refuses an empty or overlong query with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/suggestions' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/suggestions?q=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });
});

describe('pagination', () => {
  it('walks all pages with no repeats and no gaps, also when products are added meanwhile', async () => {
    const seller = await createUser(t, { userType: 'producer' });
    // Several products with the same created_at, to exercise the id tie-break.
    const sameTime = new Date('2024-01-01T10:00:00.000Z');
    const expected: string[] = [];
    for (let i = 0; i < 13; i++) expected.push(await createProduct(t, seller.id, { name: `Paginated ${i}`, createdAt: i % 3 === 0 ? sameTime : undefined }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?householdId=${seller.id}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((p) => p.id));
      cursor = res.body.nextCursor;
      pages++;
      // A new product between page fetches is newer than every cursor: it never shifts the pages.
      if (pages === 1) await createProduct(t, seller.id, { name: 'Added meanwhile' });
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  it('defaults to 24 items per page', async () => {
    const seller = await createUser(t, { userType: 'producer' });
    for (let i = 0; i < 26; i++) await createProduct(t, seller.id, { name: `Bulk ${i}` });
    const first = await list(`?householdId=${seller.id}`);
    expect(first.body.items).toHaveLength(24);
    const rest = await list(`?householdId=${seller.id}&cursor=${first.body.nextCursor}`);
    expect(rest.body.items).toHaveLength(2);
    expect(rest.body.nextCursor).toBeNull();
  });
});

describe('GET /api/products/:id', () => {
  it('answers a product, an unavailable one flagged, and 404 for archived or unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${ids.ajvar}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ајвар љути', unit: 'jar', householdName: 'Farma Voćnjak' });
    const hidden = await t.app.inject({ method: 'GET', url: `/api/products/${ids.hidden}` });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ availability: false });
    for (const id of [ids.archived, '00000000-0000-4000-8000-000000000000']) {
      const gone = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc' })).statusCode).toBe(400);
  });
});
