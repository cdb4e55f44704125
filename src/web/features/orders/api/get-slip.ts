import { endpoints } from '#shared/api/endpoints.ts';
import { pathFor } from '#shared/api/endpoint.ts';
import { requestBlob } from '#web/lib/api-client.ts';

/** GET /api/producer/orders/:id/slip: the packing slip of an own household's order, as a PDF. */
export function fetchSlip(orderId: string): Promise<Blob> {
  return requestBlob(pathFor(endpoints.producer.orderSlip.path, { id: orderId }));
}
