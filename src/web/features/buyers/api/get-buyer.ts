import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerProfile } from '#shared/contracts/buyers.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/buyers/:id: public profile with real totals. */
export function getBuyer(id: string, signal?: AbortSignal): Promise<BuyerProfile> {
  return apiFetch<BuyerProfile>(`/api/buyers/${encodeURIComponent(id)}`, { signal });
}

export const buyerQueryOptions = (id: string) => queryOptions({
  queryKey: ['buyers', id],
  queryFn: ({ signal }) => getBuyer(id, signal),
});

export function useBuyer(id: string) {
  return useQuery(buyerQueryOptions(id));
}
