import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { i18nReady } from '#web/lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

// zod compiles object parsers with `new Function` after probing whether eval works; under our
// CSP (no 'unsafe-eval') that probe is logged as a CSP violation (Lighthouse best practices).
// jitless skips both. Set on zod's global config object (created by whichever comes first,
// zod or this line; zod keeps the object it finds), so the entry need not import zod.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

const router = createAppRouter();

// The first render waits for the active language's texts (one small chunk).
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});

// The service worker (public/sw.js) caches the app shell and images: production builds only,
// registered after the page has loaded so it never competes with the first render.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed:', error);
    });
  });
}
