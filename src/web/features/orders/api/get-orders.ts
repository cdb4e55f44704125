import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/orders: the signed-in buyer's orders, newest first, a page at a time. */
export const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ pageParam, signal }) => api.orders.list({ query: { limit: 20, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Status changes come from the producer: look again whenever the page is opened.
    staleTime: 0,
  });

export function useOrders() {
  return useInfiniteQuery(ordersQueryOptions());
}
