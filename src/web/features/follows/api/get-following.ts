import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/me/following: the households the signed-in user follows, latest first. */
export const followingQueryOptions = (userId: string, limit: number) => queryOptions({
  queryKey: queryKeys.households.following(userId, limit),
  queryFn: ({ signal }) => api.me.following({ query: { limit }, signal }),
});

export function useFollowing(userId: string | null, limit: number) {
  return useQuery({ ...followingQueryOptions(userId ?? '', limit), enabled: Boolean(userId) });
}
