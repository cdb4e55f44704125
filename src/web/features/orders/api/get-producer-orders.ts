import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/constants.ts';
import type { ProducerOrdersList } from '#shared/contracts/orders.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/producer/orders: orders for the producer's own household, newest first. */
export function getProducerOrders(status: OrderStatus | undefined, cursor: string | null, signal?: AbortSignal): Promise<ProducerOrdersList> {
  const query = new URLSearchParams({ limit: '50' });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return apiFetch<ProducerOrdersList>(`/api/producer/orders?${query}`, { signal });
}

export const producerOrdersQueryOptions = (status?: OrderStatus) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'producer', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getProducerOrders(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function useProducerOrders(status?: OrderStatus) {
  return useInfiniteQuery(producerOrdersQueryOptions(status));
}
