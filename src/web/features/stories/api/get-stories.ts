import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/stories: active stories (last 24 h), newest first, optionally of one household. */
export function getStories(householdId: string | undefined, signal?: AbortSignal): Promise<{ items: Story[]; nextCursor: string | null }> {
  const query = householdId ? `?householdId=${encodeURIComponent(householdId)}` : '';
  return apiFetch(`/api/stories${query}`, { signal });
}

export const storiesQueryOptions = (householdId?: string) => queryOptions({
  queryKey: ['stories', householdId ?? 'all'],
  queryFn: ({ signal }) => getStories(householdId, signal),
  // Stories expire after 24 h: do not keep them as long as other data.
  staleTime: 60_000,
});

export function useStories(householdId?: string) {
  return useQuery(storiesQueryOptions(householdId));
}
