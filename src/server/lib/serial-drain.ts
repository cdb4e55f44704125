/**
 * One drain of an outbox at a time (mail, SMS): `drain()` runs one after the one under way and
 * answers its count; `kick()` queues at most one more run however often it is called before that
 * run starts (a burst of commits needs one more drain, not one each: a drain that has not started
 * yet sees all of their rows). `settled()` waits for what is under way, its failure included.
 */
export function serialDrain(drain: () => Promise<number>, onError: (err: unknown) => void) {
  let running: Promise<number> | undefined;
  let kickQueued = false;
  return {
    drain(): Promise<number> {
      running = (running ?? Promise.resolve(0)).then(drain, drain);
      return running;
    },
    kick(): void {
      if (kickQueued) return;
      kickQueued = true;
      const run = () => { kickQueued = false; return drain(); };
      running = (running ?? Promise.resolve(0)).then(run, run);
      void running.catch(onError);
    },
    settled(): Promise<void> {
      return (running ?? Promise.resolve(0)).then(() => undefined, () => undefined);
    },
  };
}
