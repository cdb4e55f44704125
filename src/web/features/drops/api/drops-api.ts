import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDropBody, UpdateDropBody } from '#shared/contracts/drops.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export interface DropsFilters { town?: string | undefined; householdId?: string | undefined }

/** GET /api/drops: coming drops, soonest first (a town in either script, without diacritics). */
export const dropsQueryOptions = (filters: DropsFilters) =>
  queryOptions({
    queryKey: queryKeys.drops.list(filters),
    queryFn: ({ signal }) => api.drops.list({
      query: { ...(filters.town ? { town: filters.town } : {}), ...(filters.householdId ? { householdId: filters.householdId } : {}), limit: 100 }, signal,
    }),
  });

export function useDrops(filters: DropsFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dropsQueryOptions(filters), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

/** GET /api/drops/:id: the drop with the orderable products of its households. */
export const dropQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.drops.detail(id),
    queryFn: ({ signal }) => api.drops.get({ params: { id }, signal }),
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

/** GET /api/producer/drops: the drops the own household hosts or joined, with their order counts. */
export const ownDropsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.drops.own,
    queryFn: ({ signal }) => api.drops.mine({ query: { limit: 100 }, signal }),
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
  return useMutation({ mutationFn: (body: CreateDropBody) => api.drops.create({ body }), onSettled: invalidate });
}

/** PATCH /api/drops/:id (the host: place, day, times, title, note). */
export function useUpdateDrop() {
  const invalidate = useInvalidateDrops();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDropBody }) => api.drops.update({ params: { id }, body }),
    onSettled: invalidate,
  });
}

/** POST /api/drops/:id/cancel (the host, with a reason: its orders are cancelled). */
export function useCancelDrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.drops.cancel({ params: { id }, body: { reason } }),
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
    mutationFn: ({ id, join }: { id: string; join: boolean }) => (join ? api.drops.join({ params: { id } }) : api.drops.leave({ params: { id } })),
    onSettled: invalidate,
  });
}
