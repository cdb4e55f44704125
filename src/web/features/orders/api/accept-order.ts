import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/accept: the buyer accepts a weighed total more than 15 % above the estimate. */
export function acceptOrder(id: string): Promise<Order> {
  return api.orders.accept({ params: { id } });
}

export function useAcceptOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
