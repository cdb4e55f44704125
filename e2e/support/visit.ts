import { expect, type Page } from '@playwright/test';
import type { RouteCase, Who } from './routes.ts';
import { settle, watchNetwork, type SampleIds, type StoredSession } from './session.ts';

/**
 * Walks routes in ONE page (warm HTTP and code caches make each load quick), switching the
 * stored session as the routes require: guests first, then the buyer (with a basket line),
 * then the producer. `check` runs once a page has settled.
 */
export async function visitRoutes(
  page: Page,
  routes: RouteCase[],
  { ids, sessions, check }: {
    ids: SampleIds;
    sessions: Record<Exclude<Who, 'guest'>, StoredSession>;
    check: (route: RouteCase, path: string) => Promise<void>;
  },
): Promise<void> {
  const order: Who[] = ['guest', 'buyer', 'producer'];
  const sorted = [...routes].sort((a, b) => order.indexOf(a.who) - order.indexOf(b.who));
  let current: Who | null = null;
  watchNetwork(page);
  for (const route of sorted) {
    if (route.who !== current) {
      if (current === null) await page.goto('/robots.txt'); // any page of the origin, to reach its storage
      const session = route.who === 'guest' ? null : sessions[route.who];
      const basket = route.who === 'buyer' ? [{ product: ids.product, quantity: 2 }] : null;
      await page.evaluate(
        ({ session, basket }) => {
          for (const key of ['domace.user', 'domace.idToken', 'domace.accessToken', 'domace.refreshToken', 'domace.basket']) localStorage.removeItem(key);
          if (session) {
            localStorage.setItem('domace.user', JSON.stringify(session.user));
            localStorage.setItem('domace.idToken', session.idToken);
            localStorage.setItem('domace.accessToken', session.accessToken);
            localStorage.setItem('domace.refreshToken', session.refreshToken);
          }
          if (basket) localStorage.setItem('domace.basket', JSON.stringify(basket));
        },
        { session, basket },
      );
      current = route.who;
    }
    const path = route.path(ids);
    await page.goto(path);
    await expect(page.locator('#main')).toBeVisible();
    await settle(page);
    // Signed-in pages must not have bounced to the login page.
    if (route.who !== 'guest') expect.soft(new URL(page.url()).pathname, `${path} as ${route.who}`).toBe(path.split('?')[0]);
    await check(route, path);
  }
}
