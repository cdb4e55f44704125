import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review } from '#shared/contracts/reviews.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/products/:id/reviews: writes the own review, or edits it when there is one. */
export function createReview({ productId, ...body }: CreateReviewBody & { productId: string }): Promise<Review> {
  return api.reviews.write({ params: { id: productId }, body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The product's and household's rating and count change too, and the buyer's page.
    onSuccess: (_review, { productId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews.ofProduct(productId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.households.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.buyers.all }),
    ]),
  });
}
