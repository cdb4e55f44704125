import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/households/:id for its pickup points' opening hours (the settings checkout reads,
 * under the same key): an order at a point shows the window it was placed for.
 */
export function usePickupHours(householdId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.households.checkout(householdId),
    queryFn: ({ signal }) => api.households.get({ params: { id: householdId }, signal }),
    enabled,
    select: (household) => household.pickupPoints,
  });
}
