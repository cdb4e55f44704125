import { isApiError, requestJson } from '#web/lib/api-client.ts';
import type { HandoverItem } from '../lib/handover-store.ts';

/** POST /api/producer/handovers: marks made at the hand-over; the server applies each clientId once. */
export function sendHandovers(items: HandoverItem[]): Promise<{ applied: number; ignored: number }> {
  return requestJson('/api/producer/handovers', { method: 'POST', body: { items } }) as Promise<{ applied: number; ignored: number }>;
}

/** A failure to try again later: no network, the server not answering well, the session to renew, too many requests. */
export function isRetryableFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}
