import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storyDurationMs, useStoryProgress } from './use-story-progress.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(props: { count: number; initialIndex?: number; durationMs?: number; open?: boolean }) {
  const onClose = vi.fn();
  const hook = renderHook((p: { durationMs: number; open: boolean }) => useStoryProgress({
    count: props.count, open: p.open, initialIndex: props.initialIndex ?? 0, durationFor: () => p.durationMs, onClose,
  }), { initialProps: { durationMs: props.durationMs ?? 5000, open: props.open ?? true } });
  return { ...hook, onClose };
}

describe('storyDurationMs', () => {
  it('is 5 s for images and the video length up to 30 s for videos', () => {
    expect(storyDurationMs('image')).toBe(5000);
    expect(storyDurationMs('video', 12.5)).toBe(12_500);
    expect(storyDurationMs('video', 95)).toBe(30_000);
    expect(storyDurationMs('video', Number.NaN)).toBe(30_000);
    expect(storyDurationMs('video')).toBe(30_000);
  });
});

describe('useStoryProgress', () => {
  it('ticks every 100 ms and moves to the next story after 5 s, then closes after the last', () => {
    const { result, onClose } = setup({ count: 2 });
    expect(result.current).toMatchObject({ index: 0, progress: 0 });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.progress).toBeCloseTo(2);
    act(() => vi.advanceTimersByTime(2400));
    expect(result.current.progress).toBeCloseTo(50);
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current).toMatchObject({ index: 1, progress: 0 });
    act(() => vi.advanceTimersByTime(4900));
    expect(result.current.index).toBe(1);
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses the given duration (a video) and resets progress when going back or forward', () => {
    const { result, onClose } = setup({ count: 3, initialIndex: 1, durationMs: 10_000 });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toMatchObject({ index: 1 });
    expect(result.current.progress).toBeCloseTo(50);
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ index: 0, progress: 0 });
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ index: 0, progress: 0 });
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.next());
    expect(result.current).toMatchObject({ index: 1, progress: 0 });
    act(() => result.current.next());
    act(() => result.current.next());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not tick while closed and starts over when opened again', () => {
    const { result, rerender } = setup({ count: 2, open: false });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toMatchObject({ index: 0, progress: 0 });
    rerender({ durationMs: 5000, open: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.progress).toBeCloseTo(20);
  });
});
