import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/me', signal ? { signal } : {});
}

export function meQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['me', userId],
    queryFn: ({ signal }) => getMe(signal),
    enabled: Boolean(userId),
  });
}

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
