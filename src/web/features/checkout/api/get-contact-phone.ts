import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/me, read for its phone: the checkout's contact phone is prefilled with it. */
export async function getContactPhone(signal?: AbortSignal): Promise<string | null> {
  const me = await apiFetch<{ phone?: string | null }>('/api/me', { signal });
  return me.phone ?? null;
}

export const contactPhoneQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'phone'], queryFn: ({ signal }) => getContactPhone(signal) });

export function useContactPhone(enabled: boolean) {
  return useQuery({ ...contactPhoneQueryOptions(), enabled });
}
