import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#shared/api/endpoints.ts';
import { productColumns, toProductDto } from '../src/server/db/read-models.ts';
import { households, products } from '../src/server/db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createProduct } from './catalog-fixtures.ts';
import { TRICKY_CLEAN } from './hostile.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * The uncached product and household reads (docs/performance.md, "Uncached reads") answer
 * exactly what they answered before: every answer here is compared, byte for byte, with what
 * the code before wrote for the same rows, i.e. drizzle's select of the same columns, mapped by
 * toProductDto and written by fastify-type-provider-zod's serializer (z.safeEncode, then
 * JSON.stringify). The public cache is off, so every request reaches the route.
 */

let t: TestApp;
let producer: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

const before = (schema: unknown, url: string) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' } as Parameters<typeof serializerCompiler>[0]);
const oldFeed = before(endpoints.products.list.answers[200], '/products');
const oldProduct = before(endpoints.products.get.answers[200], '/products/:id');
const oldHousehold = before(endpoints.households.get.answers[200], '/households/:id');

/** The product as the code before read it: drizzle's select and row mapping, then toProductDto. */
async function reference(id: string) {
  const [row] = await t.database.db.select(productColumns).from(products)
    .innerJoin(households, eq(households.id, products.householdId)).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return toProductDto(row);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** A feed page, checked against the code before for the same items and cursor. */
async function expectSameFeed(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const page = JSON.parse(res.body) as { items: Array<{ id: string }>; nextCursor: string | null };
  const items = await Promise.all(page.items.map((item) => reference(item.id)));
  expect(res.body).toBe(oldFeed({ items, nextCursor: page.nextCursor }));
  return page;
}

async function expectSameProduct(id: string) {
  const res = await get(`/api/products/${id}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.body).toBe(oldProduct(await reference(id)));
}

/** Text PostgreSQL stores (no NUL, no lone surrogates) that JSON must escape or keep as it is. */
const HOSTILE = `"quoted" \\back\\slash\\ \x01\x07\x08\t\n\x0B\x0C\r\x1B\x1F\x7F \u0085 \u2028\u2029 ${TRICKY_CLEAN.join(' ')} 😀👩‍👩‍👧🇷🇸 ع \uFEFF`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_MAX_BYTES: '0' });
  producer = await createUser(t, { userType: 'producer', householdName: 'Пчеларство "Јовановић" \\ 😀' });
  other = await createUser(t, { userType: 'producer', householdName: 'Farma Voćnjak' });
  ids.full = await createProduct(t, producer.id, { name: 'Мед од багрема', category: 'honey', priceRsd: 1234.56, featured: true, promoted: true, stock: 12.5 });
  await t.database.db.update(products).set({
    thumbnail: '/media/test-thumb.webp', quantityStep: 0.5, availableFrom: '2026-12-01', rating: 4.67, reviewCount: 3,
    createdAt: new Date('2026-11-24T21:36:22.328Z'),
  }).where(eq(products.id, ids.full));
  // Microseconds that must be cut, not rounded, as `new Date(…).toISOString()` cut them.
  await t.database.db.execute(sql`UPDATE products SET created_at = '2026-11-24 21:36:22.999999+00' WHERE id = ${ids.full}`);
  ids.bare = await createProduct(t, other.id, { name: 'Јабуке', category: 'fruit', image: null, stock: null });
  ids.hostile = await createProduct(t, other.id, { name: 'Ајвар', category: 'preserves', unit: 'jar', stock: 0 });
  await t.database.db.update(products).set({ name: `Ајвар ${HOSTILE}`, description: HOSTILE, image: `/media/${HOSTILE}`, availableFrom: '0001-01-01' }).where(eq(products.id, ids.hostile));
  ids.unavailable = await createProduct(t, producer.id, { name: 'Мед у саћу', category: 'honey', availability: false });
  for (let i = 0; i < 30; i++) await createProduct(t, i % 2 ? producer.id : other.id, { name: `Производ ${i}`, category: i % 3 ? 'vegetables' : 'dairy', priceRsd: 100 + i / 100, stock: i % 4 ? i * 1.5 : null });
});
afterAll(() => t.close());

describe('uncached product reads answer what they answered before', () => {
  it('feed pages with filters, page sizes and cursors', async () => {
    const urls = ['', '?limit=24', '?limit=100', '?limit=7', '?limit=1', '?category=honey', '?category=vegetables&limit=5', `?householdId=${producer.id}`,
      `?householdId=${other.id}&limit=3`, '?featured=true', '?featured=false&limit=4', '?promoted=true', '?promoted=false&limit=6', '?q=med'];
    for (const query of urls) await expectSameFeed(`/api/products${query}`);
    // Following cursors to the end, at the default size and a parameterised one.
    for (const first of ['/api/products?limit=24', '/api/products?limit=9&category=vegetables']) {
      let url: string | null = first;
      let pages = 0;
      while (url) {
        const page = await expectSameFeed(url);
        pages += 1;
        url = page.nextCursor ? `${first}&cursor=${encodeURIComponent(page.nextCursor)}` : null;
      }
      expect(pages).toBeGreaterThan(1);
    }
    // The producer's own unpublished products (signed in).
    const own = await expectSameFeed(`/api/products?householdId=${producer.id}&includeUnavailable=true`, producer.headers);
    expect(own.items.map((p) => p.id)).toContain(ids.unavailable);
  });

  it('a product with every optional field set, with none set, and with hostile text', async () => {
    for (const id of [ids.full, ids.bare, ids.hostile, ids.unavailable]) await expectSameProduct(id!);
    const full = JSON.parse((await get(`/api/products/${ids.full}`)).body) as Record<string, unknown>;
    expect(full).toMatchObject({ price: 1234.56, stock: 12.5, quantityStep: 0.5, availableFrom: '2026-12-01', rating: 4.67, reviewCount: 3, promoted: true, featured: true, createdAt: '2026-11-24T21:36:22.999Z' });
    const bare = JSON.parse((await get(`/api/products/${ids.bare}`)).body) as Record<string, unknown>;
    expect(bare).toMatchObject({ image: null, thumbnail: null, stock: null, availableFrom: null });
    const hostile = (await get(`/api/products/${ids.hostile}`)).body;
    expect(hostile).toContain('\\"quoted\\" \\\\back\\\\slash\\\\ \\u0001\\u0007\\b\\t\\n\\u000b\\f\\r\\u001b\\u001f\x7F');
  });

  it('generated rows: the same bytes as the code before', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 60 }).map((s) => s.replace(/\0/g, '').replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
    const micros = fc.integer({ min: Date.UTC(1970, 0, 1) * 1000, max: Date.UTC(2100, 0, 1) * 1000 });
    await fc.assert(fc.asyncProperty(
      text, text, fc.option(text), fc.integer({ min: 1, max: 2 ** 40 }), fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 })), fc.integer({ min: 1, max: 999_999 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 5 }), fc.nat(), micros, fc.boolean(), fc.option(fc.constantFrom('2026-01-31', '2030-12-01')),
      async (name, description, image, pricePara, stockMillis, stepMillis, rating, reviewCount, createdMicros, featured, availableFrom) => {
        const created = new Date(Math.floor(createdMicros / 1000)).toISOString().replace(/Z$/, `${String(createdMicros % 1000).padStart(3, '0')}Z`);
        await t.database.db.execute(sql`UPDATE products SET name = ${name}, description = ${description}, image = ${image}, price_para = ${pricePara},
          stock = ${stockMillis === null ? null : (stockMillis / 1000).toFixed(3)}::numeric, quantity_step = ${(stepMillis / 1000).toFixed(3)}::numeric,
          rating = ${rating}, review_count = ${reviewCount}, created_at = ${created}::timestamptz, featured = ${featured}, available_from = ${availableFrom}::date
          WHERE id = ${ids.bare}`);
        await expectSameProduct(ids.bare!);
        await expectSameFeed(`/api/products?householdId=${other.id}&category=fruit`);
      },
    ), { numRuns: 40 });
  });

  it('the household answer is written as before', async () => {
    for (const [id, headers] of [[producer.id, {}], [other.id, producer.headers]] as const) {
      const res = await get(`/api/households/${id}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(oldHousehold(JSON.parse(res.body)));
    }
  });

  it('an answer that breaks the contract is still a 500, and a missing product still a 404', async () => {
    const broken = await createProduct(t, other.id, { name: 'Покварен', category: 'other' });
    await t.database.db.execute(sql`UPDATE products SET rating = 'NaN' WHERE id = ${broken}`);
    const res = await get(`/api/products/${broken}`);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ error: 'Internal server error', code: 'internal' });
    expect((await get('/api/products?category=other&limit=100')).status).toBe(500);
    await t.database.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = ${broken}`);
    const missing = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'not_found' });
  });
});
