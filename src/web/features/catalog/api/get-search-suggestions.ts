import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/suggestions: existing names and towns spelt like `q`, for a search that found nothing. */
export const searchSuggestionsQueryOptions = (q: string) => queryOptions({
  queryKey: queryKeys.products.suggestions(q),
  queryFn: ({ signal }) => api.products.suggestions({ query: { q }, signal }),
});

export function useSearchSuggestions(q: string, enabled: boolean) {
  return useQuery({ ...searchSuggestionsQueryOptions(q), enabled: enabled && q.length > 0 });
}
