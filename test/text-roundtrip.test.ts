import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/server/db/schema.ts';
import { belgradeDateOf as dayIn } from '../src/shared/time.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createProduct } from './catalog-fixtures.ts';
import { TRICKY_CLEAN, cleanString, nextIp, toJson } from './hostile.ts';
import { createUser, type TestUser } from './users.ts';

/**
 * Accepted text comes back byte-exact: random clean Unicode (Cyrillic, Latin with
 * diacritics, emoji, ZWJ sequences, combining marks, tabs, newlines, CRLF, non-characters)
 * written through each write endpoint is what the corresponding GET returns, after the
 * contract's documented trim and nothing else. Text that is too short or too long after the
 * trim gets a 400, never a 5xx.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 50);

let t: TestApp;
let buyer: TestUser;
let farm: TestUser;
let productId: string;
let mediaId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t);
  farm = await createUser(t, { userType: 'producer' });
  productId = await createProduct(t, farm.id, { name: 'Ајвар' });
  const [row] = await t.database.db.insert(media).values({ ownerId: farm.id, type: 'image', mime: 'image/webp', url: `/media/${randomUUID()}.webp`, bytes: 1000 }).returning({ id: media.id });
  mediaId = row!.id;
}, 60_000);
afterAll(async () => { await t?.close(); });

async function send(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, body?: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method, url, remoteAddress: nextIp(),
    headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: toJson(body) }),
  });
  expect(res.statusCode, `${method} ${url} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  return res;
}

/** Within the field's limits after the trim the contract applies (lengths in code points, as zod counts them). */
const fits = (value: string, min: number, max: number) => [...value.trim()].length >= min && [...value.trim()].length <= max;

/** Clean text, sometimes padded with spaces, tabs and newlines that the contract trims. */
const text = (maxCodePoints: number) => fc.tuple(fc.constantFrom('', ' ', '\t', '\n ', '\r\n'), cleanString(maxCodePoints), fc.constantFrom('', ' ', '\n', '\r\n'))
  .map(([a, b, c]) => a + b + c);

describe('accepted text is stored and returned exactly', () => {
  it('the fixed tricky samples pass the filter unchanged', async () => {
    const sample = TRICKY_CLEAN.join('·');
    const res = await send('PATCH', '/api/me', buyer, { bio: sample.slice(0, 500) });
    expect(res.statusCode).toBe(200);
    const expected = sample.slice(0, 500).trim();
    expect(res.json().bio).toBe(expected);
    expect((await send('GET', '/api/me', buyer)).json().bio).toBe(expected);
    expect(Buffer.from((await send('GET', '/api/me', buyer)).json().bio, 'utf8').equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('PATCH /api/me: name, location, bio', async () => {
    let accepted = 0;
    await fc.assert(fc.asyncProperty(text(40), text(40), text(150), async (name, location, bio) => {
      const res = await send('PATCH', '/api/me', buyer, { name, location, bio });
      const ok = fits(name, 1, 100) && fits(location, 0, 120) && fits(bio, 0, 500);
      expect(res.statusCode).toBe(ok ? 200 : 400);
      if (!ok) return;
      accepted++;
      const me = (await send('GET', '/api/me', buyer)).json();
      expect(me).toMatchObject({ name: name.trim(), location: location.trim() || null, bio: bio.trim() || null });
    }), { numRuns: RUNS });
    expect(accepted).toBeGreaterThan(RUNS / 2);
  });

  it('POST and PATCH /api/products: name, description', async () => {
    let accepted = 0;
    await fc.assert(fc.asyncProperty(text(50), text(300), async (name, description) => {
      const res = await send('POST', '/api/products', farm, { name, description, price: 12.34, unit: 'kg', category: 'other', stock: 2_147_483_647 });
      const ok = fits(name, 2, 120) && fits(description, 0, 2000);
      expect(res.statusCode).toBe(ok ? 201 : 400);
      if (!ok) return;
      accepted++;
      const read = (await send('GET', `/api/products/${res.json().id}`)).json();
      expect(read).toMatchObject({ name: name.trim(), description: description.trim(), price: 12.34, stock: 2_147_483_647, promoted: false });
      const edited = await send('PATCH', `/api/products/${productId}`, farm, { description: name });
      expect(edited.statusCode).toBe(200);
      expect((await send('GET', `/api/products/${productId}`)).json().description).toBe(name.trim());
    }), { numRuns: RUNS });
    expect(accepted).toBeGreaterThan(RUNS / 2);
  });

  it('PATCH /api/households/:id: name, description, location', async () => {
    await fc.assert(fc.asyncProperty(text(50), text(300), text(40), async (name, description, location) => {
      const res = await send('PATCH', `/api/households/${farm.id}`, farm, { name, description, location });
      const ok = fits(name, 2, 120) && fits(location, 0, 120);
      expect(res.statusCode).toBe(ok ? 200 : 400);
      if (!ok) return;
      expect((await send('GET', `/api/households/${farm.id}`)).json()).toMatchObject({ name: name.trim(), description: description.trim(), location: location.trim() });
    }), { numRuns: RUNS });
  });

  it('POST /api/stories: caption', async () => {
    await fc.assert(fc.asyncProperty(text(80), async (caption) => {
      const res = await send('POST', '/api/stories', farm, { mediaId, caption });
      expect(res.statusCode).toBe(fits(caption, 0, 200) ? 201 : 400);
      if (res.statusCode !== 201) return;
      const list = (await send('GET', `/api/stories?householdId=${farm.id}`)).json();
      expect(list.items.find((s: { id: string }) => s.id === res.json().id)?.caption).toBe(caption.trim() || null);
    }), { numRuns: 30 });
  });

  it('POST /api/products/:id/reviews: comment', async () => {
    await fc.assert(fc.asyncProperty(text(200), fc.integer({ min: 1, max: 5 }), async (comment, rating) => {
      const res = await send('POST', `/api/products/${productId}/reviews`, buyer, { rating, comment });
      if (res.statusCode === 429) return; // a per-user limit
      // 201 for the first review, 200 when it edits the own review.
      expect(res.statusCode >= 200 && res.statusCode <= 201).toBe(fits(comment, 10, 500));
      if (res.statusCode >= 300) return;
      const list = (await send('GET', `/api/products/${productId}/reviews`)).json();
      expect(list.items.find((r: { userId: string }) => r.userId === buyer.id)).toMatchObject({ comment: comment.trim(), rating });
    }), { numRuns: RUNS, examples: [['Одличан ајвар 👩‍👩‍👧 e\u0301\r\nДа!', 5]] });
  });

  it('POST /api/orders: notes and delivery address', async () => {
    const day = dayIn(new Date(t.clock.now().getTime() + 24 * 3600 * 1000));
    await fc.assert(fc.asyncProperty(text(200), text(80), async (notes, deliveryAddress) => {
      const res = await send('POST', '/api/orders', buyer, {
        items: [{ productId, quantity: 1 }], deliveryType: 'delivery', pickupDate: day, pickupTime: '12:00', contactPhone: '+381641234567', notes, deliveryAddress,
      }, { 'idempotency-key': randomUUID() });
      if (res.statusCode === 429) return;
      expect(res.statusCode).toBe(deliveryAddress.trim() ? 201 : 400);
      if (res.statusCode !== 201) return;
      const id = res.json().orders[0].id;
      expect((await send('GET', `/api/orders/${id}`, buyer)).json()).toMatchObject({ notes: notes.trim() || null, deliveryAddress: deliveryAddress.trim() });
    }), { numRuns: 30 });
  });
});
