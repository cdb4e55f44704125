import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getSnapshot = () => navigator.onLine;
// Server rendering / tests without a navigator: assume online.
const getServerSnapshot = () => true;

/**
 * True while the browser has a network connection (navigator.onLine, updated on the
 * online/offline events). "Online" can still mean a server that does not answer; use it to
 * explain, not as proof that a request will succeed.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
