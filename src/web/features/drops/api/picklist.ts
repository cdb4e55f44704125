import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '#shared/api/endpoints.ts';
import { pathFor, queryString } from '#shared/api/endpoint.ts';
import type { Picklist } from '#shared/contracts/drops.ts';
import { api, requestBlob } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/producer/drops/:id/picklist: the own household's orders for a drop and what to bring. */
export const picklistQueryOptions = (dropId: string) =>
  queryOptions({
    queryKey: queryKeys.drops.picklist(dropId),
    // Without ?format the answer is the JSON pick list (the PDF is the other member of its union).
    queryFn: async ({ signal }) => (await api.drops.picklist({ params: { id: dropId }, query: {}, signal })) as Picklist,
    staleTime: 0,
  });

export function usePicklist(dropId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...picklistQueryOptions(dropId), enabled: options.enabled ?? true });
}

/** The same pick list as a PDF (A4, in the producer's language) to print. */
export function fetchPicklistPdf(dropId: string): Promise<Blob> {
  return requestBlob(pathFor(endpoints.drops.picklist.path, { id: dropId }) + queryString({ format: 'pdf' }));
}
