import { ApiError } from '#web/lib/api-client.ts';
import { productQueryOptions } from '#web/lib/queries.ts';

/**
 * The product query, read again each time the basket is shown: prices and availability
 * change. Same key and fetcher as the product page.
 */
// Not offline: the service worker could answer from an old copy, and the basket would call that
// "checked". Offline, the check waits for the connection (and the basket says so).
export const basketProductQueryOptions = (id: string) => ({ ...productQueryOptions(id), staleTime: 0, networkMode: 'online' as const });

/** A product that is gone (404, or an id the server refuses) flags its line as unavailable. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
