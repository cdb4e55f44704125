import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Category } from '#shared/constants.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

export interface ProductFilters {
  category?: Category;
  householdId?: string;
  featured?: boolean;
  promoted?: boolean;
  /** Only households with a registration (docs/papers-and-labels.md). */
  registered?: boolean;
  q?: string;
  limit?: number;
}

/**
 * The feed's tabs. Its pages are half the API's default size: the first screen shows a few
 * cards, and every card rendered by the server is work for a slow phone to hydrate before the
 * page responds; "load more" brings the next twelve.
 */
export const FEED_PAGE_SIZE = 12;
export const FEED_FILTERS = {
  all: { limit: FEED_PAGE_SIZE },
  promoted: { promoted: true, limit: FEED_PAGE_SIZE },
  featured: { featured: true, limit: FEED_PAGE_SIZE },
} as const satisfies Record<string, ProductFilters>;

/** The query string's spelling of a yes/no filter. */
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' as const : 'false' as const);

/** GET /api/products: newest first (ranked when q is given), one cursor page. */
export function getProducts(filters: ProductFilters, cursor: string | null, signal?: AbortSignal) {
  const { featured, promoted, registered, ...rest } = filters;
  return api.products.list({ query: { ...rest, featured: flag(featured), promoted: flag(promoted), registered: flag(registered), ...(cursor ? { cursor } : {}) }, signal });
}

export const productsQueryOptions = (filters: ProductFilters) => infiniteQueryOptions({
  queryKey: queryKeys.products.list(filters),
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
