import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/constants.ts';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** PATCH /api/producer/orders/:id: the producer changes the status (the buyer is mailed). */
export function updateOrderStatus({ id, status }: { id: string; status: OrderStatus }): Promise<ProducerOrder> {
  return apiFetch<ProducerOrder>(`/api/producer/orders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        // Stock may have come back (cancelled); the dashboard's overview counts change.
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['producer'] }),
      ]);
    },
  });
}
