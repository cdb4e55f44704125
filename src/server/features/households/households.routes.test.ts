import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { stories } from '../../db/schema.ts';

let t: TestApp;
let farm: TestUser;
let quiet: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer', householdName: 'Фарма Петровић', location: 'Чачак' });
  quiet = await createUser(t, { userType: 'producer', householdName: 'Тиха кућа' });
  buyer = await createUser(t);
});
afterAll(() => t.close());

describe('GET /api/households/:id', () => {
  it('answers the household with counts, story flag and following flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: farm.id, name: 'Фарма Петровић', description: 'Домаћи производи.', location: 'Чачак', avatar: null,
      followerCount: 0, rating: 0, reviewCount: 0, hasActiveStory: false, isFollowing: false,
      pickupPoints: [], delivery: { enabled: false, areas: [], fee: 0, freeFrom: null, leadDays: 0, weekdays: [] },
      minimumOrder: 0, payment: { cash: true, ipsAccount: null, ipsPayeeName: null }, standingCutoffHours: 48, depositDays: 3,
      legal: { form: 'person', holdingNumber: null, pib: null, registrations: [], verifiedAt: null },
    });
    await t.app.inject({ method: 'PUT', url: `/api/households/${farm.id}/follow`, headers: buyer.headers });
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}`, headers: buyer.headers });
    expect(signedIn.json()).toMatchObject({ isFollowing: true, followerCount: 1 });
  });

  it('has an active story for 24 hours after posting, by the app clock', async () => {
    const now = t.clock.now();
    await t.database.db.insert(stories).values({ householdId: farm.id, mediaUrl: '/media/s.webp', mediaType: 'image', createdAt: now, expiresAt: new Date(now.getTime() + 24 * 3600_000) });
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` })).json()).toMatchObject({ hasActiveStory: true });
    t.clock.advance(24 * 3600_000 + 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` })).json()).toMatchObject({ hasActiveStory: false });
  });

  it('answers 404 for an unknown household and 400 for a malformed id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/households/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await t.app.inject({ method: 'GET', url: '/api/households/x' })).statusCode).toBe(400);
  });
});

describe('GET /api/households', () => {
  it('lists all households in pages without repeats', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/households?limit=1' });
    expect(first.statusCode).toBe(200);
    const body1 = first.json();
    expect(body1.items).toHaveLength(1);
    const second = await t.app.inject({ method: 'GET', url: `/api/households?limit=5&cursor=${body1.nextCursor}` });
    const all = [...body1.items, ...second.json().items].map((h: { id: string }) => h.id);
    expect(second.json().nextCursor).toBeNull();
    expect(new Set(all)).toEqual(new Set([farm.id, quiet.id]));
    expect(all).toHaveLength(2);
  });
});
