import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** PUT (follow) or DELETE (unfollow) /api/households/:id/follow; both idempotent. */
export function setFollowing({ householdId, follow }: { householdId: string; follow: boolean }): Promise<Household> {
  return apiFetch<Household>(`/api/households/${encodeURIComponent(householdId)}/follow`, { method: follow ? 'PUT' : 'DELETE' });
}

export function useFollowHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['households'] }),
  });
}
