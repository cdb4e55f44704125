import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsDesktop } from './use-media-query.ts';

afterEach(() => { vi.unstubAllGlobals(); });

describe('useIsDesktop', () => {
  it('follows the (min-width: 64rem) query as the window is resized', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (media: string) => ({
      get matches() { return media === '(min-width: 64rem)' && matches; },
      media,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    }));
    const { result, unmount } = renderHook(() => useIsDesktop());
    expect(result.current).toBe(false);
    act(() => { matches = true; for (const fn of listeners) fn(); });
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('says false where there is no matchMedia (the server, old test environments)', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useIsDesktop());
    expect(result.current).toBe(false);
  });
});
