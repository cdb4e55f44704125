import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

// Under 'products' so every product change invalidates it with the shop's lists.
/** GET /api/producer/products: every own product, published or not (archived ones are gone). */
export const ownProductsQueryOptions = () => infiniteQueryOptions({
  queryKey: queryKeys.products.own,
  queryFn: ({ pageParam }) => api.producer.products({ query: { limit: 100, cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useOwnProducts() {
  return useInfiniteQuery(ownProductsQueryOptions());
}
