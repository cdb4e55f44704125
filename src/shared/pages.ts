/**
 * THE page routes of the web app, declared once. The browser's router builds its routes from
 * this table (src/web/app/page-routes.tsx), the server picks the page chunk to preload
 * (src/server/plugins/web.ts), renders public pages with their data (src/web/entry-server.tsx)
 * and writes the Open Graph head of shared links (src/server/plugins/page-head.ts), all through
 * `matchPage`. A new page: add it here, add its module to PAGE_MODULES in src/web/app/page-routes.tsx (the
 * compiler asks for it), and create src/web/app/routes/<module>.tsx.
 */

/**
 * Who may open a page: the router's guard sends a guest to /login and back; a signed-in
 * non-producer on a producer page goes to /profile.
 */
export type PageAccess = 'anyone' | 'signed-in' | 'producer';

interface PageRoute {
  /** With `:name` segments, e.g. `/product/:id`. */
  readonly path: string;
  /** The page component's module, src/web/app/routes/<module>.tsx (also its chunk's name). */
  readonly module: string;
  readonly access: PageAccess;
  /**
   * Kept by the service worker for offline reading (src/web/sw.ts): the page is the same for
   * every visitor and its URL carries nothing private (not a reset link with its code).
   */
  readonly offline?: true;
}

export const PAGES = {
  feed: { path: '/', module: 'feed', access: 'anyone', offline: true },
  search: { path: '/search', module: 'search', access: 'anyone', offline: true },
  product: { path: '/product/:id', module: 'product', access: 'anyone', offline: true },
  household: { path: '/household/:id', module: 'household', access: 'anyone', offline: true },
  buyer: { path: '/buyer/:id', module: 'buyer', access: 'anyone', offline: true },
  drops: { path: '/drops', module: 'drops', access: 'anyone', offline: true },
  drop: { path: '/drop/:id', module: 'drop', access: 'anyone', offline: true },
  login: { path: '/login', module: 'login', access: 'anyone' },
  signup: { path: '/signup', module: 'signup', access: 'anyone' },
  verifyEmail: { path: '/verify-email', module: 'verify-email', access: 'anyone' },
  forgotPassword: { path: '/forgot-password', module: 'forgot-password', access: 'anyone' },
  resetPassword: { path: '/reset-password', module: 'reset-password', access: 'anyone' },
  basket: { path: '/basket', module: 'basket', access: 'signed-in' },
  checkout: { path: '/checkout', module: 'checkout', access: 'signed-in' },
  orders: { path: '/orders', module: 'orders', access: 'signed-in' },
  profile: { path: '/profile', module: 'profile', access: 'signed-in' },
  // Any signed-in account reaches it; the console itself tells non-operators they may not.
  admin: { path: '/admin', module: 'admin', access: 'signed-in' },
  producerDashboard: { path: '/producer/dashboard', module: 'producer-dashboard', access: 'producer' },
  producerPayments: { path: '/producer/payments', module: 'producer-payments', access: 'producer' },
  // Private (not `offline`): offline the worker answers with the shell and the page reads the
  // pick list it kept on the device (docs/drops.md).
  dropHandover: { path: '/producer/drops/:id/handover', module: 'drop-handover', access: 'producer' },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGES;

/** The page every other path shows. */
export const NOT_FOUND_MODULE = 'not-found';

export interface PageMatch {
  name: PageName;
  module: string;
  params: Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = (Object.entries(PAGES) as Array<[PageName, PageRoute]>).map(([name, page]) => {
  const names: string[] = [];
  const source = page.path === '/' ? '' : page.path.split('/').slice(1).map((segment) => {
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      return '/([^/]+)';
    }
    return `/${escapeRegExp(segment)}`;
  }).join('');
  // An optional trailing slash, as the router allows ('/' itself is just '/').
  return { name, page, names, re: new RegExp(source ? `^${source}/?$` : '^/$') };
});

/** The page a pathname shows, with its params (decoded), or null for the not-found page. */
export function matchPage(pathname: string): PageMatch | null {
  for (const { name, page, names, re } of MATCHERS) {
    const match = re.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((param, i) => { params[param] = decodeURIComponent(match[i + 1]!); });
    } catch {
      return null; // a malformed %-escape
    }
    return { name, module: page.module, params };
  }
  return null;
}

/** The href of a page: `pagePath('product', { id })` → `/product/<id>`. */
export function pagePath(name: PageName, params: Record<string, string> = {}): string {
  return PAGES[name].path.replace(/:([A-Za-z]+)/g, (_m, param: string) => encodeURIComponent(params[param] ?? ''));
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether a page's id could name a row (the server renders and previews only those). */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
