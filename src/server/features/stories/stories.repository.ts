import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, media, stories } from '../../db/schema.ts';

const storyColumns = {
  id: stories.id,
  householdId: stories.householdId,
  householdName: households.name,
  householdAvatar: households.avatar,
  mediaUrl: stories.mediaUrl,
  mediaType: stories.mediaType,
  caption: stories.caption,
  createdAt: stories.createdAt,
  expiresAt: stories.expiresAt,
};

export function createStoriesRepository(db: Db) {
  return {
    /** Active stories (expires_at > now), newest first; the list is small by nature (24 h). */
    async listActive(now: Date, householdId: string | undefined, limit: number) {
      const conditions: SQL[] = [gt(stories.expiresAt, now)];
      if (householdId) conditions.push(eq(stories.householdId, householdId));
      return db.select(storyColumns).from(stories)
        .innerJoin(households, eq(households.id, stories.householdId))
        .where(and(...conditions))
        .orderBy(desc(stories.createdAt), desc(stories.id))
        .limit(limit);
    },

    async findMedia(id: string) {
      const rows = await db.select({ id: media.id, ownerId: media.ownerId, type: media.type, url: media.url }).from(media).where(eq(media.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insert(values: { householdId: string; mediaId: string; mediaUrl: string; mediaType: 'image' | 'video'; caption: string | null; createdAt: Date; expiresAt: Date }) {
      const [row] = await db.insert(stories).values(values).returning({ id: stories.id });
      const [story] = await db.select(storyColumns).from(stories)
        .innerJoin(households, eq(households.id, stories.householdId))
        .where(eq(stories.id, row!.id));
      return story!;
    },

    async findOwner(id: string) {
      const rows = await db.select({ householdId: stories.householdId }).from(stories).where(eq(stories.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async delete(id: string) {
      await db.delete(stories).where(eq(stories.id, id));
    },
  };
}

export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
export type StoryRow = Awaited<ReturnType<StoriesRepository['insert']>>;
