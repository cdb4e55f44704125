import type { MouseEvent } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { SKELETONS } from '#shared/constants.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { preloadStoryViewer } from './lazy-story-viewer.tsx';
import { StoryAvatar } from './story-avatar.tsx';

export interface StoryCircleHousehold { id: string; name: string; avatar: string | null; hasActiveStory: boolean }

/** Where a circle leads without JavaScript: the household page, which opens the stories with ?story=1. */
export function storyCircleHref(household: Pick<StoryCircleHousehold, 'id' | 'hasActiveStory'>): string {
  return household.hasActiveStory ? `/household/${household.id}?story=1` : `/household/${household.id}`;
}

/** A plain click (no modifier, main button): the app handles it; anything else is the browser's. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The feed's row of household circles. Each is a real link, so a tap works in the
 * server-rendered page before the app has started: a household with an active story leads to
 * its page with the stories open, one without to its page. Once the app runs, a circle with a
 * story opens the viewer in place instead. Names wrap (never cut) so households can be told apart.
 */
export function StoryCircles({ households, isLoading, onOpen }: {
  households: StoryCircleHousehold[];
  isLoading: boolean;
  onOpen: (householdId: string) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <section aria-label={t('feed.storiesLabel')} className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-3 pb-2">
        {isLoading
          ? Array.from({ length: SKELETONS.storyCircles }, (_, i) => (
            <li key={i} className="flex w-24 shrink-0 flex-col items-center gap-1" data-testid="story-skeleton">
              <Skeleton className="size-16 rounded-full" />
              <Skeleton className="h-3 w-12" />
            </li>
          ))
          : households.map((h) => (
            <li key={h.id} className="w-24 shrink-0">
              <Link
                to={storyCircleHref(h)}
                data-household-id={h.id}
                onClick={h.hasActiveStory ? (event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  onOpen(h.id);
                } : undefined}
                onPointerEnter={h.hasActiveStory ? preloadStoryViewer : undefined}
                onFocus={h.hasActiveStory ? preloadStoryViewer : undefined}
                aria-label={h.hasActiveStory ? t('feed.openStories', { name: h.name }) : undefined}
                className="flex w-full flex-col items-center gap-1 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {/* Without a story: dimmed picture only, the name keeps its full contrast. */}
                <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory={h.hasActiveStory} className={h.hasActiveStory ? 'size-16' : 'size-16 opacity-80'} />
                <span className={`w-full text-center text-xs leading-tight break-words ${h.hasActiveStory ? '' : 'text-muted-foreground'}`}>{h.name}</span>
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}
