import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/households/:id (isFollowing for the signed-in user). */
export function getHousehold(id: string, signal?: AbortSignal): Promise<Household> {
  return apiFetch<Household>(`/api/households/${encodeURIComponent(id)}`, { signal });
}

export const householdQueryOptions = (id: string, userId: string | null) => queryOptions({
  // The user is part of the key: isFollowing differs per user.
  queryKey: ['households', 'detail', id, userId],
  queryFn: ({ signal }) => getHousehold(id, signal),
});

export function useHousehold(id: string, userId: string | null) {
  return useQuery(householdQueryOptions(id, userId));
}
