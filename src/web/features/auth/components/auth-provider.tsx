import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setAuthBridge } from '#web/lib/api-client.ts';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context.ts';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { createSessionStore, type SessionStore } from '../lib/session-store.ts';

/** Provides the session; pass `store` in tests to control storage and the API. */
export function AuthProvider({ children, store: given }: { children: ReactNode; store?: SessionStore }) {
  const [store] = useState(() => given ?? createSessionStore());
  // State, not useSyncExternalStore: a store update read that way always re-renders at once, in
  // one uninterruptible task. The session read from storage at start is not urgent (the page
  // was rendered for a guest), so that first update is a transition; later ones (login,
  // logout, refresh) apply right away.
  const [state, setState] = useState(store.getState);

  useEffect(() => {
    let starting = true;
    const unsubscribe = store.subscribe(() => {
      const next = store.getState();
      if (starting) startTransition(() => setState(next));
      else setState(next);
    });
    const unregister = setAuthBridge(store.bridge);
    void store.restore().finally(() => {
      starting = false;
    });
    const onStorage = (event: StorageEvent) => {
      // Another tab logged in or out, or refreshed (its new tokens replace ours, whose refresh
      // token it has just rotated).
      if (event.key === null || event.key === SESSION_STORAGE_KEYS.user || event.key === SESSION_STORAGE_KEYS.accessToken || event.key === SESSION_STORAGE_KEYS.refreshToken) {
        store.syncFromStorage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      unregister();
      window.removeEventListener('storage', onStorage);
    };
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      isAuthenticated: state.user !== null,
      login: store.login,
      logout: store.logout,
      refresh: store.refresh,
      setUser: store.setUser,
    }),
    [state, store],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
