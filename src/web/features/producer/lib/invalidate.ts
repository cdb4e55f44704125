import type { QueryClient } from '@tanstack/react-query';

/**
 * After any producer change, everything the shop shows from it is refetched: every query
 * whose key starts with 'products' or 'households' (feed, search, household page, this
 * dashboard), the stories and the dashboard overview (issue 6: "reflected at once").
 */
export function invalidateShop(queryClient: QueryClient, also: ReadonlyArray<'stories' | 'producer'> = []) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['products'] }),
    queryClient.invalidateQueries({ queryKey: ['households'] }),
    ...also.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ]);
}
