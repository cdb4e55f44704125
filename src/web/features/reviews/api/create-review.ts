import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review } from '#shared/contracts/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/products/:id/reviews: writes the own review, or edits it when there is one. */
export function createReview({ productId, ...body }: CreateReviewBody & { productId: string }): Promise<Review> {
  return apiFetch<Review>(`/api/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The product's and household's rating and count change too, and the buyer's page.
    onSuccess: (_review, { productId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['reviews', productId] }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
      queryClient.invalidateQueries({ queryKey: ['households'] }),
      queryClient.invalidateQueries({ queryKey: ['buyers'] }),
    ]),
  });
}
