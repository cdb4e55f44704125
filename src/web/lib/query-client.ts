import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '#shared/constants.ts';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 3;

/** Client errors will fail the same way again; everything else is retried (docs/product.md). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Exponential back-off capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: TIMINGS.queryStaleMs,
        gcTime: TIMINGS.queryStaleMs,
        refetchOnWindowFocus: false,
        // Offline, a read is still tried once: the service worker (src/web/sw.ts) may answer it
        // from what it kept. Only the retries wait for the connection (the query is then paused).
        networkMode: 'offlineFirst',
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}
