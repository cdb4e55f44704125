import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { orders, users } from '../../db/schema.ts';

let t: TestApp;
let farm: TestUser;
let buyer: TestUser;

async function order(buyerId: string, totalRsd: number, status: 'pending' | 'completed' | 'cancelled') {
  await t.database.db.insert(orders).values({
    checkoutId: randomUUID(), buyerId, householdId: farm.id, status, deliveryType: 'pickup',
    pickupDate: '2025-06-01', pickupTime: '10:00', contactPhone: '+381641234567', totalPara: Math.round(totalRsd * 100),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer' });
  buyer = await createUser(t, { name: 'Јелена Јовић' });
  await t.database.db.update(users).set({ location: 'Ниш', bio: 'Волим домаћу храну.' }).where(eq(users.id, buyer.id));
});
afterAll(() => t.close());

describe('GET /api/buyers/:id', () => {
  it('answers a fresh buyer with zero totals and no average', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: buyer.id, name: 'Јелена Јовић', avatar: null, userType: 'customer', location: 'Ниш', bio: 'Волим домаћу храну.',
      joinedAt: expect.stringMatching(/^\d{4}-/), totalPurchases: 0, totalSpent: null, verifiedBuyer: false, reviewsGiven: 0, averageRating: null,
    });
    expect(JSON.stringify(body)).not.toContain('@');
    expect(JSON.stringify(body)).not.toContain('+381');
  });

  it('counts non-cancelled orders and their totals, and the reviews given with their average', async () => {
    await order(buyer.id, 1200.5, 'completed');
    await order(buyer.id, 300, 'pending');
    await order(buyer.id, 999, 'cancelled');
    const someoneElse = await createUser(t);
    await order(someoneElse.id, 5000, 'completed');
    const honey = await createProduct(t, farm.id, { name: 'Мед', category: 'honey', image: '/media/honey.webp' });
    const milk = await createProduct(t, farm.id, { name: 'Млеко', category: 'dairy' });
    await t.app.inject({ method: 'POST', url: `/api/products/${honey}/reviews`, headers: buyer.headers, payload: { rating: 5, comment: 'Одличан мед, хвала!' } });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/products/${milk}/reviews`, headers: buyer.headers, payload: { rating: 4, comment: 'Свеже и укусно млеко.' } });

    const res = await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}` });
    // The total spent is the buyer's own business unless they choose to show it.
    expect(res.json()).toMatchObject({ totalPurchases: 2, totalSpent: null, verifiedBuyer: true, reviewsGiven: 2, averageRating: 4.5 });
    const own = await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}`, headers: buyer.headers });
    expect(own.json()).toMatchObject({ totalSpent: 1500.5 });
    expect((await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}`, headers: someoneElse.headers })).json()).toMatchObject({ totalSpent: null });
    const shown = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: buyer.headers, payload: { showTotalSpent: true } });
    expect(shown.json()).toMatchObject({ showTotalSpent: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}` })).json()).toMatchObject({ totalSpent: 1500.5 });

    const reviews = await t.app.inject({ method: 'GET', url: `/api/buyers/${buyer.id}/reviews` });
    expect(reviews.statusCode).toBe(200);
    expect(reviews.json().items.map((r: { productName: string; rating: number; productImage: string | null }) => [r.productName, r.rating, r.productImage]))
      .toEqual([['Млеко', 4, '/media/test.webp'], ['Мед', 5, '/media/honey.webp']]);
    expect(reviews.json().nextCursor).toBeNull();
  });

  it('answers 404 for unknown ids and producer accounts', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', farm.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/buyers/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect((await t.app.inject({ method: 'GET', url: `/api/buyers/${id}/reviews` })).statusCode).toBe(404);
    }
  });
});
