import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { isUuid, matchPage, type PageName } from '#shared/pages.ts';
import type { ServerRenderer, ServerRendererOptions, ServerState } from '#shared/ssr.ts';
import { productQueryOptions } from '#web/features/catalog/api/get-product.ts';
import { FEED_FILTERS, productsQueryOptions } from '#web/features/catalog/api/get-products.ts';
import { dropQueryOptions, dropsQueryOptions } from '#web/features/drops/api/drops-api.ts';
import { householdQueryOptions } from '#web/features/households/api/get-household.ts';
import { householdsQueryOptions } from '#web/features/households/api/get-households.ts';
import { reviewsQueryOptions } from '#web/features/reviews/api/get-reviews.ts';
import { storiesQueryOptions } from '#web/features/stories/api/get-stories.ts';
import { setApiTransport } from '#web/lib/api-client.ts';
import { loadBundle } from '#web/lib/i18n.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { Router } from '#web/lib/router.tsx';
import { createStaticHistory } from '#web/lib/router-history.ts';
import { Translator } from '#web/lib/translator.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPage } from './app/page-routes.tsx';

/**
 * The server renderer (built by `vite build --ssr`, loaded by src/server/plugins/web.ts).
 * Public pages arrive as HTML with their data: the feed, a product, a household, the drops. Their
 * answers are fetched in-process before rendering and handed to the browser as TanStack
 * Query's dehydrated cache, so hydration renders the very same tree and fetches nothing.
 * Everything else renders as the browser would before its data arrives (skeletons,
 * spinners). Nobody is signed in on the server: sessions live in the browser.
 */

/** The answers each public page shows first; the same query options its components use. */
const PREFETCH: Partial<Record<PageName, (client: QueryClient, id: string) => Array<Promise<unknown>>>> = {
  feed: (client) => [
    client.prefetchInfiniteQuery(productsQueryOptions(FEED_FILTERS.all)),
    client.prefetchQuery(householdsQueryOptions()),
    client.prefetchQuery(storiesQueryOptions()),
  ],
  product: (client, id) => [
    client.prefetchQuery(productQueryOptions(id)),
    client.prefetchQuery(reviewsQueryOptions(id)),
  ],
  drops: (client) => [client.prefetchQuery(dropsQueryOptions({}))],
  drop: (client, id) => [client.prefetchQuery(dropQueryOptions(id))],
  household: (client, id) => [
    client.prefetchQuery(householdQueryOptions(id, null)),
    client.prefetchQuery(storiesQueryOptions(id)),
    client.prefetchInfiniteQuery(productsQueryOptions({ householdId: id, limit: 100 })),
  ],
};

/** The pages that may be complete as rendered: public, and their "Add to basket" answered before the app (lib/early-add.ts). */
const MAY_BE_COMPLETE: ReadonlySet<PageName> = new Set(['feed', 'product', 'household']);

/**
 * Fetches the page's data (a failed prefetch leaves its query pending: the page renders its
 * loading state and the browser fetches); true when the page will be complete as rendered: a
 * public page whose data all arrived, or search before a query, with no query string.
 */
async function prefetch(client: QueryClient, pathname: string, search: string): Promise<boolean> {
  const page = matchPage(pathname);
  if (!page) return false;
  // A query string is the browser's to act on (a search, ?story=1): the page is not complete.
  if (page.name === 'search') return !search;
  const load = PREFETCH[page.name];
  if (!load) return false;
  // Only an id that could name a row: another one is the page's own not-found state.
  if ('id' in page.params && !isUuid(page.params.id)) return false;
  await Promise.all(load(client, page.params.id ?? ''));
  return !search && MAY_BE_COMPLETE.has(page.name) && client.getQueryCache().getAll().every((query) => query.state.status === 'success');
}

/** One translator per language, every namespace loaded, shared by all requests. */
async function createTranslators(): Promise<Record<Language, Translator>> {
  const entries = await Promise.all(LANGUAGES.map(async (language) => {
    const bundle = await loadBundle(language);
    return [language, new Translator({ language, bundles: { [language]: bundle } })] as const;
  }));
  return Object.fromEntries(entries) as Record<Language, Translator>;
}

/** JSON inside <script type="application/json">: nothing in it may close the tag or open a comment. */
function embeddable(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const RENDER_TIMEOUT_MS = 5_000;

export function createServerRenderer({ fetch }: ServerRendererOptions): ServerRenderer {
  setApiTransport(fetch);
  const translators = createTranslators();

  return {
    async render(url, language) {
      const i18n = (await translators)[language];
      const history = createStaticHistory(url);
      const { pathname } = history.location;
      const queryClient = createQueryClient();
      // A failed answer is not retried here: the browser fetches it again with its own retries.
      queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
      const [complete] = await Promise.all([prefetch(queryClient, pathname, history.location.search), preloadPage(pathname)]);

      const { prelude } = await prerender(
        <StrictMode>
          <Providers queryClient={queryClient} i18n={i18n}>
            <Router history={history}>
              <AppRoutes />
            </Router>
          </Providers>
        </StrictMode>,
        // Every Suspense boundary inline, where it stands (`<!--$-->…<!--/$-->`): by default React
        // moves boundaries past a size to the end of the page and puts them in place with inline
        // scripts, which the CSP blocks.
        { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
      );
      const html = await new Response(prelude).text();
      const state: ServerState = { language, queries: dehydrate(queryClient) };
      queryClient.clear();
      return { html, state: embeddable(state), complete };
    },
  };
}
