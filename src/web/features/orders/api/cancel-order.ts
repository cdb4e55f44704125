import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/orders.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/cancel: only while pending; the stock goes back. */
export function cancelOrder(id: string): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
