import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Pages read at most: 10 × 100 saved products (a list far beyond what one person keeps). */
const MAX_PAGES = 10;

/**
 * The saved products, every page: the list in the profile and the saved state of each
 * save toggle come from this one query.
 */
export async function getSavedProducts(signal?: AbortSignal): Promise<Product[]> {
  const items: Product[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await api.saved.products({ query: { limit: 100, cursor: cursor ?? undefined }, signal });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

export const savedProductsQueryOptions = (userId: string) => queryOptions({
  queryKey: queryKeys.saved.products(userId),
  queryFn: ({ signal }) => getSavedProducts(signal),
});

export function useSavedProducts(userId: string | null) {
  return useQuery({ ...savedProductsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Save or unsave a product; both idempotent. */
export async function setSaved({ product, saved }: { product: Product; saved: boolean }): Promise<void> {
  const params = { productId: product.id };
  if (saved) await api.saved.saveProduct({ params });
  else await api.saved.unsaveProduct({ params });
}

/** Saves or unsaves at once in the cached list (the toggle answers without waiting), then re-reads it. */
export function useSetSaved(userId: string | null) {
  const queryClient = useQueryClient();
  const key = savedProductsQueryOptions(userId ?? '').queryKey;
  return useMutation({
    mutationFn: setSaved,
    onMutate: async ({ product, saved }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list = []) => {
        const rest = list.filter((p) => p.id !== product.id);
        return saved ? [product, ...rest] : rest;
      });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
