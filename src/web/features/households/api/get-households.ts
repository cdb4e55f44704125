import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export interface HouseholdsPage { items: Household[]; nextCursor: string | null }

/** GET /api/households (first page, enough for the feed's story row). */
export function getHouseholds(signal?: AbortSignal): Promise<HouseholdsPage> {
  return apiFetch<HouseholdsPage>('/api/households?limit=50', { signal });
}

export const householdsQueryOptions = () => queryOptions({
  queryKey: ['households', 'list'],
  queryFn: ({ signal }) => getHouseholds(signal),
});

export function useHouseholds() {
  return useQuery(householdsQueryOptions());
}
