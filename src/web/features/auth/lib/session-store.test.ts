import { afterEach, describe, expect, it, vi } from 'vitest';
import { api as client, ApiError, setAuthBridge } from '#web/lib/api-client.ts';
import { fakeTokens } from '#web/test/jwt.ts';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { createSessionStore, type SessionApi } from './session-store.ts';

const ana = { sub: 'u-1', email: 'ana@example.rs', name: 'Ана Петровић' };

function api(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    login: vi.fn(() => Promise.resolve(fakeTokens(ana))),
    refresh: vi.fn(() => Promise.resolve(fakeTokens(ana))),
    logout: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

function storeSession(tokens: ReturnType<typeof fakeTokens>, user = { id: ana.sub, email: ana.email, name: ana.name, userType: 'customer' }) {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(SESSION_STORAGE_KEYS.idToken, tokens.idToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('is loading until restored, then has no user when nothing is stored', async () => {
    const store = createSessionStore({ api: api() });
    expect(store.getState()).toEqual({ isLoading: true, user: null });
    await store.restore();
    expect(store.getState()).toEqual({ isLoading: false, user: null });
  });

  it('logs in, decodes the id token and stores user and tokens under domace.* keys', async () => {
    const sessionApi = api();
    const store = createSessionStore({ api: sessionApi });
    await store.restore();
    const user = await store.login('ana@example.rs', 'secret-password');
    expect(sessionApi.login).toHaveBeenCalledWith('ana@example.rs', 'secret-password');
    expect(user).toEqual({ id: 'u-1', email: 'ana@example.rs', name: 'Ана Петровић', userType: 'customer' });
    expect(JSON.parse(localStorage.getItem('domace.user')!)).toEqual(user);
    for (const key of ['domace.idToken', 'domace.accessToken', 'domace.refreshToken']) {
      expect(localStorage.getItem(key)).toBeTruthy();
    }
  });

  it('restores a stored session at start', async () => {
    storeSession(fakeTokens(ana));
    const store = createSessionStore({ api: api() });
    await store.restore();
    expect(store.getState().user).toMatchObject({ id: 'u-1', name: 'Ана Петровић' });
  });

  it('refreshes an expired stored session before it is ready', async () => {
    storeSession(fakeTokens(ana, { expiresInSeconds: -60 }));
    const sessionApi = api();
    const store = createSessionStore({ api: sessionApi });
    await store.restore();
    expect(sessionApi.refresh).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ isLoading: false, user: { id: 'u-1' } });
  });

  it('ends the session when the server refuses the refresh', async () => {
    storeSession(fakeTokens(ana, { expiresInSeconds: -60 }));
    const store = createSessionStore({
      api: api({ refresh: () => Promise.reject(new ApiError(401, 'unauthorized', 'no')) }),
    });
    await store.restore();
    expect(store.getState()).toEqual({ isLoading: false, user: null });
    expect(localStorage.getItem('domace.refreshToken')).toBeNull();
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    storeSession(fakeTokens(ana, { expiresInSeconds: -60 }));
    const store = createSessionStore({
      api: api({ refresh: () => Promise.reject(new ApiError(0, 'network', 'offline')) }),
    });
    await store.restore();
    expect(store.getState().user).toMatchObject({ id: 'u-1' });
  });

  it('runs one refresh for concurrent callers', async () => {
    storeSession(fakeTokens(ana));
    const sessionApi = api();
    const store = createSessionStore({ api: sessionApi });
    await store.restore();
    const [a, b] = await Promise.all([store.refresh(), store.refresh()]);
    expect(sessionApi.refresh).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it('logs out: clears storage at once and tells the server (best effort)', async () => {
    const sessionApi = api({ logout: vi.fn(() => Promise.reject(new Error('server down'))) });
    const store = createSessionStore({ api: sessionApi });
    await store.restore();
    await store.login('ana@example.rs', 'pw');
    await store.logout();
    expect(sessionApi.logout).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toBeNull();
    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('setUser updates profile fields and persists them', async () => {
    const store = createSessionStore({ api: api() });
    await store.restore();
    await store.login('ana@example.rs', 'pw');
    store.setUser({ phone: '+381 64 123 4567', location: 'Чачак' });
    expect(store.getState().user).toMatchObject({ phone: '+381 64 123 4567', location: 'Чачак' });
    expect(JSON.parse(localStorage.getItem('domace.user')!)).toMatchObject({ location: 'Чачак' });
  });
});

describe('API calls with a session', () => {
  function jsonResponse(status: number, body: unknown) {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }

  it('sends the bearer token, and on a 401 refreshes once and retries once', async () => {
    storeSession(fakeTokens(ana));
    const fresh = fakeTokens(ana);
    const store = createSessionStore({ api: api({ refresh: vi.fn(() => Promise.resolve(fresh)) }) });
    await store.restore();
    const unregister = setAuthBridge(store.bridge);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(401, { error: 'expired', code: 'unauthorized' }))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(client.me.get()).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const retried = fetchMock.mock.calls[1]![1] as RequestInit;
    expect((retried.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh.accessToken}`);
    unregister();
  });

  it('does not loop: a second 401 after the refresh is the answer', async () => {
    storeSession(fakeTokens(ana));
    const store = createSessionStore({ api: api() });
    await store.restore();
    const unregister = setAuthBridge(store.bridge);
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(401, { error: 'no', code: 'unauthorized' })));
    vi.stubGlobal('fetch', fetchMock);

    await expect(client.me.get()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unregister();
  });

  it('refreshes before the request when the access token is about to expire', async () => {
    storeSession(fakeTokens(ana, { expiresInSeconds: 5 }));
    const sessionApi = api();
    const store = createSessionStore({ api: sessionApi });
    // restore() would refresh already; read storage without it to test the request path.
    store.syncFromStorage();
    const unregister = setAuthBridge(store.bridge);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(200, {}))));
    await client.me.get();
    expect(sessionApi.refresh).toHaveBeenCalledTimes(1);
    unregister();
  });
});
