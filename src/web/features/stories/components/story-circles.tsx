import { useTranslation } from 'react-i18next';
import { SKELETONS } from '#shared/constants.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { preloadStoryViewer } from './lazy-story-viewer.tsx';
import { StoryAvatar } from './story-avatar.tsx';

export interface StoryCircleHousehold { id: string; name: string; avatar: string | null; hasActiveStory: boolean }

/** The feed's row of household circles: only households with an active story open the viewer. */
export function StoryCircles({ households, isLoading, onOpen }: {
  households: StoryCircleHousehold[];
  isLoading: boolean;
  onOpen: (householdId: string) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <section aria-label={t('feed.storiesLabel')} className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-4 pb-2">
        {isLoading
          ? Array.from({ length: SKELETONS.storyCircles }, (_, i) => (
            <li key={i} className="flex w-16 shrink-0 flex-col items-center gap-1" data-testid="story-skeleton">
              <Skeleton className="size-16 rounded-full" />
              <Skeleton className="h-3 w-12" />
            </li>
          ))
          : households.map((h) => (
            <li key={h.id} className="w-16 shrink-0">
              {h.hasActiveStory ? (
                <button type="button" onClick={() => onOpen(h.id)} onPointerEnter={preloadStoryViewer} onFocus={preloadStoryViewer} aria-label={t('feed.openStories', { name: h.name })} className="flex w-full flex-col items-center gap-1 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory className="size-16" />
                  <span className="w-full truncate text-center text-xs">{h.name}</span>
                </button>
              ) : (
                <div className="flex flex-col items-center gap-1">
                  {/* Dimmed picture only: the name keeps its full contrast. */}
                  <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory={false} className="size-16 opacity-80" />
                  <span className="w-full truncate text-center text-xs text-muted-foreground">{h.name}</span>
                </div>
              )}
            </li>
          ))}
      </ul>
    </section>
  );
}
