import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerReview } from '#shared/contracts/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/buyers/:id/reviews (the newest 50, with product name and image). */
export function getBuyerReviews(id: string, signal?: AbortSignal): Promise<{ items: BuyerReview[]; nextCursor: string | null }> {
  return apiFetch(`/api/buyers/${encodeURIComponent(id)}/reviews?limit=50`, { signal });
}

export const buyerReviewsQueryOptions = (id: string) => queryOptions({
  queryKey: ['buyers', id, 'reviews'],
  queryFn: ({ signal }) => getBuyerReviews(id, signal),
});

export function useBuyerReviews(id: string) {
  return useQuery(buyerReviewsQueryOptions(id));
}
