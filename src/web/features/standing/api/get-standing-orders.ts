import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/standing-orders: the signed-in buyer's standing orders (at most 100 shown). */
export const standingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.standing.mine,
    queryFn: ({ signal }) => api.standingOrders.list({ query: { limit: 100 }, signal }),
    staleTime: 0,
  });

export function useStandingOrders(enabled = true) {
  return useQuery({ ...standingOrdersQueryOptions(), enabled });
}
