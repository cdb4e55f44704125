/**
 * Runs `pass` every `everyMs` (and at once unless `atStart` is false), never two passes at a
 * time: a tick while one is under way is skipped. A failed pass goes to `onError`; the timer
 * never keeps the process alive. The returned function stops it and waits for a pass under way.
 */
export function repeatPass(pass: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void, { atStart = true } = {}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pass().catch(onError).finally(() => { running = null; });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  if (atStart) tick();
  return async () => { clearInterval(timer); await running; };
}
