import { useQueries } from '@tanstack/react-query';
import type { Household, Slots } from '#shared/contracts/households.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * What checkout reads of each household of the basket: its pickup points,
 * delivery, minimum order and payment settings, and its slots for the next four weeks.
 */
export function getCheckoutHousehold(id: string, signal?: AbortSignal): Promise<Household> {
  return api.households.get({ params: { id }, signal });
}

export function getSlots(id: string, days: number, signal?: AbortSignal): Promise<Slots> {
  return api.households.slots({ params: { id }, query: { days }, signal });
}

export const SLOT_DAYS = 28;

export interface HouseholdLogistics { household: Household | undefined; slots: Slots | undefined; isLoading: boolean }

/** Settings and slots of every household id, in the order given. */
export function useHouseholdsLogistics(ids: string[]): Record<string, HouseholdLogistics> {
  const households = useQueries({
    queries: ids.map((id) => ({ queryKey: queryKeys.households.checkout(id), queryFn: ({ signal }: { signal: AbortSignal }) => getCheckoutHousehold(id, signal) })),
  });
  const slots = useQueries({
    // Slots move with the clock: read fresh for each checkout.
    queries: ids.map((id) => ({ queryKey: queryKeys.households.slots(id), queryFn: ({ signal }: { signal: AbortSignal }) => getSlots(id, SLOT_DAYS, signal), staleTime: 60_000 })),
  });
  const out: Record<string, HouseholdLogistics> = {};
  ids.forEach((id, i) => {
    const h = households[i];
    const s = slots[i];
    out[id] = { household: h?.data, slots: s?.data, isLoading: Boolean(h?.isLoading || s?.isLoading) };
  });
  return out;
}
