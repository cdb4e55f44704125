/**
 * Calls `callback` once the browser is idle (React's hydration, which works in back-to-back tasks,
 * is then done), after `timeoutMs` at the latest; returns the cancel.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}
