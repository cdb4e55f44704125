import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/me, read for its phone: the checkout's contact phone is prefilled with it. */
export async function getContactPhone(signal?: AbortSignal): Promise<string | null> {
  const me = await api.me.get({ signal });
  return me.phone ?? null;
}

export const contactPhoneQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me.phone, queryFn: ({ signal }) => getContactPhone(signal) });

export function useContactPhone(enabled: boolean) {
  return useQuery({ ...contactPhoneQueryOptions(), enabled });
}
