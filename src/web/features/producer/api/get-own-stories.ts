import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/stories?householdId=: the own active stories. */
export function getOwnStories(householdId: string): Promise<{ items: Story[]; nextCursor: string | null }> {
  return apiFetch(`/api/stories?householdId=${encodeURIComponent(householdId)}`);
}

export const ownStoriesQueryOptions = (householdId: string) =>
  queryOptions({ queryKey: ['stories', 'own', householdId], queryFn: () => getOwnStories(householdId) });

export function useOwnStories(householdId: string) {
  return useQuery(ownStoriesQueryOptions(householdId));
}
