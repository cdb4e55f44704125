import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/buyers/:id: public profile with real totals. */
export const buyerQueryOptions = (id: string) => queryOptions({
  queryKey: queryKeys.buyers.detail(id),
  queryFn: ({ signal }) => api.buyers.get({ params: { id }, signal }),
});

export function useBuyer(id: string) {
  return useQuery(buyerQueryOptions(id));
}
