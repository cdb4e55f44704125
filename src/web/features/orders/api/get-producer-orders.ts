import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/constants.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/producer/orders: orders for the producer's own household, newest first. */
export const producerOrdersQueryOptions = (status?: OrderStatus) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.producer(status),
    queryFn: ({ pageParam, signal }) => api.producer.orders({ query: { limit: 50, status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function useProducerOrders(status?: OrderStatus) {
  return useInfiniteQuery(producerOrdersQueryOptions(status));
}
