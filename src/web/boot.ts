import './styles.css';
import { SSR_STATE_ID } from '#shared/ssr.ts';

/**
 * The page's only script tag (index.html). A server-rendered page is complete HTML: its text,
 * pictures and links work before any JavaScript runs. So the app (main.tsx: React, the router,
 * the translations) is fetched once the page has loaded and painted, and never competes with
 * the first screen for the network or the processor of a slow phone. A page the server did not
 * render (npm run dev, or the renderer failed) starts the app at once.
 */
function startApp(): void {
  void import('./main.tsx');
}

const serverRendered = document.getElementById(SSR_STATE_ID) !== null;
if (!serverRendered) startApp();
else if (document.readyState === 'complete') requestAnimationFrame(() => setTimeout(startApp, 0));
else window.addEventListener('load', () => requestAnimationFrame(() => setTimeout(startApp, 0)), { once: true });
