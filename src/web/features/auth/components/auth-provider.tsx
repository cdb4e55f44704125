import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { setAuthBridge } from '#web/lib/api-client.ts';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context.ts';
import { STORAGE_KEYS, createSessionStore, type SessionStore } from '../lib/session-store.ts';

/** Provides the session; pass `store` in tests to control storage and the API. */
export function AuthProvider({ children, store: given }: { children: ReactNode; store?: SessionStore }) {
  const [store] = useState(() => given ?? createSessionStore());
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  useEffect(() => {
    const unregister = setAuthBridge(store.bridge);
    void store.restore();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.accessToken) {
        store.syncFromStorage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
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
