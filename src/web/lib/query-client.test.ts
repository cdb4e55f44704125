import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('uses the spec cache settings (5 min, no refetch on focus)', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(300_000);
    expect(defaults.gcTime).toBe(300_000);
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  it('retries server and network errors 3 times, never client errors', () => {
    expect(shouldRetry(0, new ApiError(503, 'request_failed', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'network', 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, 'request_failed', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'unauthorized', 'x'))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
