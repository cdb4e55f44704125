import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { requestBlob, requestJson } from '#web/lib/api-client.ts';
import type { Picklist } from './drop-types.ts';

const picklistPath = (dropId: string) => `/api/producer/drops/${encodeURIComponent(dropId)}/picklist`;

/** GET /api/producer/drops/:id/picklist: the own household's orders for a drop and what to bring. */
export const picklistQueryOptions = (dropId: string) =>
  queryOptions({
    queryKey: queryKeys.drops.picklist(dropId),
    queryFn: ({ signal }) => requestJson(picklistPath(dropId), { signal }) as Promise<Picklist>,
    staleTime: 0,
  });

export function usePicklist(dropId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...picklistQueryOptions(dropId), enabled: options.enabled ?? true });
}

/** The same pick list as a PDF (A4, in the producer's language) to print. */
export function fetchPicklistPdf(dropId: string): Promise<Blob> {
  return requestBlob(`${picklistPath(dropId)}?format=pdf`);
}
