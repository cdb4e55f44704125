import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import type { BasketProduct } from '../lib/types.ts';

/**
 * GET /api/products/:id, read again when the basket is shown: a product that is gone (404)
 * answers null, so the line can be flagged as unavailable.
 */
export async function getBasketProduct(id: string, signal?: AbortSignal): Promise<BasketProduct | null> {
  try {
    return await apiFetch<BasketProduct>(`/api/products/${encodeURIComponent(id)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const basketProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['basket', 'product', id],
    queryFn: ({ signal }) => getBasketProduct(id, signal),
    // Prices and availability change: re-read each time the basket is opened.
    staleTime: 0,
    gcTime: 60_000,
  });
