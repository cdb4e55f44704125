import { lazy, Suspense } from 'react';
import { loadChunk } from '#web/lib/load-chunk.ts';
import type { StoryViewerProps } from './story-viewer.tsx';

const load = loadChunk(() => import('./story-viewer.tsx'));
const StoryViewer = lazy(() => load().then((module) => ({ default: module.StoryViewer })));

/** Starts downloading the viewer (dialog, scroll lock) early, e.g. when a story circle is pointed at. */
export function preloadStoryViewer(): void {
  void load();
}

/** The story viewer, downloaded on first open so pages with story circles load without it. */
export function LazyStoryViewer(props: StoryViewerProps) {
  return (
    <Suspense fallback={null}>
      <StoryViewer {...props} />
    </Suspense>
  );
}
