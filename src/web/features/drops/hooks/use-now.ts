import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Whether the instant `at` (ms) has passed, turning true when it passes while the page is
 * open: a drop's page closes its ordering at the cutoff without a reload.
 */
export function useNowPast(at: number | null): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => {
      if (Date.now() >= at) setPassed(at);
    }, Math.max(0, Math.min(at - Date.now(), MAX_WAIT_MS)));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && passed === at;
}
