import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/payment-sent: the buyer says an IPS order is paid (payment.status reported). */
export function reportPayment(id: string): Promise<Order> {
  return api.orders.paymentSent({ params: { id } });
}

export function useReportPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
