import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Category } from '#shared/constants.ts';
import type { Product } from '#shared/contracts/products.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export interface ProductsPage { items: Product[]; nextCursor: string | null }
export interface ProductFilters {
  category?: Category;
  householdId?: string;
  featured?: boolean;
  promoted?: boolean;
  q?: string;
  limit?: number;
}

/** GET /api/products: newest first (ranked when q is given), one cursor page. */
export function getProducts(filters: ProductFilters, cursor: string | null, signal?: AbortSignal): Promise<ProductsPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  if (cursor) query.set('cursor', cursor);
  return apiFetch<ProductsPage>(`/api/products?${query.toString()}`, { signal });
}

export const productsQueryOptions = (filters: ProductFilters) => infiniteQueryOptions({
  queryKey: ['products', 'list', filters],
  queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** Pages of products; `keepPrevious` keeps the last answer on screen while a new search runs. */
export function useProducts(filters: ProductFilters, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return useInfiniteQuery({
    ...productsQueryOptions(filters),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
