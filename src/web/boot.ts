import './styles.css';
import { SSR_STATE_ID } from '#shared/ssr.ts';
import { yieldToMain } from '#web/lib/yield-to-main.ts';

/**
 * The page's only script tag (index.html). A server-rendered page is complete HTML: its text,
 * pictures and links work before any JavaScript runs. So the app (main.tsx: React, the router,
 * the translations) is fetched once the page has loaded and painted, and never competes with
 * the first screen for the network or the processor of a slow phone. A page the server did not
 * render (npm run dev, or the renderer failed) starts the app at once.
 */
function startApp(): void {
  void evaluateInSteps();
}

/**
 * The app's code arrives at once (Vite preloads every chunk main.tsx needs), but evaluating it
 * all in one go is one long task on a slow phone (React DOM alone is ~200 KB of code). So the
 * biggest library is evaluated first, in a task of its own, then the app; main.tsx imports it
 * statically as before, and finds it evaluated. A failed step is not fatal: main.tsx's own
 * import (which retries nothing) is what decides.
 */
async function evaluateInSteps(): Promise<void> {
  await import('./lib/preload/react-dom.ts').catch(() => undefined);
  await yieldToMain();
  await import('./main.tsx');
}

const serverRendered = document.getElementById(SSR_STATE_ID) !== null;
if (!serverRendered) startApp();
else if (document.readyState === 'complete') requestAnimationFrame(() => setTimeout(startApp, 0));
else window.addEventListener('load', () => requestAnimationFrame(() => setTimeout(startApp, 0)), { once: true });
