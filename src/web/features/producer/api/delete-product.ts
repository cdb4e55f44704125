import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** DELETE /api/products/:id: archives it; orders keep their lines. */
export function deleteProduct(id: string): Promise<void> {
  return apiFetch<void>(`/api/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateShop(queryClient) });
}
