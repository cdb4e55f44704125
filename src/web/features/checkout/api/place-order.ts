import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreateOrderResponse } from '#shared/contracts/orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api, ApiError } from '#web/lib/api-client.ts';

export interface PlaceOrderVariables {
  body: CreateOrderBody;
  /** One key per checkout attempt (kept across retries), so no retry makes a second order. */
  idempotencyKey: string;
}

/** POST /api/orders: the whole basket in one atomic checkout. */
export function placeOrder({ body, idempotencyKey }: PlaceOrderVariables): Promise<CreateOrderResponse> {
  return api.orders.create({ body, headers: { 'idempotency-key': idempotencyKey } });
}

/** Worth sending again with the same key: the first try may or may not have arrived. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.code === 'idempotency.in_progress');
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Safe to retry: the Idempotency-Key makes the server answer a repeat with the first result.
    retry: (failureCount, error) => isTransient(error) && failureCount < 3,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
    onSuccess: async () => {
      // The orders feature's lists are stale; product stock changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]);
    },
  });
}
