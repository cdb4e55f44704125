import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The signed-in buyer's waitlist entries with their holds (none when signed out: `userId` null). */
export function useMyWaitlist(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.waitlist.mine(userId ?? ''),
    queryFn: ({ signal }) => api.waitlist.mine({ signal }).then((answer) => answer.items),
    enabled: Boolean(userId),
  });
}

/** Join (or change the quantity) and leave a product's waitlist; the buyer's list is read again after each. */
export function useWaitlistMutations(userId: string, productId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine(userId) });
  return {
    join: useMutation({ mutationFn: (quantity: number) => api.waitlist.join({ params: { id: productId }, body: { quantity } }), onSettled }),
    leave: useMutation({ mutationFn: async () => { await api.waitlist.leave({ params: { id: productId } }); }, onSettled }),
  };
}
