import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';

let t: TestApp;
let farm: TestUser;
let ana: TestUser;
let marko: TestUser;
let honey: string;
let cheese: string;

const write = (user: TestUser | undefined, productId: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers: user?.headers ?? {}, payload: payload as object });
const product = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
const household = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/households/${id}` })).json();

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer' });
  ana = await createUser(t, { name: 'Ана Анић' });
  marko = await createUser(t, { name: 'Марко Марковић' });
  honey = await createProduct(t, farm.id, { name: 'Мед', category: 'honey' });
  cheese = await createProduct(t, farm.id, { name: 'Сир', category: 'dairy' });
});
afterAll(() => t.close());

describe('POST /api/products/:id/reviews', () => {
  it('validates with the messages users see', async () => {
    const noRating = await write(ana, honey, { comment: 'Одличан мед, препоручујем.' });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.json().details).toEqual([expect.objectContaining({ field: 'rating', message: 'Please select a rating' })]);
    expect((await write(ana, honey, { rating: 0, comment: 'Одличан мед, препоручујем.' })).json().details[0].message).toBe('Please select a rating');
    expect((await write(ana, honey, { rating: 6, comment: 'Одличан мед, препоручујем.' })).statusCode).toBe(400);
    expect((await write(ana, honey, { rating: 4.5, comment: 'Одличан мед, препоручујем.' })).statusCode).toBe(400);
    const short = await write(ana, honey, { rating: 5, comment: '   кратко    ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([expect.objectContaining({ field: 'comment', message: 'Review must be at least 10 characters' })]);
    expect((await write(ana, honey, { rating: 5, comment: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await write(ana, honey, { rating: 5, comment: 'x'.repeat(500), userId: ana.id })).statusCode).toBe(400);
    expect(await product(honey)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('requires sign-in, a live product and refuses reviewing your own product', async () => {
    expect((await write(undefined, honey, { rating: 5, comment: 'Одличан мед, препоручујем.' })).statusCode).toBe(401);
    expect((await write(ana, '00000000-0000-4000-8000-000000000000', { rating: 5, comment: 'Одличан мед, препоручујем.' })).statusCode).toBe(404);
    const own = await write(farm, honey, { rating: 5, comment: 'Мој мед је најбољи.' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'forbidden' });
  });

  it('writes one review per user and product, edits on a second write, and keeps aggregates exact', async () => {
    const first = await write(ana, honey, { rating: 5, comment: '  Одличан мед, препоручујем.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ productId: honey, userId: ana.id, userName: 'Ана Анић', userAvatar: null, rating: 5, comment: 'Одличан мед, препоручујем.' });
    expect(await product(honey)).toMatchObject({ rating: 5, reviewCount: 1 });

    t.clock.advance(1000);
    const second = await write(marko, honey, { rating: 2, comment: 'Превише сладак за мене.' });
    expect(second.statusCode).toBe(201);
    expect(await product(honey)).toMatchObject({ rating: 3.5, reviewCount: 2 });

    const edited = await write(ana, honey, { rating: 3, comment: 'Ипак само солидан мед.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().id).toBe(first.json().id);
    expect(await product(honey)).toMatchObject({ rating: 2.5, reviewCount: 2 });

    await write(marko, cheese, { rating: 4, comment: 'Сир је баш укусан.' });
    expect(await product(cheese)).toMatchObject({ rating: 4, reviewCount: 1 });
    // The household's rating is over all its products' reviews: (3 + 2 + 4) / 3.
    expect(await household(farm.id)).toMatchObject({ rating: 3, reviewCount: 3 });

    const list = await t.app.inject({ method: 'GET', url: `/api/products/${honey}/reviews` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { userName: string; rating: number }) => [r.userName, r.rating])).toEqual([['Марко Марковић', 2], ['Ана Анић', 3]]);
  });

  it('keeps counts exact under concurrent writes', async () => {
    const product2 = await createProduct(t, farm.id, { name: 'Пекмез', category: 'preserves' });
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await Promise.all(users.flatMap((u, i) => [
      write(u, product2, { rating: (i % 5) + 1, comment: 'Паралелна рецензија.' }),
      write(u, product2, { rating: (i % 5) + 1, comment: 'Паралелна рецензија.' }),
    ]));
    const p = await product(product2);
    expect(p.reviewCount).toBe(6);
    expect(p.rating).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1) / 6, 2);
    expect(await household(farm.id)).toMatchObject({ reviewCount: 9 });
  });
});

describe('GET /api/products/:id/reviews', () => {
  it('pages newest first and answers 404 for an unknown product', async () => {
    const page1 = await t.app.inject({ method: 'GET', url: `/api/products/${honey}/reviews?limit=1` });
    expect(page1.json().items).toHaveLength(1);
    const page2 = await t.app.inject({ method: 'GET', url: `/api/products/${honey}/reviews?limit=1&cursor=${page1.json().nextCursor}` });
    expect(page2.json().items).toHaveLength(1);
    expect(page2.json().items[0].id).not.toBe(page1.json().items[0].id);
    expect(page2.json().nextCursor).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000/reviews' })).statusCode).toBe(404);
  });
});
