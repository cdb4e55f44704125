import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** DELETE /api/products/:id: archives it; orders keep their lines. */
export async function deleteProduct(id: string): Promise<void> {
  await api.products.archive({ params: { id } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateShop(queryClient) });
}
