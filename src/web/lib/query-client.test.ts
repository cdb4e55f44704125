import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('keeps answers 5 min and does not refetch on focus', () => {
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

  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('still asks once, so an answer the service worker kept is shown', async () => {
      onlineManager.setOnline(false);
      const client = createQueryClient();
      const data = await client.fetchQuery({ queryKey: ['kept'], queryFn: () => Promise.resolve({ name: 'Sjenički sir' }) });
      expect(data).toEqual({ name: 'Sjenički sir' });
    });

    it('pauses (no error screen, no endless retries) when nothing was kept, and resumes online', async () => {
      onlineManager.setOnline(false);
      const client = createQueryClient();
      client.mount(); // as QueryClientProvider does: hears the browser going back online
      let calls = 0;
      // An observer, as a page's useQuery: the app's retry settings apply.
      const observer = new QueryObserver(client, {
        queryKey: ['not-kept'],
        queryFn: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new ApiError(0, 'network', 'offline')) : Promise.resolve('back');
        },
      });
      const unsubscribe = observer.subscribe(() => undefined);
      // The first retry waits its back-off (1 s), then finds the browser offline and pauses.
      await vi.waitFor(() => expect(observer.getCurrentResult().isPaused).toBe(true), { timeout: 3000 });
      expect(calls).toBe(1);
      expect(observer.getCurrentResult().status).toBe('pending');
      expect(observer.getCurrentResult().isError).toBe(false);
      onlineManager.setOnline(true);
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('back'));
      unsubscribe();
      client.unmount();
    });
  });
});
