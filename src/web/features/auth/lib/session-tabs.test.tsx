import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { fakeTokens } from '#web/test/jwt.ts';
import { AuthProvider } from '../components/auth-provider.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { REFRESH_LOCK_NAME, createSessionStore, type RefreshLock, type SessionApi } from './session-store.ts';

/**
 * Two tabs are two session stores over one localStorage. A refresh rotates the refresh token,
 * so two tabs refreshing with the same token would race; they must refresh once between them
 * and share the result.
 */
const ana = { sub: 'u-1', email: 'ana@example.rs', name: 'Ана Петровић' };

function storeSession(tokens: ReturnType<typeof fakeTokens>) {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ id: ana.sub, email: ana.email, name: ana.name, userType: 'customer' }));
  localStorage.setItem(SESSION_STORAGE_KEYS.idToken, tokens.idToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** What navigator.locks gives: one holder at a time, in request order, across tabs. */
function sharedLock(): RefreshLock & { requests: number } {
  let tail: Promise<unknown> = Promise.resolve();
  const lock = {
    requests: 0,
    run<T>(task: () => Promise<T>): Promise<T> {
      lock.requests += 1;
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
  return lock;
}

/** A server that rotates: each refresh token works once (no grace window, the worst case). */
function rotatingServer() {
  let live = new Set<string>([localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken)!]);
  const calls: string[] = [];
  const refresh = vi.fn(async (refreshToken: string) => {
    calls.push(refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!live.has(refreshToken)) throw new ApiError(401, 'unauthorized', 'Invalid or expired refresh token');
    const next = fakeTokens(ana);
    live = new Set([next.refreshToken]);
    return next;
  });
  const api: SessionApi = { login: vi.fn(), refresh, logout: vi.fn(() => Promise.resolve()) };
  return { api, refresh, calls };
}

describe('refresh across tabs', () => {
  it('refreshes once for two tabs under the lock; both tabs end with the same working tokens', async () => {
    storeSession(fakeTokens(ana));
    const server = rotatingServer();
    const lock = sharedLock();
    const tabA = createSessionStore({ api: server.api, lock });
    const tabB = createSessionStore({ api: server.api, lock });
    await Promise.all([tabA.restore(), tabB.restore()]);

    const [a, b] = await Promise.all([tabA.refresh(), tabB.refresh()]);
    expect(server.refresh).toHaveBeenCalledTimes(1);
    expect(lock.requests).toBe(2);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(tabA.bridge.getAccessToken()).toBe(a);
    expect(tabB.bridge.getAccessToken()).toBe(a);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.accessToken)).toBe(a);
    expect(tabA.getState().user).toMatchObject({ id: 'u-1' });
    expect(tabB.getState().user).toMatchObject({ id: 'u-1' });

    // The shared refresh token is the live one: the next refresh (either tab) works.
    expect(await tabB.refresh()).toBeTruthy();
    expect(tabB.getState().user).toMatchObject({ id: 'u-1' });
  });

  it('without Web Locks, the tab that loses the race takes the winner\'s tokens instead of logging out', async () => {
    storeSession(fakeTokens(ana));
    const server = rotatingServer();
    const tabA = createSessionStore({ api: server.api, lock: null });
    const tabB = createSessionStore({ api: server.api, lock: null });
    await Promise.all([tabA.restore(), tabB.restore()]);

    const [a, b] = await Promise.all([tabA.refresh(), tabB.refresh()]);
    // Both spent the same token; the server refused the second.
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]).toBe(server.calls[1]);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(tabB.getState().user).toMatchObject({ id: 'u-1' });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken)).not.toBeNull();
  });

  it('still ends the session when the server refuses and no other tab has newer tokens', async () => {
    storeSession(fakeTokens(ana));
    const server = rotatingServer();
    localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, 'revoked-elsewhere');
    const tab = createSessionStore({ api: server.api, lock: sharedLock() });
    await tab.restore();
    expect(await tab.refresh()).toBeNull();
    expect(tab.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('uses navigator.locks when the browser has it', async () => {
    storeSession(fakeTokens(ana));
    const server = rotatingServer();
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const tab = createSessionStore({ api: server.api });
    await tab.restore();
    expect(await tab.refresh()).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toBe(REFRESH_LOCK_NAME);
    vi.unstubAllGlobals();
  });
});

function Who() {
  const { user } = useAuth();
  return <p>{user ? user.name : 'guest'}</p>;
}

describe('AuthProvider in a second tab', () => {
  it('picks up the tokens another tab refreshed (storage event), so it never spends the rotated token', async () => {
    storeSession(fakeTokens(ana));
    const server = rotatingServer();
    const tabB = createSessionStore({ api: server.api, lock: null });
    render(<AuthProvider store={tabB}><Who /></AuthProvider>);
    expect(await screen.findByText('Ана Петровић')).toBeInTheDocument();

    // Tab A refreshes: new tokens land in the shared storage; the browser tells tab B.
    const tabA = createSessionStore({ api: server.api, lock: null });
    await tabA.restore();
    const fresh = await tabA.refresh();
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEYS.refreshToken }));
    });
    expect(tabB.bridge.getAccessToken()).toBe(fresh);
    // Tab B's own refresh now uses the live token: no 401, still signed in.
    expect(await act(() => tabB.refresh())).toBeTruthy();
    expect(server.refresh).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Ана Петровић')).toBeInTheDocument();
  });
});
