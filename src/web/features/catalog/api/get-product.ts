import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/products/:id */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) => queryOptions({
  queryKey: ['products', 'detail', id],
  queryFn: ({ signal }) => getProduct(id, signal),
});

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
