import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, onlineManager, type DehydratedState } from '@tanstack/react-query';
import { detectLanguage, startI18n } from '#web/lib/i18n.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { Router } from '#web/lib/router.tsx';
import { createBrowserHistory } from '#web/lib/router-history.ts';
import { readServerState } from '#web/lib/server-state.ts';
import { whenIdle } from '#web/lib/when-idle.ts';
import { yieldToMain } from '#web/lib/yield-to-main.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPage } from './app/page-routes.tsx';

// zod compiles object parsers with `new Function` after probing whether eval works; under our
// CSP (no 'unsafe-eval') that probe is logged as a CSP violation (Lighthouse best practices).
// jitless skips both. Set on zod's global config object (created by whichever comes first,
// zod or this line; zod keeps the object it finds), so the entry need not import zod.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

/** Paths of the pages most links of a public page lead to (any id: the code is the page's). */
const LINKED_PAGES = ['/product/-', '/household/-', '/search', '/'];
const PRELOAD_LINKED_WITHIN_MS = 2_000;
/** The share of visits that report their Core Web Vitals (lib/vitals.ts). */
const VITALS_SAMPLE_RATE = 0.2;

async function start() {
  const container = document.getElementById('root')!;
  const server = readServerState();
  const wanted = detectLanguage();
  // TanStack Query assumes "online" until an offline event: a page opened offline would retry
  // for seconds and show an error instead of pausing its reads until the connection is back.
  onlineManager.setOnline(navigator.onLine);
  const queryClient = createQueryClient();
  if (server) hydrate(queryClient, server.queries as DehydratedState);
  await yieldToMain();

  // A server-rendered page is hydrated in the language it was rendered in; the visitor's
  // stored choice (if the server did not know it) follows right after. The current page's code
  // is loaded before the first render too, so that render matches the server's at once.
  await Promise.all([startI18n(server?.language ?? wanted), preloadPage(window.location.pathname)]);
  await yieldToMain();
  const history = createBrowserHistory();
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} language={wanted}>
        <Router history={history} prepare={(location) => preloadPage(location.pathname)}>
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
  // A transition: React works in small slices and keeps the page responsive meanwhile.
  startTransition(() => {
    if (server) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // The pages a public page's links lead to, once the page is hydrated and the browser idle, one
  // at a time (each page's code is evaluated in a task of its own, never two back to back): a
  // tapped card then opens its product page without waiting for that page's code.
  const preloadLinked = (index: number) => {
    const path = LINKED_PAGES[index];
    if (path === undefined) return;
    whenIdle(() => {
      void (preloadPage(path) ?? Promise.resolve()).catch(() => undefined).finally(() => preloadLinked(index + 1));
    }, PRELOAD_LINKED_WITHIN_MS);
  };
  preloadLinked(0);
  // Field data from a sample of visits (lib/vitals.ts), in a chunk of its own.
  if (import.meta.env.PROD && Math.random() < VITALS_SAMPLE_RATE) {
    whenIdle(() => void import('#web/lib/vitals.ts').then(({ reportVitals }) => reportVitals()).catch(() => undefined), PRELOAD_LINKED_WITHIN_MS);
  }
}

void start();

// The service worker (src/web/sw.ts) caches the app shell and images: production builds only,
// registered once the page has loaded so it never competes with the first render (a
// server-rendered page starts this module after its load event: see boot.ts). Its registration
// is a chunk of its own: the first view does not need it (ADR 0045, The app's start, lighter).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('#web/lib/register-service-worker.ts')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch(() => undefined); // its code not downloaded (offline): the next visit registers
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
