import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductBody, Product } from '#shared/contracts/products.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** POST /api/products */
export function createProduct(body: CreateProductBody): Promise<Product> {
  return api.products.create({ body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateShop(queryClient) });
}
