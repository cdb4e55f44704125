import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { withQueryAndConnect } from './pool-proxy.ts';

/**
 * Reads on a streaming replica (DATABASE_READ_URL; docs/decisions/0040-read-replica-and-read-your-writes.md).
 *
 * Only the public cached reads go there (routes with `publicCache` in the registry): their
 * answers depend on the cache topics alone, and every write to a topic NOTIFYs every
 * instance (plugins/public-cache.ts). When an instance hears of a write to a topic it asks
 * the primary for its WAL position (an LSN at or after the write's commit) and reads that
 * topic from the primary until the replica has replayed that far. So no reader, the writer
 * or anyone else, is ever answered from a replica that has not got an acknowledged write
 * (read-your-writes for everyone), and the cache never stores an older answer after an
 * invalidation. Everything else (signed-in pages, orders, any write) stays on the primary.
 *
 * While the primary is down (db/primary.ts: a failover under way), the public reads go to a
 * usable replica whatever was written before: nothing newer can be read anywhere, and a
 * synchronous standby has every acknowledged write (ADR 0046).
 *
 * The replica is watched every PROBE_INTERVAL_MS: unreachable, not in recovery (unless promoted
 * while the primary is down), or more than MAX_LAG_MS behind = no reads go there until it is back. A read that fails on the replica
 * for want of a connection is repeated on the primary.
 */
const PROBE_INTERVAL_MS = 250;
/** One probe's limit (connect + query). */
const PROBE_TIMEOUT_MS = 1_000;
/** A replica whose last replayed transaction is older than this, while the primary has more, is not read. */
const MAX_LAG_MS = 5_000;
/** Connections to the replica (each instance). */
const REPLICA_POOL_SIZE = 6;

export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** Milliseconds between the primary's newest commit and the replica's last replayed one; 0 when it has replayed everything. */
  lagMs: number | null;
  /** WAL bytes the replica has received and not replayed yet. */
  lagBytes: number | null;
}

/** A pg_lsn ('16/B374D848') as a number of bytes (exact below 2^53, i.e. 8 PiB of WAL). */
export function lsnToNumber(lsn: string): number {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi!, 16) * 0x1_0000_0000 + parseInt(lo!, 16);
}

/** Stands for every topic (a notification that names none, or a reconnect of the LISTEN connection). */
const ALL = '*';

interface RouteState { replica: boolean }
const requestRoute = new AsyncLocalStorage<RouteState>();

/** What the probe read off the replica. */
export interface ReplicaProbeRow { recovery: boolean; lsn: string | null; received: string | null; at: Date | null }

/**
 * The replica's state from one probe. A replica not in recovery is a standby promoted while
 * this instance has not reached the new primary yet (a failover, ADR 0046): usable while the
 * primary is down, else not a replica at all (throws). While the primary is down the lag does
 * not count either: nothing newer can be read anywhere, the synchronous standby has flushed
 * every acknowledged commit, and WAL received but never replayed (a record the dead primary
 * did not finish sending) would otherwise make it look ever further behind.
 */
export function replicaStatusOf(row: ReplicaProbeRow, primaryDown: boolean, now: number): ReplicaStatus {
  if (!row.recovery) {
    if (primaryDown) return { state: 'up', lagMs: 0, lagBytes: 0 };
    throw new Error('not a streaming replica (pg_is_in_recovery() is false)');
  }
  if (!row.lsn) throw new Error('not a streaming replica (no WAL replayed)');
  const replay = lsnToNumber(row.lsn);
  const behind = row.received ? Math.max(0, lsnToNumber(row.received) - replay) : 0;
  // Time behind: how long ago the last replayed commit was, but only while WAL is waiting.
  const lagMs = behind === 0 || !row.at ? 0 : Math.max(0, now - row.at.getTime());
  return { state: lagMs > MAX_LAG_MS && !primaryDown ? 'lagging' : 'up', lagMs, lagBytes: behind };
}

export interface ReadReplica {
  /** The primary pool, with `query` and `connect` sent to the replica inside a request marked by `useFor`. */
  readonly routed: pg.Pool;
  status: () => ReplicaStatus;
  /** Runs `next` (the rest of the request) with a route state of its own. */
  enter: (next: () => void) => void;
  /** The current request reads from the replica when it has replayed every write heard of to `topics`. */
  useFor: (topics: readonly string[]) => boolean;
  /** While the primary is known to be down: the current request reads from a usable replica (true), else false. */
  whilePrimaryDown: () => boolean;
  /** Topics written: read them from the primary until the replica has replayed `lsn()` (asked now). */
  written: (topics: readonly string[] | 'all', lsn: () => Promise<string>) => void;
  close: () => Promise<void>;
}

export function createReadReplica(opts: {
  primary: pg.Pool; replicaUrl: string; createPool: (url: string, max: number) => pg.Pool; log?: (msg: string) => void;
  /** True while the primary is known to be unreachable (db/primary.ts). */
  primaryDown?: () => boolean;
}): ReadReplica {
  const pool = opts.createPool(opts.replicaUrl, REPLICA_POOL_SIZE);
  const primary = opts.primary;
  let replayed = -1; // the replica's replay LSN at the last probe
  let status: ReplicaStatus = { state: 'down', lagMs: null, lagBytes: null };
  /** Per topic: the primary LSN the replica must have replayed; +Infinity until the LSN is known. */
  const needed = new Map<string, number>();
  /** Per topic raised to +Infinity: the number of the write notice that did it. */
  const pending = new Map<string, number>();
  let seq = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const usable = () => status.state === 'up';
  function markDown(reason: string) {
    if (status.state !== 'down') opts.log?.(`read replica down: ${reason}; reads go to the primary`);
    status = { state: 'down', lagMs: null, lagBytes: null };
  }

  async function probe(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.replicaUrl, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      // The replica alone: what it has received and replayed. The primary is not asked (its
      // connections may all be busy under load); a write not even received yet is covered by
      // the LSN each notification brings (`written`).
      await client.connect();
      const r = await client.query<ReplicaProbeRow>(
        'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS lsn, pg_last_wal_receive_lsn()::text AS received, pg_last_xact_replay_timestamp() AS at');
      const row = r.rows[0]!;
      const before = status.state;
      status = replicaStatusOf(row, opts.primaryDown?.() ?? false, Date.now());
      if (row.recovery && row.lsn) replayed = lsnToNumber(row.lsn);
      if (before !== status.state) {
        opts.log?.(!row.recovery
          ? 'read replica promoted: the public reads go on there until the primary answers'
          : `read replica ${status.state}${status.state === 'lagging' ? ` (${status.lagMs} ms behind)` : ''}`);
      }
    } catch (err) {
      markDown((err as Error).message);
    } finally {
      // Not awaited: after the server cut the connection, node-postgres' end() may never settle.
      client.end().catch(() => undefined);
    }
  }

  /** A probe that does not settle in time counts as a failed one: the loop never stalls. */
  async function boundedProbe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        markDown('no answer to the probe in time');
        resolve();
      }, 3 * PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([probe(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    await boundedProbe();
    if (!stopped) {
      timer = setTimeout(() => void loop(), PROBE_INTERVAL_MS);
      timer.unref();
    }
  }
  void loop();

  /** Connection-type failures only: a replica's bad answer to a good query is not hidden. */
  const unreachable = (err: unknown) => {
    const e = err as { code?: unknown; message?: unknown } | null;
    const code = typeof e?.code === 'string' ? e.code : '';
    return code.startsWith('08') || code.startsWith('57P') || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code)
      || /connection terminated|timeout exceeded when trying to connect|is not queryable|the database system is (starting up|shutting down|in recovery mode)/i.test(String(e?.message ?? ''));
  };
  const onReplica = () => requestRoute.getStore()?.replica === true && usable();

  function query(this: unknown, ...args: unknown[]): unknown {
    const callback = typeof args[args.length - 1] === 'function';
    if (callback || !onReplica()) return (primary.query as (...a: unknown[]) => unknown)(...args);
    return ((pool.query as (...a: unknown[]) => Promise<unknown>)(...args)).catch((err: unknown) => {
      if (!unreachable(err)) throw err;
      markDown((err as Error).message);
      return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  }
  function connect(this: unknown, ...args: unknown[]): unknown {
    if (args.length > 0 || !onReplica()) return (primary.connect as (...a: unknown[]) => unknown)(...args);
    return pool.connect().catch((err: unknown) => {
      if (!unreachable(err)) throw err;
      markDown((err as Error).message);
      return primary.connect();
    });
  }

  const routed = withQueryAndConnect(primary, query, connect);

  /** While the primary is known to be down: the current request reads from a usable replica. */
  function whilePrimaryDown(): boolean {
    const state = requestRoute.getStore();
    if (!state || !usable() || !opts.primaryDown?.()) return false;
    state.replica = true;
    return true;
  }

  return {
    routed,
    status: () => status,
    enter: (next) => requestRoute.run({ replica: false }, next),
    useFor(topics) {
      const state = requestRoute.getStore();
      if (!state || !usable()) return false;
      if (whilePrimaryDown()) return true;
      let need = needed.get(ALL) ?? 0;
      for (const t of topics) need = Math.max(need, needed.get(t) ?? 0);
      state.replica = replayed >= need;
      return state.replica;
    },
    whilePrimaryDown,
    written(topics, lsn) {
      const mine = ++seq;
      for (const t of topics === 'all' ? [ALL] : topics) {
        needed.set(t, Number.POSITIVE_INFINITY);
        pending.set(t, mine);
      }
      // Answers come in the order asked (one connection): this one's position is at or after
      // every write heard before it was asked, so it settles every topic raised until then.
      lsn().then((text) => {
        const at = lsnToNumber(text);
        for (const [t, s] of pending) {
          if (s > mine) continue;
          needed.set(t, at);
          pending.delete(t);
        }
      }, () => undefined); // unsettled topics stay on the primary until a later answer
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await pool.end().catch(() => undefined);
    },
  };
}
