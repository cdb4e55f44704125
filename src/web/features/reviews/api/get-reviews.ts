import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/products/:id/reviews (newest first; the first 50). */
export const reviewsQueryOptions = (productId: string) => queryOptions({
  queryKey: queryKeys.reviews.ofProduct(productId),
  queryFn: ({ signal }) => api.reviews.ofProduct({ params: { id: productId }, query: { limit: 50 }, signal }),
});

export function useReviews(productId: string) {
  return useQuery(reviewsQueryOptions(productId));
}
