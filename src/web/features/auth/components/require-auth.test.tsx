import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from '#web/lib/router.tsx';
import { fakeTokens } from '#web/test/jwt.ts';
import { renderRoutes, unexpectedApi } from '#web/test/render.tsx';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { RequireAuth, type LoginRedirectState } from './require-auth.tsx';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <p>feed page</p> },
  { path: '/login', element: <LoginProbe /> },
  { path: '/profile', element: <p>profile page</p> },
  { path: '/orders', element: <RequireAuth><p>orders page</p></RequireAuth> },
  { path: '/producer-only', element: <RequireAuth userType="producer"><p>producer page</p></RequireAuth> },
  { path: '/producer/dashboard', element: <RequireAuth userType="producer" fallbackPath="/profile"><p>dashboard</p></RequireAuth> },
];

function signIn(userType: 'customer' | 'producer') {
  const tokens = fakeTokens({ sub: 'u-1', email: 'a@example.rs', name: 'Ана', userType });
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ id: 'u-1', email: 'a@example.rs', name: 'Ана', userType }));
  localStorage.setItem(SESSION_STORAGE_KEYS.idToken, tokens.idToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

describe('RequireAuth', () => {
  it('shows a labelled spinner while the session loads', async () => {
    // A session whose access token expired needs a refresh first; keep that refresh pending.
    signIn('customer');
    localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, fakeTokens({ sub: 'u-1', email: '', name: '' }, { expiresInSeconds: -10 }).accessToken);
    const store = createSessionStore({ api: { ...unexpectedApi(), refresh: () => new Promise(() => {}) } });
    await renderRoutes({ routes, path: '/orders', store });
    expect(await screen.findByRole('status', { name: 'Checking your session…' })).toBeInTheDocument();
    expect(screen.queryByText('orders page')).not.toBeInTheDocument();
  });

  it('sends an unauthenticated visitor to /login, remembering the requested location', async () => {
    const { router } = await renderRoutes({ routes, path: '/orders?page=2' });
    expect(await screen.findByText('login page, from /orders?page=2')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
  });

  it('lets a signed-in user through', async () => {
    signIn('customer');
    await renderRoutes({ routes, path: '/orders' });
    expect(await screen.findByText('orders page')).toBeInTheDocument();
  });

  it('sends a user of another type to /, replacing history', async () => {
    signIn('customer');
    const { router } = await renderRoutes({ routes, path: '/producer-only' });
    expect(await screen.findByText('feed page')).toBeInTheDocument();
    expect(router.action).toBe('REPLACE');
  });

  it('sends a customer on the producer dashboard to /profile', async () => {
    signIn('customer');
    await renderRoutes({ routes, path: '/producer/dashboard' });
    expect(await screen.findByText('profile page')).toBeInTheDocument();
  });

  it('lets a producer onto the dashboard', async () => {
    signIn('producer');
    await renderRoutes({ routes, path: '/producer/dashboard' });
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
