import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The queries of things several features show: one product, one household, the profile's phone. One fetcher and
 * one cache key each, so the catalog's product page and the basket, or the household page and
 * the producer's profile form, share an answer and one invalidation refreshes both.
 */

/** GET /api/products/:id */
export const productQueryOptions = (id: string) => queryOptions({
  queryKey: queryKeys.products.detail(id),
  queryFn: ({ signal }) => api.products.get({ params: { id }, signal }),
});

/** GET /api/households/:id (isFollowing for the signed-in user, hence the user in the key). */
export const householdQueryOptions = (id: string, userId: string | null) => queryOptions({
  queryKey: queryKeys.households.detail(id, userId),
  queryFn: ({ signal }) => api.households.get({ params: { id }, signal }),
});

/** GET /api/me, read for its phone: the checkout and the standing order dialog prefill their contact phone with it. */
export const contactPhoneQueryOptions = () => queryOptions({
  queryKey: queryKeys.me.phone,
  queryFn: async ({ signal }) => (await api.me.get({ signal })).phone ?? null,
});
