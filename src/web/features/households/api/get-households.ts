import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/households (first page, enough for the feed's story row). */
export const householdsQueryOptions = () => queryOptions({
  queryKey: queryKeys.households.list,
  queryFn: ({ signal }) => api.households.list({ query: { limit: 50 }, signal }),
});

export function useHouseholds() {
  return useQuery(householdsQueryOptions());
}
