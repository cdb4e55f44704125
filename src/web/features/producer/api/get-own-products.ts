import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export interface ProductPage { items: Product[]; nextCursor: string | null }

/** GET /api/producer/products: every own product, published or not (archived ones are gone). */
export function getOwnProducts(cursor: string | null): Promise<ProductPage> {
  const query = new URLSearchParams({ limit: '100' });
  if (cursor) query.set('cursor', cursor);
  return apiFetch<ProductPage>(`/api/producer/products?${query.toString()}`);
}

// Under 'products' so every product change invalidates it with the shop's lists.
export const ownProductsQueryOptions = () => infiniteQueryOptions({
  queryKey: ['products', 'own'],
  queryFn: ({ pageParam }) => getOwnProducts(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useOwnProducts() {
  return useInfiniteQuery(ownProductsQueryOptions());
}
