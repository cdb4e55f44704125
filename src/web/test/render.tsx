import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouteProvider, Router, useLocation } from '#web/lib/router.tsx';
import { createMemoryHistory } from '#web/lib/router-history.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { AuthProvider } from '#web/features/auth/components/auth-provider.tsx';
import { createSessionStore, type SessionApi, type SessionStore } from '#web/features/auth/lib/session-store.ts';
import { BasketProvider } from '#web/features/basket/components/basket-provider.tsx';
import i18n from '#web/lib/i18n.ts';
import type { Language } from '#shared/constants.ts';

/** An API double that fails loudly if a test did not expect a call. */
export function unexpectedApi(): SessionApi {
  const fail = () => Promise.reject(new Error('unexpected API call in test'));
  return { login: fail, refresh: fail, logout: () => Promise.resolve() };
}

/** A path (`/product/:id`, or `*` for any) and what it shows. */
export interface TestRoute {
  path: string;
  element: ReactNode;
}

/** The params of `pathname` for `pattern`, or null when it does not match. */
function matchTestRoute(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const names: string[] = [];
  const source = pattern.split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(segment.slice(1));
    return '([^/]+)';
  }).join('/');
  const found = new RegExp(`^${source}/?$`).exec(pathname);
  return found ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) : null;
}

/** The first route matching the current path. */
function TestRoutes({ routes }: { routes: TestRoute[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchTestRoute(route.path, pathname);
    if (params) return <RouteProvider params={params}>{route.element}</RouteProvider>;
  }
  return null;
}

export interface RenderOptions {
  routes: TestRoute[];
  path?: string;
  store?: SessionStore;
  language?: Language;
}

/** Renders routes in a memory router inside the app's providers, English by default; `router` is its history. */
export async function renderRoutes({ routes, path = '/', store, language = 'en' }: RenderOptions) {
  await i18n.changeLanguage(language);
  const router = createMemoryHistory([path]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={store ?? createSessionStore({ api: unexpectedApi() })}>
          <BasketProvider>{children}</BasketProvider>
        </AuthProvider>
      </QueryClientProvider>
    </TranslationProvider>
  );
  const result = render(wrap(<Router history={router}><TestRoutes routes={routes} /></Router>) as ReactElement);
  return { ...result, router };
}
