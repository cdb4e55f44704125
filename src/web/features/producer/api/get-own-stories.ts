import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/stories?householdId=: the own active stories. */
export const ownStoriesQueryOptions = (householdId: string) =>
  queryOptions({ queryKey: queryKeys.stories.own(householdId), queryFn: () => api.stories.list({ query: { householdId } }) });

export function useOwnStories(householdId: string) {
  return useQuery(ownStoriesQueryOptions(householdId));
}
