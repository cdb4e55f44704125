import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';

let t: TestApp;
let farm: TestUser;
let buyer: TestUser;
let buyer2: TestUser;

const follow = (id: string, user?: TestUser, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/households/${id}/follow`, headers: user?.headers ?? {} });
const getHousehold = async (id: string, user?: TestUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/households/${id}`, headers: user?.headers ?? {} })).json();

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer', householdName: 'Газдинство Милић' });
  buyer = await createUser(t);
  buyer2 = await createUser(t);
});
afterAll(() => t.close());

describe('follow and unfollow', () => {
  it('requires sign-in', async () => {
    expect((await follow(farm.id)).statusCode).toBe(401);
    expect((await follow(farm.id, undefined, 'DELETE')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/following' })).statusCode).toBe(401);
  });

  it('is idempotent and keeps the follower count exact', async () => {
    const first = await follow(farm.id, buyer);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: farm.id, name: 'Газдинство Милић', followerCount: 1, isFollowing: true, following: true });
    const again = await follow(farm.id, buyer);
    expect(again.json()).toMatchObject({ followerCount: 1, isFollowing: true });
    // Concurrent double submit from another user is still one follow.
    await Promise.all([follow(farm.id, buyer2), follow(farm.id, buyer2)]);
    expect(await getHousehold(farm.id, buyer2)).toMatchObject({ followerCount: 2, isFollowing: true });
    expect(await getHousehold(farm.id)).toMatchObject({ followerCount: 2, isFollowing: false });

    const off = await follow(farm.id, buyer, 'DELETE');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ followerCount: 1, isFollowing: false, following: false });
    const offAgain = await follow(farm.id, buyer, 'DELETE');
    expect(offAgain.json()).toMatchObject({ followerCount: 1, isFollowing: false });
    expect(await getHousehold(farm.id, buyer)).toMatchObject({ followerCount: 1, isFollowing: false });
  });

  it('answers 404 for an unknown household and 400 for following yourself', async () => {
    const res = await follow('00000000-0000-4000-8000-000000000000', buyer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const self = await follow(farm.id, farm);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'follow.self' });
    expect(await getHousehold(farm.id)).toMatchObject({ followerCount: 1 });
  });

  it('lists the households the user follows, latest first', async () => {
    const reader = await createUser(t);
    const a = await createUser(t, { userType: 'producer', householdName: 'Прва кућа' });
    const b = await createUser(t, { userType: 'producer', householdName: 'Друга кућа' });
    const empty = await t.app.inject({ method: 'GET', url: '/api/me/following', headers: reader.headers });
    expect(empty.json()).toEqual({ items: [], nextCursor: null });
    await follow(a.id, reader);
    await follow(b.id, reader);
    const page1 = await t.app.inject({ method: 'GET', url: '/api/me/following?limit=1', headers: reader.headers });
    expect(page1.json().items.map((h: { name: string }) => h.name)).toEqual(['Друга кућа']);
    expect(page1.json().items[0]).toMatchObject({ isFollowing: true, followerCount: 1 });
    const page2 = await t.app.inject({ method: 'GET', url: `/api/me/following?limit=1&cursor=${page1.json().nextCursor}`, headers: reader.headers });
    expect(page2.json().items.map((h: { name: string }) => h.name)).toEqual(['Прва кућа']);
    expect(page2.json().nextCursor).toBeNull();
  });
});
