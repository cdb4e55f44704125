import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { RequireAuth } from '#web/features/auth/components/require-auth.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { RouteErrorBoundary, RouteProvider, useLocation } from '#web/lib/router.tsx';
import { matchPage, NOT_FOUND_MODULE, PAGES, pagePath, type PageMatch, type PageName } from '#shared/pages.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The page modules, one per page of the table (src/shared/pages.ts), and the 404 page for every
 * other path. Written out because the bundler needs each import() as a literal; the type makes a
 * page missing here a compile error.
 */
const PAGE_MODULES: Record<PageName | typeof NOT_FOUND_MODULE, PageModule> = {
  feed: () => import('./routes/feed.tsx'),
  search: () => import('./routes/search.tsx'),
  product: () => import('./routes/product.tsx'),
  household: () => import('./routes/household.tsx'),
  buyer: () => import('./routes/buyer.tsx'),
  drops: () => import('./routes/drops.tsx'),
  drop: () => import('./routes/drop.tsx'),
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
  producerPayments: () => import('./routes/producer-payments.tsx'),
  dropHandover: () => import('./routes/drop-handover.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
};

type PageKey = keyof typeof PAGE_MODULES;

/** One page's code: loading, loaded or failed (the last attempt). */
type PageLoad =
  | { status: 'loading'; promise: Promise<ComponentType> }
  | { status: 'loaded'; promise: Promise<ComponentType>; component: ComponentType }
  | { status: 'failed'; promise: Promise<ComponentType>; error: unknown };

const loads = new Map<PageKey, PageLoad>();

/** Downloads a page's code (again once if that fails: load-chunk.ts), remembering the outcome. */
function startLoad(key: PageKey): PageLoad {
  const promise = loadChunk(PAGE_MODULES[key])().then((module) => module.default);
  const load: PageLoad = { status: 'loading', promise };
  loads.set(key, load);
  promise.then(
    (component) => { if (loads.get(key) === load) loads.set(key, { status: 'loaded', promise, component }); },
    (error: unknown) => { if (loads.get(key) === load) loads.set(key, { status: 'failed', promise, error }); },
  );
  return load;
}

const pageKey = (match: PageMatch | null): PageKey => match?.name ?? NOT_FOUND_MODULE;

/**
 * The code of the page `pathname` shows, loaded before that page is shown: by the router on
 * each navigation (the current page stays meanwhile), by main.tsx before hydration and by the
 * server renderer. Nothing to wait for when it is there; a page that failed is tried again.
 */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  const key = pageKey(matchPage(pathname));
  const load = loads.get(key);
  if (load?.status === 'loaded') return undefined;
  return (load?.status === 'loading' ? load : startLoad(key)).promise;
}

/** The page itself; suspends only if its code was not preloaded (tests), throws if it failed. */
function Page({ name }: { name: PageKey }) {
  const load = loads.get(name) ?? startLoad(name);
  if (load.status === 'failed') throw load.error;
  return createElement(load.status === 'loaded' ? load.component : use(load.promise));
}

/** Signed-in pages behind the guard; producer pages behind theirs (a signed-in non-producer goes to /profile). */
function guarded(match: PageMatch | null, page: ReactNode): ReactNode {
  const access = match ? PAGES[match.name].access : 'anyone';
  if (access === 'signed-in') return <RequireAuth>{page}</RequireAuth>;
  if (access === 'producer') return <RequireAuth userType="producer" fallbackPath={pagePath('profile')}>{page}</RequireAuth>;
  return page;
}

const NO_PARAMS: Readonly<Record<string, string>> = {};

/** The app: the layout with the page of the current path, or the 404 page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const match = matchPage(pathname);
  const page = (
    // Errors inside a page keep the header and navigation.
    <RouteErrorBoundary fallback={<RouteError />}>
      {guarded(match, <Page name={pageKey(match)} />)}
    </RouteErrorBoundary>
  );
  return (
    // Last resort when the layout itself fails.
    <RouteErrorBoundary fallback={<RouteError />}>
      <RouteProvider params={match?.params ?? NO_PARAMS} outlet={page}>
        <AppLayout />
      </RouteProvider>
    </RouteErrorBoundary>
  );
}
