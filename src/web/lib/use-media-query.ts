import { useCallback, useSyncExternalStore } from 'react';

/** The `lg` breakpoint of Tailwind (64rem): from here up the app has its desktop layout. */
export const DESKTOP_QUERY = '(min-width: 64rem)';

/**
 * True while `query` matches (window.matchMedia, updated on change). The server and the first
 * render of a hydrating page say false, so the phone layout is the one rendered on the server.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  const getSnapshot = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** True on a desktop-sized screen (the `lg` breakpoint and up). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
