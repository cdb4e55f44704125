import type { SampleIds } from './session.ts';

/** Who visits a route: nobody signed in, the demo buyer (with a basket line), or the demo producer. */
export type Who = 'guest' | 'buyer' | 'producer';

export interface RouteCase {
  name: string;
  who: Who;
  path: (ids: SampleIds) => string;
}

/** Every route of the app (docs/product.md), with the seeded ids it needs. */
export const ROUTES: RouteCase[] = [
  { name: 'feed', who: 'guest', path: () => '/' },
  { name: 'search', who: 'guest', path: () => '/search' },
  { name: 'search-results', who: 'guest', path: () => '/search?q=med' },
  { name: 'product', who: 'guest', path: (ids) => `/product/${ids.product.id}` },
  { name: 'household', who: 'guest', path: (ids) => `/household/${ids.product.householdId}` },
  { name: 'buyer', who: 'guest', path: (ids) => `/buyer/${ids.buyerId}` },
  { name: 'login', who: 'guest', path: () => '/login' },
  { name: 'signup', who: 'guest', path: () => '/signup' },
  { name: 'verify-email', who: 'guest', path: () => '/verify-email?email=x@y.rs' },
  { name: 'forgot-password', who: 'guest', path: () => '/forgot-password' },
  { name: 'reset-password', who: 'guest', path: () => '/reset-password' },
  { name: 'not-found', who: 'guest', path: () => '/no-such-page' },
  { name: 'basket', who: 'buyer', path: () => '/basket' },
  { name: 'checkout', who: 'buyer', path: () => '/checkout' },
  { name: 'orders', who: 'buyer', path: () => '/orders' },
  { name: 'profile', who: 'buyer', path: () => '/profile' },
  { name: 'producer-dashboard', who: 'producer', path: () => '/producer/dashboard' },
  // The dashboard's other tabs (the tab is in the query string).
  { name: 'producer-orders', who: 'producer', path: () => '/producer/dashboard?tab=orders' },
  { name: 'producer-stories', who: 'producer', path: () => '/producer/dashboard?tab=stories' },
  { name: 'producer-household', who: 'producer', path: () => '/producer/dashboard?tab=household' },
  { name: 'producer-payments', who: 'producer', path: () => '/producer/payments' },
];
