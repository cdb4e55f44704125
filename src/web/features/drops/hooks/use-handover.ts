import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useOnlineStatus } from '#web/lib/use-online-status.ts';
import type { Picklist } from '../api/drop-types.ts';
import { usePicklist } from '../api/picklist.ts';
import { isRetryableFailure, sendHandovers } from '../api/send-handovers.ts';
import { handoverStoreFor, latestMarks, type HandoverState } from '../lib/handover-store.ts';

/** While marks wait and the browser says it is online, sending is tried again this often. */
const RETRY_MS = 15_000;

/**
 * The hand-over screen's state: the pick list (fresh from the server when there is a network,
 * else the copy kept on the device), the marks made here, how many wait to be sent, and
 * sending them when the network is back (docs/drops-handover.md).
 */
export function useHandover(userId: string, dropId: string) {
  const store = useMemo(() => handoverStoreFor<Picklist>(userId), [userId]);
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const marks = useSyncExternalStore(store.subscribe, store.marks, store.marks);
  const waiting = marks.filter((m) => !m.sent).length;
  const picklist = usePicklist(dropId);
  const [sendState, setSendState] = useState<'idle' | 'sending' | 'failed'>('idle');
  // Read after every store change (keepPicklist notifies): the kept copy and when it was kept.
  const kept = useSyncExternalStore(store.subscribe, () => store.picklist(dropId)?.savedAt ?? null, () => null);

  useEffect(() => {
    if (picklist.data) store.keepPicklist(dropId, picklist.data);
  }, [picklist.data, dropId, store]);

  const flush = useCallback(async () => {
    if (store.waiting() === 0) return;
    setSendState('sending');
    const result = await store.flush(sendHandovers, isRetryableFailure);
    setSendState(result === 'failed' ? 'failed' : 'idle');
    if (result !== 'nothing') {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drops.all }),
      ]);
    }
  }, [store, queryClient]);

  // On opening, after every mark (it raises `waiting`), whenever the network returns, and every
  // little while as long as marks wait. A mark made during a flush is sent by that flush (it
  // re-reads the marks after each batch).
  useEffect(() => {
    if (!isOnline || waiting === 0) return;
    const first = setTimeout(() => void flush(), 0);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [isOnline, waiting, flush]);

  const mark = useCallback((orderId: string, state: HandoverState) => {
    store.mark(dropId, orderId, state);
  }, [store, dropId]);

  const stored = kept ? store.picklist(dropId) : null;
  return {
    picklist: picklist.data ?? stored?.picklist ?? null,
    savedAt: stored?.savedAt ?? null,
    isLoading: picklist.isPending && !stored && !picklist.isPaused && isOnline,
    error: picklist.isError && !stored ? picklist.error : null,
    isOnline,
    marks: latestMarks(marks, dropId),
    waiting,
    sendState,
    mark,
    flush,
  };
}
