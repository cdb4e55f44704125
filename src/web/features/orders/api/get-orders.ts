import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrdersList } from '#shared/contracts/orders.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/orders: the signed-in buyer's orders, newest first, a page at a time. */
export function getOrders(cursor: string | null, signal?: AbortSignal): Promise<OrdersList> {
  const query = new URLSearchParams({ limit: '20' });
  if (cursor) query.set('cursor', cursor);
  return apiFetch<OrdersList>(`/api/orders?${query}`, { signal });
}

export const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Status changes come from the producer: look again whenever the page is opened.
    staleTime: 0,
  });

export function useOrders() {
  return useInfiniteQuery(ordersQueryOptions());
}
