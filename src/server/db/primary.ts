import type pg from 'pg';
import { withQueryAndConnect } from './pool-proxy.ts';
import { probeDatabase } from './probe.ts';

/**
 * The primary as this instance last saw it (docs/decisions/0046-postgresql-failover-with-patroni.md).
 * While it is down, every query and connection asked of the primary's pool fails at once with a
 * PrimaryUnavailableError (answered 503 `db_unavailable` with Retry-After by plugins/errors.ts)
 * instead of waiting in the pooler for a server that is gone, and the public reads go to the
 * read replica (db/replica.ts). A failover is over for this instance with the first probe that
 * reaches the new primary.
 */
export interface PrimaryState {
  up: boolean;
  /** Why it counts as down (the last probe's error), while it does. */
  reason?: string;
  /** Since when it is down (epoch ms), while it is. */
  downSince?: number;
}

export interface PrimaryGuard {
  /** The primary's pool with `query` and `connect` failing fast while the primary is down. */
  readonly pool: pg.Pool;
  state: () => PrimaryState;
  stop: () => void;
}

export interface PrimaryGuardOptions {
  /** Probed on a connection of its own (DATABASE_DIRECT_URL): a busy pool must not look like a dead primary. */
  url: string;
  intervalMs?: number;
  /** One probe's limit: connecting and SELECT 1. */
  probeTimeoutMs?: number;
  /** Failed probes in a row before the primary counts as down (a refused connection counts at once). */
  failuresToDown?: number;
  log?: (level: 'warn' | 'error', msg: string) => void;
  /** For tests: the probe itself (resolves when the primary answers). */
  probe?: () => Promise<void>;
}

const PROBE_INTERVAL_MS = 500;
const PROBE_TIMEOUT_MS = 1_500;
const FAILURES_TO_DOWN = 2;

/** What a query asked of a primary known to be down fails with (a connection failure, SQLSTATE 08006). */
export class PrimaryUnavailableError extends Error {
  readonly code = '08006';
  constructor(reason: string | undefined) {
    super(`the primary database is unavailable${reason ? ` (${reason})` : ''}`);
    this.name = 'PrimaryUnavailableError';
  }
}

/**
 * A failure to reach the database (not a bad statement): connection SQLSTATEs (08, 57P), refused,
 * reset or timed-out sockets, a pooler without a server; looked for along `cause`.
 */
export function isConnectionFailure(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || code.startsWith('57P') || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code)) return true;
    if (/ECONNREFUSED|connection terminated|timeout exceeded when trying to connect|timeout expired|cannot connect to server|query_wait_timeout|the database system is (starting up|shutting down|in recovery mode)/i.test(String(e.message ?? ''))) return true;
  }
  return false;
}

/** A refused connection: nothing listens, no need to wait for a second probe. */
const refused = (err: unknown) => /ECONNREFUSED|cannot connect to server|the database system is (shutting down|starting up)/i.test(`${(err as { code?: string }).code ?? ''} ${(err as Error).message ?? ''}`);

export function guardPrimary(primary: pg.Pool, opts: PrimaryGuardOptions): PrimaryGuard {
  const intervalMs = opts.intervalMs ?? PROBE_INTERVAL_MS;
  const probeTimeoutMs = opts.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const failuresToDown = opts.failuresToDown ?? FAILURES_TO_DOWN;
  let state: PrimaryState = { up: true };
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const probe = opts.probe ?? (() => probeDatabase(opts.url, probeTimeoutMs));

  /** A probe that does not settle in time counts as a failed one. */
  async function bounded(): Promise<void> {
    let t: NodeJS.Timeout | undefined;
    try {
      await Promise.race([probe(), new Promise<never>((_, reject) => { t = setTimeout(() => reject(new Error('no answer to the probe in time')), probeTimeoutMs + 500); })]);
    } finally {
      clearTimeout(t);
    }
  }

  async function tick(): Promise<void> {
    try {
      await bounded();
      failures = 0;
      if (!state.up) opts.log?.('warn', `the primary database answers again after ${Date.now() - state.downSince!} ms`);
      state = { up: true };
    } catch (err) {
      failures += 1;
      const reason = (err as Error).message;
      if (state.up && (failures >= failuresToDown || refused(err))) {
        state = { up: false, reason, downSince: Date.now() };
        opts.log?.('error', `the primary database is unreachable (${reason}): writes answer 503 until it is back`);
      } else if (!state.up) state = { ...state, reason };
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), intervalMs);
      timer.unref();
    }
  }
  timer = setTimeout(() => void tick(), 0);
  timer.unref();

  function query(this: unknown, ...args: unknown[]): unknown {
    if (state.up) return (primary.query as (...a: unknown[]) => unknown)(...args);
    const err = new PrimaryUnavailableError(state.reason);
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as (e: Error) => void)(err));
      return undefined;
    }
    return Promise.reject(err);
  }
  function connect(this: unknown, ...args: unknown[]): unknown {
    if (state.up) return (primary.connect as (...a: unknown[]) => unknown)(...args);
    const err = new PrimaryUnavailableError(state.reason);
    const callback = args[0];
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as (e: Error) => void)(err));
      return undefined;
    }
    return Promise.reject(err);
  }
  const pool = withQueryAndConnect(primary, query, connect);

  return {
    pool,
    state: () => state,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
