import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/me, read for its phone: the standing order dialog's contact phone, when nothing else fills it. */
export const standingPhoneQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.phone,
    queryFn: async ({ signal }) => (await api.me.get({ signal })).phone ?? null,
  });

export function useStandingPhone(enabled: boolean) {
  return useQuery({ ...standingPhoneQueryOptions(), enabled });
}
