import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { media } from '../../db/schema.ts';

let t: TestApp;
let farm: TestUser;
let otherFarm: TestUser;
let buyer: TestUser;

async function upload(owner: TestUser, type: 'image' | 'video' = 'image') {
  const [row] = await t.database.db.insert(media).values({
    ownerId: owner.id, type, mime: type === 'image' ? 'image/webp' : 'video/mp4', url: `/media/${owner.id.slice(0, 8)}-${type}.${type === 'image' ? 'webp' : 'mp4'}`, bytes: 1000,
  }).returning({ id: media.id, url: media.url });
  return row!;
}
const post = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/stories', headers: user?.headers ?? {}, payload: payload as object });
const active = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/stories${query}` })).json();

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer', householdName: 'Млекара Јанковић' });
  otherFarm = await createUser(t, { userType: 'producer', householdName: 'Друго газдинство' });
  buyer = await createUser(t);
});
afterAll(() => t.close());

describe('stories', () => {
  it('refuses others\' media, unknown media, buyers, anonymous and bad bodies', async () => {
    const foreign = await upload(otherFarm);
    expect((await post(farm, { mediaId: foreign.id })).statusCode).toBe(403);
    expect((await post(farm, { mediaId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const own = await upload(farm);
    expect((await post(buyer, { mediaId: own.id })).statusCode).toBe(403);
    expect((await post(undefined, { mediaId: own.id })).statusCode).toBe(401);
    expect((await post(farm, { mediaId: own.id, extra: 1 })).statusCode).toBe(400);
    expect((await post(farm, { mediaId: own.id, caption: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('only the owner deletes a story', async () => {
    const image = await upload(farm);
    const story = (await post(farm, { mediaId: image.id })).json();
    const del = (user: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/stories/${id}`, headers: user.headers });
    expect((await del(otherFarm, story.id)).statusCode).toBe(403);
    expect((await del(buyer, story.id)).statusCode).toBe(403);
    const ok = await del(farm, story.id);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await del(farm, story.id)).statusCode).toBe(404);
    expect((await active(`?householdId=${farm.id}`)).items.map((s: { id: string }) => s.id)).not.toContain(story.id);
  });

  // Last: it moves the clock by a day, past the access tokens' lifetime.
  it('a producer posts a story from its own upload; it lives exactly 24 hours', async () => {
    const video = await upload(farm, 'video');
    const res = await post(farm, { mediaId: video.id, caption: '  Јутарња муза  ' });
    expect(res.statusCode).toBe(201);
    const story = res.json();
    expect(story).toMatchObject({
      householdId: farm.id, householdName: 'Млекара Јанковић', householdAvatar: null,
      mediaUrl: video.url, mediaType: 'video', caption: 'Јутарња муза',
    });
    expect(new Date(story.expiresAt).getTime() - new Date(story.createdAt).getTime()).toBe(24 * 3600_000);

    t.clock.advance(1000);
    const image = await upload(farm);
    const second = await post(farm, { mediaId: image.id });
    expect(second.json()).toMatchObject({ mediaType: 'image', caption: null });

    const list = await active();
    expect(list.nextCursor).toBeNull();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([second.json().id, story.id]);
    expect((await active(`?householdId=${otherFarm.id}`)).items).toEqual([]);
    const household = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` });
    expect(household.json()).toMatchObject({ hasActiveStory: true });

    t.clock.advance(24 * 3600_000 - 1001);
    expect((await active(`?householdId=${farm.id}`)).items).toHaveLength(2);
    t.clock.advance(2); // the first story is now 24 h + 1 ms old
    expect((await active(`?householdId=${farm.id}`)).items.map((s: { id: string }) => s.id)).toEqual([second.json().id]);
    t.clock.advance(1000);
    expect((await active(`?householdId=${farm.id}`)).items).toEqual([]);
    const later = await t.app.inject({ method: 'GET', url: `/api/households/${farm.id}` });
    expect(later.json()).toMatchObject({ hasActiveStory: false });
  });
});
