import { and, desc, eq, gt, isNull, min, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storyIsPublicSql } from '../../db/read-models.ts';
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
    async listActive(now: Date, householdId: string | undefined, limit: number, viewerId: string | null = null) {
      // Public stories; its owner also sees those of a household still waiting for approval.
      const visible = viewerId
        ? or(storyIsPublicSql(), and(eq(stories.householdId, viewerId), isNull(stories.hiddenAt)))!
        : storyIsPublicSql();
      const conditions: SQL[] = [gt(stories.expiresAt, now), visible];
      if (householdId) conditions.push(eq(stories.householdId, householdId));
      return db.select(storyColumns).from(stories)
        .innerJoin(households, eq(households.id, stories.householdId))
        .where(and(...conditions))
        .orderBy(desc(stories.createdAt), desc(stories.id))
        .limit(limit);
    },

    /** When the earliest active story expires (households' hasActiveStory changes then), or null. */
    async nextExpiry(now: Date): Promise<Date | null> {
      const [row] = await db.select({ at: min(stories.expiresAt) }).from(stories).where(gt(stories.expiresAt, now));
      return row?.at ?? null;
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
