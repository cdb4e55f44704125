import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '#shared/constants.ts';

/** How long a story shows (docs/product.md): images 5 s, videos their length up to 30 s. */
export function storyDurationMs(type: 'image' | 'video', videoSeconds?: number): number {
  if (type !== 'video') return TIMINGS.storyImageMs;
  if (!videoSeconds || !Number.isFinite(videoSeconds) || videoSeconds <= 0) return TIMINGS.storyVideoMaxMs;
  return Math.min(Math.round(videoSeconds * 1000), TIMINGS.storyVideoMaxMs);
}

/**
 * The story viewer's clock (docs/product.md): starts at `initialIndex` with progress 0;
 * every 100 ms the progress grows by its share of the story's duration until 100, then the
 * next story starts at 0; going back or forward resets to 0; past the last story it closes.
 */
export function useStoryProgress({ count, open, initialIndex, durationFor, onClose }: {
  count: number;
  open: boolean;
  initialIndex: number;
  /** Duration of the story at an index, in ms. */
  durationFor: (index: number) => number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(initialIndex);
  const [progress, setProgress] = useState(0);
  const durationMs = durationFor(index);

  // Opening (again) starts over at the requested story.
  const [openedWith, setOpenedWith] = useState<{ open: boolean; initialIndex: number }>({ open, initialIndex });
  if (openedWith.open !== open || openedWith.initialIndex !== initialIndex) {
    setOpenedWith({ open, initialIndex });
    if (open) {
      setIndex(initialIndex);
      setProgress(0);
    }
  }

  const next = useCallback(() => {
    setProgress(0);
    if (index >= count - 1) onClose();
    else setIndex(index + 1);
  }, [count, index, onClose]);

  const previous = useCallback(() => {
    setProgress(0);
    setIndex((i) => Math.max(0, i - 1));
  }, []);

  // The timer reads the latest progress and `next` through refs, so it runs on its own.
  const progressRef = useRef(progress);
  const nextRef = useRef(next);
  useEffect(() => {
    progressRef.current = progress;
    nextRef.current = next;
  });

  useEffect(() => {
    if (!open || count === 0) return;
    const step = (100 * TIMINGS.storyTickMs) / Math.max(durationMs, TIMINGS.storyTickMs);
    const timer = setInterval(() => {
      const value = Math.min(100, progressRef.current + step);
      progressRef.current = value;
      if (value >= 100 - 1e-9) nextRef.current();
      else setProgress(value);
    }, TIMINGS.storyTickMs);
    return () => clearInterval(timer);
  }, [open, count, index, durationMs]);

  return { index, progress, next, previous };
}
