import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * After any producer change, everything the shop shows from it is refetched: every query
 * whose key starts with 'products' or 'households' (feed, search, household page, this
 * dashboard), the stories and the dashboard overview: a change shows everywhere at once.
 */
export function invalidateShop(queryClient: QueryClient, also: ReadonlyArray<'stories' | 'producer'> = []) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.households.all }),
    ...also.map((key) => queryClient.invalidateQueries({ queryKey: queryKeys[key].all })),
  ]);
}
