import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
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

export interface RenderOptions {
  routes: RouteObject[];
  path?: string;
  store?: SessionStore;
  language?: Language;
}

/** Renders routes in a memory router inside the app's providers, English by default. */
export async function renderRoutes({ routes, path = '/', store, language = 'en' }: RenderOptions) {
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
  const result = render(wrap(<RouterProvider router={router} />) as ReactElement);
  return { ...result, router };
}
