import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderWeightsBody, ProducerOrder } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** PATCH /api/producer/orders/:id/weights: the weighed kg of lines sold by weight (docs/weight-pricing.md). */
export function setOrderWeights({ id, lines }: { id: string; lines: OrderWeightsBody['lines'] }): Promise<ProducerOrder> {
  return api.producer.setOrderWeights({ params: { id }, body: { lines } });
}

export function useSetOrderWeights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderWeights,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.producer.all }),
      ]);
    },
  });
}
