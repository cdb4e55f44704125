import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UpdateProductBody } from '#shared/contracts/products.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** PATCH /api/products/:id: edit, publish/unpublish, feature. */
export function updateProduct({ id, body }: { id: string; body: UpdateProductBody }): Promise<Product> {
  return api.products.update({ params: { id }, body });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateShop(queryClient) });
}
