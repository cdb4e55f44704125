import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '#web/features/auth/components/require-auth.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { RouteError } from './layouts/route-error.tsx';
import { PAGES, pagePath, type PageAccess, type PageName } from '#shared/pages.ts';

/**
 * Every page is its own chunk, loaded when its route is first visited (downloaded again once if
 * that fails; a second failure shows the route's error screen with a reload button).
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  const loadPage = loadChunk(load);
  return async () => ({ Component: (await loadPage()).default });
}

/**
 * The page modules, one per page of the table (src/shared/pages.ts). Written out because the
 * bundler needs each import() as a literal; the type makes a page missing here a compile error.
 */
const PAGE_MODULES: Record<PageName, () => Promise<{ default: ComponentType }>> = {
  feed: () => import('./routes/feed.tsx'),
  search: () => import('./routes/search.tsx'),
  product: () => import('./routes/product.tsx'),
  household: () => import('./routes/household.tsx'),
  buyer: () => import('./routes/buyer.tsx'),
  login: () => import('./routes/login.tsx'),
  signup: () => import('./routes/signup.tsx'),
  verifyEmail: () => import('./routes/verify-email.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  basket: () => import('./routes/basket.tsx'),
  checkout: () => import('./routes/checkout.tsx'),
  orders: () => import('./routes/orders.tsx'),
  profile: () => import('./routes/profile.tsx'),
  admin: () => import('./routes/admin.tsx'),
  producerDashboard: () => import('./routes/producer-dashboard.tsx'),
};

const names = Object.keys(PAGES) as PageName[];
const pageRoute = (name: PageName): RouteObject => {
  const { path } = PAGES[name];
  return path === '/' ? { index: true, lazy: page(PAGE_MODULES[name]) } : { path: path.slice(1), lazy: page(PAGE_MODULES[name]) };
};
const withAccess = (access: PageAccess) => names.filter((name) => PAGES[name].access === access);

/** The pages of the table: public ones, signed-in ones behind the guard, producer ones behind theirs, and a 404 for the rest. */
export const routes: RouteObject[] = [
  {
    // Last resort when the layout itself fails.
    errorElement: <RouteError />,
    element: <AppLayout />,
    children: [
      {
        // Errors inside a page keep the header and navigation.
        errorElement: <RouteError />,
        children: [
          ...withAccess('anyone').map(pageRoute),
          { element: <RequireAuth />, children: withAccess('signed-in').map(pageRoute) },
          // A signed-in non-producer on a producer page goes to /profile.
          { element: <RequireAuth userType="producer" fallbackPath={pagePath('profile')} />, children: withAccess('producer').map(pageRoute) },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
