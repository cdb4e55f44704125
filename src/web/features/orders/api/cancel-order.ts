import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/cancel: only while pending; the stock goes back. */
export function cancelOrder(id: string): Promise<Order> {
  return api.orders.cancel({ params: { id } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
