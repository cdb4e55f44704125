import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/contracts/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/products/:id/reviews (newest first; the first 50). */
export function getReviews(productId: string, signal?: AbortSignal): Promise<{ items: Review[]; nextCursor: string | null }> {
  return apiFetch(`/api/products/${encodeURIComponent(productId)}/reviews?limit=50`, { signal });
}

export const reviewsQueryOptions = (productId: string) => queryOptions({
  queryKey: ['reviews', productId],
  queryFn: ({ signal }) => getReviews(productId, signal),
});

export function useReviews(productId: string) {
  return useQuery(reviewsQueryOptions(productId));
}
