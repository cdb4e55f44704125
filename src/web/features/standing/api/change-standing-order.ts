import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createStandingOrderBody, updateStandingOrderBody } from '#shared/contracts/standing-orders.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST, PATCH, DELETE /api/standing-orders and POST …/:id/skip: every change refreshes the list. */
function useInvalidateStanding() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.standing.all });
}

export function useCreateStandingOrder() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: (body: z.input<typeof createStandingOrderBody>) => api.standingOrders.create({ body }),
    onSettled: invalidate,
  });
}

export function useUpdateStandingOrder() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof updateStandingOrderBody> }) => api.standingOrders.update({ params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useSkipStandingDate() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: ({ id, date }: { id: string; date: string }) => api.standingOrders.skip({ params: { id }, body: { date } }),
    onSettled: invalidate,
  });
}

export function useCancelStandingOrder() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: (id: string) => api.standingOrders.cancel({ params: { id } }),
    onSettled: invalidate,
  });
}
