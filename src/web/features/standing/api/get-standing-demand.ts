import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/producer/standing-demand: what standing orders commit, day by day. */
export const standingDemandQueryOptions = (from: string, days: number) =>
  queryOptions({
    queryKey: queryKeys.standing.demand(from, days),
    queryFn: ({ signal }) => api.standingOrders.demand({ query: { from, days }, signal }),
  });

export function useStandingDemand(from: string, days: number) {
  return useQuery(standingDemandQueryOptions(from, days));
}
