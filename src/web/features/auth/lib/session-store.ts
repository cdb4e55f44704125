import type { UserType } from '#shared/constants.ts';
import { ApiError, REFRESH_MARGIN_MS, type AuthBridge } from '#web/lib/api-client.ts';
import type { TokensResponse as AuthTokens } from '#shared/contracts/auth.ts';
import { login as loginRequest } from '../api/login.ts';
import { logout as logoutRequest } from '../api/logout.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { decodeIdToken, tokenExpiresAt } from './decode-id-token.ts';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  userType: UserType;
  phone?: string;
  location?: string;
  bio?: string;
  avatar?: string;
}

export interface SessionState {
  /** True until the stored session has been read (and refreshed if it had expired). */
  isLoading: boolean;
  user: SessionUser | null;
}

interface StoredTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms; read from the access token's `exp`, else from `expiresIn`. */
  expiresAt: number | null;
}

export interface SessionApi {
  login(email: string, password: string): Promise<AuthTokens>;
  refresh(refreshToken: string): Promise<AuthTokens>;
  logout(accessToken: string, refreshToken: string): Promise<void>;
}

const defaultApi: SessionApi = { login: loginRequest, refresh: refreshSession, logout: logoutRequest };

/** The cross-tab mutex around a refresh: `navigator.locks` (Web Locks) where the browser has it. */
export interface RefreshLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export const REFRESH_LOCK_NAME = 'domace.refresh';

/** Web Locks when available; else null (each tab refreshes alone, the server's grace window covers the race). */
function webLock(): RefreshLock | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return null;
  // request() resolves with what the callback resolved to (lib.dom types it one promise deep).
  return { run: (task) => locks.request(REFRESH_LOCK_NAME, () => task()).then((result) => result) };
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const user = value as Partial<SessionUser>;
    if (typeof user.id !== 'string' || typeof user.email !== 'string') return null;
    return {
      ...user,
      id: user.id,
      email: user.email,
      name: typeof user.name === 'string' ? user.name : '',
      userType: user.userType === 'producer' ? 'producer' : 'customer',
    };
  } catch {
    return null;
  }
}

function isSessionOver(error: unknown): boolean {
  // A refresh the server refused (revoked, expired, reused): the session is over.
  // A network failure is not: the user may just be offline for a moment.
  return !(error instanceof ApiError) || (error.status >= 400 && error.status < 500);
}

/**
 * The session outside React: tokens in memory and localStorage, one refresh at a time in this
 * tab and, through Web Locks, across tabs (other tabs pick the new tokens up from storage:
 * AuthProvider's storage listener, and the check under the lock in doRefresh).
 * React reads it through useSyncExternalStore (AuthProvider); the API client through the bridge.
 */
export function createSessionStore({
  storage = globalThis.localStorage,
  api = defaultApi,
  now = () => Date.now(),
  lock = webLock(),
}: { storage?: Storage; api?: SessionApi; now?: () => number; lock?: RefreshLock | null } = {}) {
  let state: SessionState = { isLoading: true, user: null };
  let tokens: StoredTokens | null = null;
  let refreshing: Promise<string | null> | null = null;
  const listeners = new Set<() => void>();

  function setState(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function persist(user: SessionUser, next: StoredTokens) {
    tokens = next;
    storage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
    storage.setItem(SESSION_STORAGE_KEYS.idToken, next.idToken);
    storage.setItem(SESSION_STORAGE_KEYS.accessToken, next.accessToken);
    storage.setItem(SESSION_STORAGE_KEYS.refreshToken, next.refreshToken);
  }

  function clear() {
    tokens = null;
    for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
    setState({ isLoading: false, user: null });
  }

  function toStoredTokens(answer: AuthTokens): StoredTokens {
    const fromToken = tokenExpiresAt(answer.accessToken);
    const fromAnswer = typeof answer.expiresIn === 'number' ? now() + answer.expiresIn * 1000 : null;
    return {
      idToken: answer.idToken,
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
      expiresAt: fromToken ?? fromAnswer,
    };
  }

  function userFromTokens(answer: AuthTokens, previous: SessionUser | null): SessionUser {
    const claims = decodeIdToken(answer.idToken);
    // Keep the profile fields we already know (phone, bio...) when it is the same user.
    const kept = previous && previous.id === claims.sub ? previous : {};
    return { ...kept, id: claims.sub, email: claims.email, name: claims.name, userType: claims.userType };
  }

  /**
   * Takes over the tokens another tab stored after rotating the refresh token we hold (in
   * this tab's memory, `current`). True when it did; then `tokens` and `state` are the newer ones.
   */
  function adoptNewerFromStorage(current: StoredTokens): boolean {
    const user = parseUser(storage.getItem(SESSION_STORAGE_KEYS.user));
    const idToken = storage.getItem(SESSION_STORAGE_KEYS.idToken);
    const accessToken = storage.getItem(SESSION_STORAGE_KEYS.accessToken);
    const refreshToken = storage.getItem(SESSION_STORAGE_KEYS.refreshToken);
    if (!user || !idToken || !accessToken || !refreshToken || refreshToken === current.refreshToken) return false;
    tokens = { idToken, accessToken, refreshToken, expiresAt: tokenExpiresAt(accessToken) };
    setState({ isLoading: false, user });
    return true;
  }

  const isFresh = (t: StoredTokens) => t.expiresAt === null || t.expiresAt - now() >= REFRESH_MARGIN_MS;

  /**
   * One refresh across tabs: under the lock, a tab first looks whether another tab has
   * refreshed meanwhile (its tokens are in storage) and uses those instead of spending its
   * own, already rotated, refresh token.
   */
  async function doRefresh(): Promise<string | null> {
    const before = tokens;
    if (!before) return null;
    if (adoptNewerFromStorage(before) && tokens && isFresh(tokens)) return tokens.accessToken;
    const current = tokens ?? before;
    try {
      const answer = await api.refresh(current.refreshToken);
      // The refresh answer may carry a new id token; if not, keep the old one.
      const merged: AuthTokens = { ...answer, idToken: answer.idToken || current.idToken };
      const user = userFromTokens(merged, state.user);
      persist(user, toStoredTokens(merged));
      setState({ isLoading: false, user });
      return merged.accessToken;
    } catch (error) {
      // Without a lock another tab may have won the race with the same token: use its tokens.
      if (adoptNewerFromStorage(current) && tokens) return tokens.accessToken;
      if (isSessionOver(error)) clear();
      else if (state.isLoading) setState({ ...state, isLoading: false });
      return null;
    }
  }

  function refresh(): Promise<string | null> {
    refreshing ??= (lock ? lock.run(doRefresh) : doRefresh()).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Reads the stored session; refreshes first when its access token has (nearly) expired. */
  function readStorage(): 'ready' | 'needs-refresh' {
    const user = parseUser(storage.getItem(SESSION_STORAGE_KEYS.user));
    const idToken = storage.getItem(SESSION_STORAGE_KEYS.idToken);
    const accessToken = storage.getItem(SESSION_STORAGE_KEYS.accessToken);
    const refreshToken = storage.getItem(SESSION_STORAGE_KEYS.refreshToken);
    if (!user || !idToken || !accessToken || !refreshToken) {
      // Half a session is no session: forget the leftovers.
      tokens = null;
      for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
      state = { isLoading: state.isLoading, user: null };
      return 'ready';
    }
    tokens = { idToken, accessToken, refreshToken, expiresAt: tokenExpiresAt(accessToken) };
    state = { isLoading: state.isLoading, user };
    const expiresAt = tokens.expiresAt;
    return expiresAt !== null && expiresAt - now() < REFRESH_MARGIN_MS ? 'needs-refresh' : 'ready';
  }

  let restoring: Promise<void> | null = null;

  return {
    getState: (): SessionState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Idempotent: the first call reads storage, later calls return the same promise. */
    restore(): Promise<void> {
      restoring ??= (async () => {
        if (readStorage() === 'needs-refresh') await refresh();
        setState({ ...state, isLoading: false });
      })();
      return restoring;
    },

    /** Another tab logged in or out: follow it. */
    syncFromStorage(): void {
      readStorage();
      setState({ ...state, isLoading: false });
    },

    async login(email: string, password: string): Promise<SessionUser> {
      const answer = await api.login(email, password);
      const user = userFromTokens(answer, null);
      persist(user, toStoredTokens(answer));
      setState({ isLoading: false, user });
      return user;
    },

    /** Ends the session here at once, and on the server as well as it can. */
    async logout(): Promise<void> {
      const ended = tokens;
      clear();
      if (ended) await api.logout(ended.accessToken, ended.refreshToken).catch(() => undefined);
    },

    refresh,

    setUser(patch: Partial<Omit<SessionUser, 'id' | 'userType'>>): void {
      if (!state.user || !tokens) return;
      const user = { ...state.user, ...patch };
      persist(user, tokens);
      setState({ ...state, user });
    },

    bridge: {
      getAccessToken: () => tokens?.accessToken ?? null,
      getAccessTokenExpiresAt: () => tokens?.expiresAt ?? null,
      refresh,
    } satisfies AuthBridge,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
