import { TIMINGS } from '#shared/constants.ts';
import type { Story } from '#shared/contracts/stories.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { StoriesRepository, StoryRow } from './stories.repository.ts';

/** More than any household posts in 24 h; the list is not paged (nextCursor is always null). */
const ACTIVE_STORIES_MAX = 500;

function toStoryDto(row: StoryRow): Story {
  return { ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

export function createStoriesService({ storiesRepository, clock }: { storiesRepository: StoriesRepository; clock: () => Date }) {
  return {
    async listActive(householdId?: string, viewerId: string | null = null) {
      const rows = await storiesRepository.listActive(clock(), householdId, ACTIVE_STORIES_MAX, viewerId);
      return { items: rows.map(toStoryDto), nextCursor: null };
    },

    /** A producer posts one of its own uploads; it lives 24 hours. */
    async create(producerId: string, body: { mediaId: string; caption?: string }): Promise<Story> {
      const item = await storiesRepository.findMedia(body.mediaId);
      if (!item) throw notFound('Media');
      if (item.ownerId !== producerId) throw forbidden('This media belongs to someone else');
      const now = clock();
      const row = await storiesRepository.insert({
        householdId: producerId,
        mediaId: item.id,
        mediaUrl: item.url,
        mediaType: item.type,
        caption: body.caption ? body.caption : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TIMINGS.storyLifetimeMs),
      });
      return toStoryDto(row);
    },

    async remove(producerId: string, storyId: string): Promise<void> {
      const story = await storiesRepository.findOwner(storyId);
      if (!story) throw notFound('Story');
      if (story.householdId !== producerId) throw forbidden('This story belongs to another household');
      await storiesRepository.delete(storyId);
    },
  };
}
