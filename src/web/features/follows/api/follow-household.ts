import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** PUT (follow) or DELETE (unfollow) /api/households/:id/follow; both idempotent. */
export function setFollowing({ householdId, follow }: { householdId: string; follow: boolean }): Promise<Household> {
  return (follow ? api.households.follow : api.households.unfollow)({ params: { id: householdId } });
}

export function useFollowHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.households.all }),
  });
}
