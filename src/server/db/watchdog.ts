import { probeDatabase } from './probe.ts';

export interface WatchdogOptions {
  /** Probed on a connection of its own: a busy pool must not look like a dead database. */
  url: string;
  /** Give up (and let the app exit for its supervisor) after the database was unreachable this long. */
  giveUpAfterMs: number;
  intervalMs?: number;
  /** One probe's limit: connecting and SELECT 1. */
  probeTimeoutMs?: number;
  onDown?: (err: Error) => void;
  onUp?: (downForMs: number) => void;
  onGiveUp: (err: Error) => void;
  /**
   * Asked when the time is up: true = do not give up yet. A database whose disk is full is not
   * fixed by restarting the app (docs/bad-days.md): it keeps answering 503 and waits for space.
   */
  keepWaiting?: () => boolean;
}

/**
 * Notices a database that went away (docs/deployment.md): probes it every few seconds and,
 * when it stays unreachable for `giveUpAfterMs`, calls `onGiveUp` once. The app then exits
 * non-zero so systemd, Kubernetes or Docker start it again; an app that stayed up answering
 * errors would never be restarted. Meanwhile /api/health answers 503 (features/health).
 */
export function watchDatabase(opts: WatchdogOptions): { stop: () => void } {
  const intervalMs = opts.intervalMs ?? 2_000;
  const probeTimeoutMs = opts.probeTimeoutMs ?? 2_000;
  let downSince: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;


  async function tick(): Promise<void> {
    try {
      await probeDatabase(opts.url, probeTimeoutMs);
      if (downSince !== undefined) opts.onUp?.(Date.now() - downSince);
      downSince = undefined;
    } catch (err) {
      const now = Date.now();
      if (downSince === undefined) {
        downSince = now;
        opts.onDown?.(err as Error);
      }
      if (now - downSince >= opts.giveUpAfterMs && !stopped && !opts.keepWaiting?.()) {
        stopped = true;
        opts.onGiveUp(new Error(`The database has been unreachable for ${Math.round((now - downSince) / 1000)} s: ${(err as Error).message}`));
        return;
      }
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), intervalMs);
      timer.unref();
    }
  }

  timer = setTimeout(() => void tick(), intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
