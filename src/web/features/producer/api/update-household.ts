import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household, UpdateHouseholdBody } from '#shared/contracts/households.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** PATCH /api/households/:id */
export function updateHousehold({ id, body }: { id: string; body: UpdateHouseholdBody }): Promise<Household> {
  return api.households.update({ params: { id }, body });
}

export function useUpdateHousehold() {
  const queryClient = useQueryClient();
  // Stories carry the household name and avatar too.
  return useMutation({ mutationFn: updateHousehold, onSuccess: () => invalidateShop(queryClient, ['stories']) });
}
