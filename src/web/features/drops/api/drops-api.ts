import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { requestJson } from '#web/lib/api-client.ts';
import type { Drop, DropBody, DropDetail } from './drop-types.ts';

interface List<T> { items: T[]; nextCursor: string | null }

export interface DropsFilters { town?: string; householdId?: string; days?: number }

const search = (filters: DropsFilters) => {
  const params = new URLSearchParams();
  if (filters.town) params.set('town', filters.town);
  if (filters.householdId) params.set('householdId', filters.householdId);
  if (filters.days) params.set('days', String(filters.days));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** GET /api/drops: coming drops, soonest first (a town in either script, without diacritics). */
export const dropsQueryOptions = (filters: DropsFilters) =>
  queryOptions({
    queryKey: queryKeys.drops.list(filters),
    queryFn: ({ signal }) => requestJson(`/api/drops${search(filters)}`, { signal, auth: false }) as Promise<List<Drop>>,
  });

export function useDrops(filters: DropsFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dropsQueryOptions(filters), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

/** GET /api/drops/:id: the drop with the orderable products of its households. */
export const dropQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.drops.detail(id),
    queryFn: ({ signal }) => requestJson(`/api/drops/${encodeURIComponent(id)}`, { signal }) as Promise<DropDetail>,
    // The cutoff moves the status: read it again when the page is opened again.
    staleTime: 30_000,
  });

export function useDrop(id: string) {
  return useQuery(dropQueryOptions(id));
}

/** Several drops by id (those the basket came from, for checkout); the ones that could not be read are left out. */
export function useDropsByIds(ids: readonly string[]) {
  const results = useQueries({ queries: ids.map((id) => ({ ...dropQueryOptions(id), retry: false, staleTime: 0 })) });
  return results.flatMap((r) => (r.data ? [r.data] : []));
}

/** The producer's own drops (hosted or joined), with their order counts. */
export const ownDropsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.drops.own,
    queryFn: ({ signal }) => requestJson('/api/producer/drops', { signal }) as Promise<List<Drop>>,
    staleTime: 0,
  });

export function useOwnDrops() {
  return useQuery(ownDropsQueryOptions());
}

function useInvalidateDrops() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.drops.all });
}

/** POST /api/drops (with repeatWeeks: that many weekly copies more). */
export function useCreateDrop() {
  const invalidate = useInvalidateDrops();
  return useMutation({
    mutationFn: (body: DropBody) => requestJson('/api/drops', { method: 'POST', body }) as Promise<Drop | { items: Drop[] }>,
    onSettled: invalidate,
  });
}

/** PATCH /api/drops/:id (the host: place, times, note). */
export function useUpdateDrop() {
  const invalidate = useInvalidateDrops();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<Omit<DropBody, 'repeatWeeks'>> }) =>
      requestJson(`/api/drops/${encodeURIComponent(id)}`, { method: 'PATCH', body }) as Promise<Drop>,
    onSettled: invalidate,
  });
}

/** POST /api/drops/:id/cancel (the host, with a reason: its orders are cancelled). */
export function useCancelDrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      requestJson(`/api/drops/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } }) as Promise<Drop>,
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.drops.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]),
  });
}

/** PUT / DELETE /api/drops/:id/members: join or leave with the own household. */
export function useDropMembership() {
  const invalidate = useInvalidateDrops();
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      requestJson(`/api/drops/${encodeURIComponent(id)}/members`, { method: join ? 'PUT' : 'DELETE' }),
    onSettled: invalidate,
  });
}
