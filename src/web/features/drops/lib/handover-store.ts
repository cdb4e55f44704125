import type { HandoverItem, HandoverState } from '#shared/contracts/drops.ts';
import { randomUuid } from '#web/lib/random-uuid.ts';

/**
 * What the car-park hand-over screen keeps on the device (docs/drops-handover.md): each
 * drop's pick list as last loaded, and every "Handed over" / "No show" mark the producer
 * made, in the order made. A mark is written to storage before anything else happens,
 * so a reload, a closed tab or a dead network loses nothing; it is sent when the network is
 * there, in order, and its `clientId` (a UUID made with the mark) lets the server apply it once
 * however often it arrives (POST /api/producer/handovers is idempotent by clientId).
 *
 * localStorage, not IndexedDB: a pick list is a few kilobytes, the marks fewer than a
 * thousand, and synchronous reads let the screen render the waiting count on its first paint.
 */

export type { HandoverItem, HandoverState };

export interface HandoverMark {
  clientId: string;
  dropId: string;
  orderId: string;
  state: HandoverState;
  /** When the producer made the mark (ISO timestamp), sent as `at`. */
  at: string;
  /** The server has it (applied or ignored as a repeat); `rejected` when it refused the batch. */
  sent: boolean;
  rejected?: true;
}

export interface KeptPicklist<P> {
  savedAt: string;
  picklist: P;
}

/** Sends one batch; resolves when the server took it, rejects with the failure otherwise. */
export type SendBatch = (items: HandoverItem[]) => Promise<unknown>;

/** Whether a failure means "try the same marks again later" (network, 5xx, 401 before a refresh, 408, 429). */
export type IsRetryable = (error: unknown) => boolean;

const PREFIX = 'domace.handover';
/** Marks already sent are kept this long (to show them), then forgotten. */
const KEEP_SENT_MS = 14 * 24 * 3600 * 1000;
/** At most this many marks are kept; the oldest sent ones go first. */
const MAX_MARKS = 2000;
/** Items per request. */
export const BATCH_SIZE = 50;

export interface HandoverStore<P> {
  subscribe(listener: () => void): () => void;
  /** The marks of this user on this device (a new array after each change). */
  marks(): readonly HandoverMark[];
  waiting(): number;
  picklist(dropId: string): KeptPicklist<P> | null;
  keepPicklist(dropId: string, picklist: P): void;
  /** Stores a mark at once and returns it; call `flush` to send. */
  mark(dropId: string, orderId: string, state: HandoverState): HandoverMark;
  /** Sends the waiting marks in order, one batch after the other; one flush at a time. */
  flush(send: SendBatch, isRetryable: IsRetryable): Promise<'sent' | 'failed' | 'nothing'>;
}

/** The user's store over `storage` (tests pass their own storage and clock). */
export function createHandoverStore<P>(userId: string, { storage = globalThis.localStorage, now = () => new Date(), newId = randomUuid }: {
  storage?: Storage; now?: () => Date; newId?: () => string;
} = {}): HandoverStore<P> {
  const marksKey = `${PREFIX}.${userId}.marks`;
  const picklistKey = (dropId: string) => `${PREFIX}.${userId}.picklist.${dropId}`;
  const listeners = new Set<() => void>();
  let cache: readonly HandoverMark[] | null = null;
  let flushing: Promise<'sent' | 'failed' | 'nothing'> | null = null;

  const notify = () => { for (const listener of listeners) listener(); };

  function read(): readonly HandoverMark[] {
    if (cache) return cache;
    try {
      const value: unknown = JSON.parse(storage.getItem(marksKey) ?? '[]');
      cache = Array.isArray(value) ? (value as HandoverMark[]).filter((m) => m && typeof m.clientId === 'string' && typeof m.orderId === 'string') : [];
    } catch {
      cache = [];
    }
    return cache;
  }

  function write(next: HandoverMark[]) {
    const cutoff = now().getTime() - KEEP_SENT_MS;
    let kept = next.filter((m) => !m.sent || Date.parse(m.at) >= cutoff);
    if (kept.length > MAX_MARKS) {
      const excess = kept.length - MAX_MARKS;
      let dropped = 0;
      kept = kept.filter((m) => !(m.sent && dropped < excess && ++dropped));
    }
    // Storage first: the mark exists once this returns, whatever happens next.
    storage.setItem(marksKey, JSON.stringify(kept));
    cache = kept;
    notify();
  }

  // Another tab of the same user made or sent marks.
  const onStorage = (event: StorageEvent) => {
    if (event.key === marksKey || event.key === null) {
      cache = null;
      notify();
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    marks: read,
    waiting: () => read().filter((m) => !m.sent).length,
    picklist(dropId) {
      try {
        const value = JSON.parse(storage.getItem(picklistKey(dropId)) ?? 'null') as KeptPicklist<P> | null;
        return value && typeof value.savedAt === 'string' ? value : null;
      } catch {
        return null;
      }
    },
    keepPicklist(dropId, picklist) {
      storage.setItem(picklistKey(dropId), JSON.stringify({ savedAt: now().toISOString(), picklist } satisfies KeptPicklist<P>));
      notify();
    },
    mark(dropId, orderId, state) {
      const made: HandoverMark = { clientId: newId(), dropId, orderId, state, at: now().toISOString(), sent: false };
      write([...read(), made]);
      return made;
    },
    flush(send, isRetryable) {
      flushing ??= (async () => {
        let result: 'sent' | 'failed' | 'nothing' = 'nothing';
        for (;;) {
          // Re-read each round: another tab may have sent some meanwhile.
          cache = null;
          const batch = read().filter((m) => !m.sent).slice(0, BATCH_SIZE);
          if (batch.length === 0) return result;
          const ids = new Set(batch.map((m) => m.clientId));
          let rejected = false;
          try {
            await send(batch.map(({ orderId, state, at, clientId }) => ({ orderId, state, at, clientId })));
          } catch (error) {
            if (isRetryable(error)) return 'failed';
            // A definite refusal of the batch would block every later mark: keep it, marked refused.
            rejected = true;
          }
          cache = null;
          write(read().map((m) => (ids.has(m.clientId) ? { ...m, sent: true, ...(rejected ? { rejected: true as const } : {}) } : m)));
          result = rejected ? 'failed' : 'sent';
        }
      })().finally(() => { flushing = null; });
      return flushing;
    },
  };
}

/** The latest mark of each order of a drop (a later mark replaces an earlier one). */
export function latestMarks(marks: readonly HandoverMark[], dropId: string): Map<string, HandoverMark> {
  const out = new Map<string, HandoverMark>();
  for (const m of marks) if (m.dropId === dropId) out.set(m.orderId, m);
  return out;
}

const stores = new Map<string, HandoverStore<unknown>>();

/** The one store of a user in this tab (one flush at a time for every screen that shows it). */
export function handoverStoreFor<P>(userId: string): HandoverStore<P> {
  let store = stores.get(userId);
  if (!store) {
    store = createHandoverStore<unknown>(userId);
    stores.set(userId, store);
  }
  return store as HandoverStore<P>;
}
