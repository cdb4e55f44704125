import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

export function meQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.me.profile(userId),
    queryFn: ({ signal }) => api.me.get({ signal }),
    enabled: Boolean(userId),
  });
}

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
