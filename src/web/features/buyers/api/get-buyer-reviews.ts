import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/buyers/:id/reviews (the newest 50, with product name and image). */
export const buyerReviewsQueryOptions = (id: string) => queryOptions({
  queryKey: queryKeys.buyers.reviews(id),
  queryFn: ({ signal }) => api.buyers.reviews({ params: { id }, query: { limit: 50 }, signal }),
});

export function useBuyerReviews(id: string) {
  return useQuery(buyerReviewsQueryOptions(id));
}
