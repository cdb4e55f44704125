import type { Mock } from 'vitest';

/** A stubbed fetch, typed as the app calls it (a URL string and its init). */
export type FetchMock = Mock<(url: string, init: RequestInit) => Promise<Response>>;

/** The URL and init of one fetch call; fails the test when there was no such call. */
export function callOf(mock: FetchMock, index = 0): [string, RequestInit] {
  const call = mock.mock.calls[index];
  if (!call) throw new Error(`fetch was called ${mock.mock.calls.length} times, not ${index + 1}`);
  return call;
}
