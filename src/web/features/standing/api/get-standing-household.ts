import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/households/:id for the standing order dialog: pickup points, payment, cutoff. */
export const standingHouseholdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.standing.household(id),
    queryFn: ({ signal }) => api.households.get({ params: { id }, signal }),
  });

export function useStandingHousehold(id: string, enabled: boolean) {
  return useQuery({ ...standingHouseholdQueryOptions(id), enabled });
}
