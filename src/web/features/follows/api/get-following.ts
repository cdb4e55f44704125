import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/contracts/households.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/me/following: the households the signed-in user follows, latest first. */
export function getFollowing(limit: number, signal?: AbortSignal): Promise<{ items: Household[]; nextCursor: string | null }> {
  return apiFetch(`/api/me/following?limit=${limit}`, { signal });
}

// Under 'households' so a follow or unfollow refreshes it with the households.
export const followingQueryOptions = (userId: string, limit: number) => queryOptions({
  queryKey: ['households', 'following', userId, limit],
  queryFn: ({ signal }) => getFollowing(limit, signal),
});

export function useFollowing(userId: string | null, limit: number) {
  return useQuery({ ...followingQueryOptions(userId ?? '', limit), enabled: Boolean(userId) });
}
