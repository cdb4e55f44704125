import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus, ProducerOrder, UpdateOrderStatusBody } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** PATCH /api/producer/orders/:id: the producer changes the status (the buyer is mailed). */
export function updateOrderStatus({ id, status }: { id: string; status: NonNullable<UpdateOrderStatusBody['status']> }): Promise<ProducerOrder> {
  return api.producer.setOrderStatus({ params: { id }, body: { status } });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        // Stock may have come back (cancelled); the dashboard's overview counts change.
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.producer.all }),
      ]);
    },
  });
}

/** PATCH /api/producer/orders/:id { paymentStatus }: the producer marks the payment received or not */
export function updatePaymentStatus({ id, paymentStatus }: { id: string; paymentStatus: PaymentStatus }): Promise<ProducerOrder> {
  return api.producer.setOrderStatus({ params: { id }, body: { paymentStatus } });
}

export function useUpdatePaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentStatus,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
