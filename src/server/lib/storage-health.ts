import fs from 'node:fs/promises';
import { faultCounters } from './fault-counters.ts';

/**
 * A full disk, told apart from other failures (docs/bad-days.md, "Disk full").
 *
 * The database's "no space" errors (SQLSTATE 53100 disk_full and the rest of class 53 that
 * means no room, ENOSPC, "could not extend file", "No space left on device") and the
 * connection losses while PostgreSQL restarts after a PANIC (a WAL write that found no space)
 * are answered 503 with Retry-After by plugins/errors.ts instead of 500, and /api/health says
 * `degraded` with `storage: "full"` while writes fail. Nothing here needs a restart: the state
 * clears as soon as a write succeeds again, or the disk has room again.
 */

export type DbFault = 'storage_full' | 'unavailable';

/** SQLSTATEs of a database that cannot write for lack of space (class 53 "insufficient resources"). */
const NO_SPACE_CODES = new Set(['53000', '53100']);
/**
 * SQLSTATEs of a database going away or coming back (shutdown, crash recovery, connection lost),
 * and 25006 (read_only_sql_transaction): a write that reached a standby while it is being
 * promoted, before PgBouncer follows the new leader (docs/deployment.md, "Failover").
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004', '57014', '25006']);
const NO_SPACE_TEXT = /no space left on device|could not extend file|ENOSPC|disk full/i;
const UNAVAILABLE_TEXT = /connection terminated|terminating connection|ECONNRESET|ECONNREFUSED|EPIPE|the database system is (starting up|in recovery mode|shutting down|not yet accepting)|timeout exceeded when trying to connect|Connection terminated unexpectedly|Query read timeout|canceling statement due to statement timeout|server closed the connection|pgbouncer cannot connect to server|server conn crashed|pgbouncer is shutting down|database is paused|query_wait_timeout|client_login_timeout|no more connections allowed|server login has been failing|is not queryable/i;

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** A database failure that is the disk's or the server's availability, not the request's or the code's; null otherwise. */
export function classifyDbError(err: unknown): DbFault | null {
  let unavailable = false;
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (NO_SPACE_CODES.has(code) || code === 'ENOSPC' || NO_SPACE_TEXT.test(message)) return 'storage_full';
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_TEXT.test(message)) unavailable = true;
  }
  return unavailable ? 'unavailable' : null;
}

/** A file-system error of a full disk (or quota): the media store answers 507 for it. */
export function isNoSpaceError(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || (typeof e.message === 'string' && /no space left on device/i.test(e.message))) return true;
  }
  return false;
}

/** A database lost within this long after a "no space" error is taken as the same full disk (a PANIC and its restart). */
const SAME_OUTAGE_MS = 120_000;
/** Room below which a disk counts as full (PostgreSQL needs a 16 MB WAL segment to go on; a small disk: a twentieth of it). */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

export interface StorageState {
  /** A write failed for lack of space (or the database restarted soon after one). */
  noteFull: (what: 'database' | 'media', now?: number) => void;
  /** A write succeeded: there is room again. */
  noteWriteOk: (what: 'database' | 'media') => void;
  isFull: (what: 'database' | 'media') => boolean;
  /** What a database fault means for the answer: lost connections soon after a full disk are the full disk. */
  answerFor: (fault: DbFault, now?: number) => 'storage_full' | 'unavailable';
  /**
   * Looks at the disks themselves (statfs of the embedded database's and the media's folders):
   * room again clears the state without waiting for a write; no room sets it.
   */
  refresh: (dirs: { database?: string | undefined; media?: string | undefined }) => Promise<void>;
}

export function createStorageState(): StorageState {
  const fullSince: Record<'database' | 'media', number | undefined> = { database: undefined, media: undefined };
  let lastFullAt = 0;
  /** Whether a disk has less room than MIN_FREE_BYTES or a twentieth of its size, whichever is less (null: cannot tell). */
  const isNearlyFull = async (dir: string): Promise<boolean | null> => {
    try {
      const s = await fs.statfs(dir);
      return s.bavail * s.bsize < Math.min(MIN_FREE_BYTES, (s.blocks * s.bsize) / 20);
    } catch {
      return null;
    }
  };
  return {
    noteFull(what, now = Date.now()) {
      fullSince[what] ??= now;
      if (what === 'database') lastFullAt = now;
    },
    noteWriteOk(what) { fullSince[what] = undefined; },
    isFull: (what) => fullSince[what] !== undefined,
    answerFor(fault, now = Date.now()) {
      if (fault === 'storage_full') return 'storage_full';
      return now - lastFullAt < SAME_OUTAGE_MS ? 'storage_full' : 'unavailable';
    },
    async refresh(dirs) {
      for (const what of ['database', 'media'] as const) {
        const dir = dirs[what];
        if (!dir) continue;
        const full = await isNearlyFull(dir);
        if (full === null) continue;
        if (full) this.noteFull(what);
        else this.noteWriteOk(what);
      }
    },
  };
}

/** The process's one state: errors (plugins/errors.ts), media uploads and /api/health share it. */
export const storageState = createStorageState();

/** Counted for /metrics when a request is answered storage_full. */
export function countStorageFull(what: 'database' | 'media'): void {
  if (what === 'database') faultCounters.storageFull++;
  else faultCounters.mediaStorageFull++;
}
