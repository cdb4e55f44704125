import { endpoints } from '#shared/api/endpoints.ts';
import { pathFor, queryString } from '#shared/api/endpoint.ts';
import type { LabelsQuery } from '#shared/contracts/legal.ts';
import { requestBlob } from '#web/lib/api-client.ts';

/** GET /api/producer/labels: the label sheets of an own product, as a PDF. */
export function fetchLabels(query: LabelsQuery, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(pathFor(endpoints.producer.labels.path, undefined) + queryString(query), signal ? { signal } : {});
}
