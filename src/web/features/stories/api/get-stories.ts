import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/stories: active stories (last 24 h), newest first, optionally of one household. */
export const storiesQueryOptions = (householdId?: string) => queryOptions({
  queryKey: queryKeys.stories.list(householdId),
  queryFn: ({ signal }) => api.stories.list({ query: { householdId }, signal }),
  // Stories expire after 24 h: do not keep them as long as other data.
  staleTime: 60_000,
});

export function useStories(householdId?: string) {
  return useQuery(storiesQueryOptions(householdId));
}
