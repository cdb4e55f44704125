import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { productQueryOptions } from '#web/lib/queries.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export { productQueryOptions };

/** The product as a list the visitor came from showed it (the same answer's shape), if one did. */
function productFromLists(queryClient: QueryClient, id: string): Product | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<{ items: Product[] }>>({ queryKey: [...queryKeys.products.all, 'list'] });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * One product. Opened from a card, the page shows the card's copy of it at once (placeholder
 * data, not cached as the product's own answer) while its own answer is fetched.
 */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...productQueryOptions(id), placeholderData: () => productFromLists(queryClient, id) });
}
