import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/households/:id (the own one, for the profile form). */
export function getHousehold(id: string): Promise<Household> {
  return apiFetch<Household>(`/api/households/${encodeURIComponent(id)}`);
}

export const ownHouseholdQueryOptions = (id: string) => queryOptions({ queryKey: ['households', 'own', id], queryFn: () => getHousehold(id) });

export function useOwnHousehold(id: string) {
  return useQuery(ownHouseholdQueryOptions(id));
}
