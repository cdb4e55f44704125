import type { HandoverItem, HandoverResponse } from '#shared/contracts/drops.ts';
import { api, isApiError } from '#web/lib/api-client.ts';

/** POST /api/producer/handovers: marks made at the hand-over; the server applies each clientId once. */
export function sendHandovers(items: HandoverItem[]): Promise<HandoverResponse> {
  return api.drops.handovers({ body: { items } });
}

/** A failure to try again later: no network, the server not answering well, the session to renew, too many requests. */
export function isRetryableFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}
