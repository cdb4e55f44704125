import './styles.css';
import { SSR_STATE_ID } from '#shared/ssr.ts';
import { answerEarlyAdd } from '#web/lib/early-add.ts';
import { firstProductPages, holdEarlyInput, markSignedOut, needsAppAtOnce, prefetchAfterLoad, startAfterLoad, startWhenNeeded } from '#web/lib/early-start.ts';
import { addToStoredBasket } from '#web/features/basket/lib/basket-storage.ts';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { showStartFailed } from '#web/lib/start-failed.ts';
import { yieldToMain } from '#web/lib/yield-to-main.ts';

/**
 * The page's only script tag (index.html). A server-rendered page is complete HTML: its text,
 * pictures and links work before any JavaScript runs. So the app (main.tsx: React, the router,
 * the translations) never competes with the first screen for the processor of a slow phone. A
 * complete public page starts it only when the visitor needs it (a tap on a control, a key, a
 * field), its code fetched into the cache after the load; any other server-rendered page right
 * after its load event, its code downloading while the page loads (lib/early-start.ts, ADR
 * 0045). Taps and typing before it is ready are held and replayed; "Add to basket" is answered
 * at once. A page the server did not render (npm run dev, or the renderer failed) starts the
 * app at once. Code that cannot be downloaded is tried once more, then the page says a reload
 * is needed (lib/start-failed.ts).
 */
function startApp(): void {
  loadChunk(evaluateInSteps)().catch(() => {
    // The app's code could not be loaded twice (offline, a deploy replaced it): the page stays
    // the server's HTML, its links and forms working natively, and says a reload is needed.
    early.release();
    showStartFailed();
  });
}

/**
 * The app's code arrives at once (Vite preloads every chunk main.tsx needs), but evaluating it
 * all in one go is one long task on a slow phone (React DOM is the largest part of it). So the
 * biggest library is evaluated first, in a task of its own, then the app; main.tsx imports it
 * statically as before, and finds it evaluated. A failed first step is not fatal: main.tsx's own
 * import is what decides.
 */
async function evaluateInSteps(): Promise<void> {
  await import('./lib/preload/react-dom.ts').catch(() => undefined);
  await yieldToMain();
  await import('./main.tsx');
}

const state = document.getElementById(SSR_STATE_ID);
markSignedOut();
// "Add to basket" tapped before the app is ready is answered at once (lib/early-add.ts); other
// taps wait for the app.
const early = holdEarlyInput(document.getElementById('root') ?? document.body, (control) => answerEarlyAdd(control, addToStoredBasket));
/** The app's code beside this script (index.html's `app-code`, vite.config.ts): React DOM and the first chunk. */
const appCode = document.querySelector<HTMLMetaElement>('meta[name="app-code"]')?.content.split(' ').filter(Boolean) ?? [];
if (!state) startApp();
else if (needsAppAtOnce(state)) {
  // Downloaded while the page loads, after the CSS and the first pictures; compiled, not run.
  for (const href of appCode) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.fetchPriority = 'low';
    document.head.append(link);
  }
  startAfterLoad(startApp);
} else {
  prefetchAfterLoad(appCode, () => firstProductPages(document));
  startWhenNeeded(startApp);
}
