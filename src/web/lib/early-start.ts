import { SSR_COMPLETE_ATTRIBUTE } from '#shared/ssr.ts';
import { detectLanguage } from './i18n-language.ts';
import { BASKET_STORAGE_KEY, SESSION_STORAGE_KEYS } from './storage-keys.ts';
import { whenIdle } from './when-idle.ts';

/**
 * When the app starts on a page the server rendered, and what happens to the taps and typing
 * that come before it is ready (docs/decisions/0045-start-when-needed.md, which replaced the
 * start after load of 0029).
 *
 * A server-rendered page is the whole page as HTML: its links work, its pictures load, and on a
 * complete public page (the feed, a product, a household, search before a query) "Add to basket"
 * is answered without the app (lib/early-add.ts). There the app starts only when the visitor
 * needs it: a tap on a control, a key, a field focused, a mouse moving; never on its own, so a
 * page nobody touches runs no more than its boot script. Its code is fetched into the cache
 * once the page has loaded and the browser is idle, not run: the start at the first tap costs
 * the evaluation and the hydration, not the download. Every other server-rendered page (a
 * visitor with a session, a basket or another language stored, a page with a query) starts
 * right after its load event. Until the app is ready, a tap on a control and a form's
 * submission are held and replayed once it is, and text typed or options chosen meanwhile are
 * handed to the app, so nothing the visitor did before is lost.
 */

/** After the load event and a frame, the app starts at the first idle moment, or after this long at the latest. */
export const START_WAIT_MS = 200;
/** A bound on what is held: a visitor tapping more than this before the app is ready keeps the first ones. */
export const MAX_HELD = 8;

/** How long what was held may wait for the rest of the page to hydrate before it is replayed. */
const HYDRATION_WAIT_MS = 5_000;

/** Events by which a visitor reaches for the page (a mouse's move included: desktops start at once). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'click', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;
/**
 * Events by which a visitor of a complete page shows that the app is needed: a tap (its click,
 * after the page has answered it), a key, a field taken, a value changed, a form sent, a mouse
 * moving. A finger landing is not one yet (it may be a scroll or a link); a link is not one
 * at all (it navigates, and the next page arrives rendered).
 */
const NEED_EVENTS = ['pointermove', 'click', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;
/** What a visitor types into or chooses from: taking one (focus) needs the app. */
const FIELD = 'input, textarea, select, [contenteditable]';

/** What a tap means only once the app is there; a link (`a[href]`) works as a link without it. */
const CONTROL = [
  'button', 'summary', 'label', '[role="button"]', '[role="checkbox"]', '[role="switch"]', '[role="tab"]',
  '[role="menuitem"]', '[role="option"]', 'input[type="checkbox"]', 'input[type="radio"]', 'input[type="submit"]',
  'input[type="button"]',
].join(', ');

/** Whether a session is stored in this browser (blocked storage holds none). */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEYS.user) !== null || localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken) !== null;
  } catch {
    return false;
  }
}

/**
 * True when the app must start without waiting for the visitor: the server did not render the
 * page completely (a page that needs the browser's data, a query or hash to act on), or the
 * visitor has something stored that the rendering does not show (a session, a basket, another
 * language).
 */
export function needsAppAtOnce(state: Element | null): boolean {
  if (!state?.hasAttribute(SSR_COMPLETE_ATTRIBUTE)) return true;
  if (window.location.search || window.location.hash) return true;
  if (detectLanguage() !== document.documentElement.lang) return true;
  if (hasStoredSession()) return true;
  try {
    const basket = localStorage.getItem(BASKET_STORAGE_KEY);
    return basket !== null && basket !== '[]';
  } catch {
    return false; // storage blocked: nothing is stored
  }
}

/**
 * `<html data-signed-out>` when no session is stored: the header shows its log-in and sign-up
 * buttons from the server's page on, instead of waiting for the app to read the session.
 */
export function markSignedOut(): void {
  if (!hasStoredSession()) document.documentElement.dataset.signedOut = '';
}

/**
 * Calls `start` once: right after the load event has fired and the page has painted (the next
 * frame, then an idle moment of at most START_WAIT_MS), or at the visitor's first intent if that
 * comes sooner.
 */
export function startAfterLoad(start: () => void): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
    window.removeEventListener('load', afterLoad);
    start();
  };
  const onIntent = (event: Event) => {
    // A finger's move is a scroll, not a reach for a control (its pointerdown counts).
    if (event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse') return;
    go();
  };
  const afterLoad = () => requestAnimationFrame(() => whenIdle(go, START_WAIT_MS));
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Calls `start` once, when the visitor first needs the app (NEED_EVENTS). It runs after the
 * frame that paints the page's own answer to that event (an early "Add to basket", a held tap),
 * so the start never delays what the visitor sees.
 */
export function startWhenNeeded(start: () => void): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of NEED_EVENTS) window.removeEventListener(type, onNeed, true);
    requestAnimationFrame(() => setTimeout(start, 0));
  };
  const onNeed = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse') return;
    if (event.type === 'click' && target?.closest('a[href]')) return;
    if (event.type === 'focusin' && !target?.matches(FIELD)) return;
    go();
  };
  for (const type of NEED_EVENTS) window.addEventListener(type, onNeed, { capture: true, passive: true });
}

/** How many product pages a complete page fetches after its load: a phone's first screen of cards. */
export const PREFETCHED_PRODUCTS = 4;

/**
 * The first product pages a page's main content links to (its first cards), at most `limit`.
 * A card tapped before the app starts navigates by its plain link (startWhenNeeded), so its
 * page is a document.
 */
export function firstProductPages(root: ParentNode, limit = PREFETCHED_PRODUCTS): string[] {
  const pages = new Set<string>();
  for (const link of root.querySelectorAll<HTMLAnchorElement>('main a[href^="/product/"]')) {
    if (pages.size >= limit) break;
    pages.add(link.getAttribute('href')!);
  }
  return [...pages];
}

/**
 * Fetches the given scripts (the app's code) and documents (the product pages of the first
 * cards: firstProductPages) once the page has loaded and the browser is idle, at the lowest
 * priority, so that starting the app later costs no download, and a card tapped before the app
 * starts opens its page without the round trips of a slow network. The scripts go into the
 * cache (`<link rel="prefetch">`: not compiled, not run). The documents are named in speculation
 * rules (prefetch, not prerender: nothing of them runs until they are opened): a plain prefetch
 * of a `no-cache` page that varies by cookie is not used by Chromium's navigation, a speculative
 * one is (the CSP allows the rules, `'inline-speculation-rules'`: src/server/plugins/security.ts).
 * A browser without speculation rules gets `<link rel="prefetch" as="document">`.
 */
export function prefetchAfterLoad(files: readonly string[], pages: () => readonly string[] = () => []): void {
  const fetchAll = () => whenIdle(() => {
    const documents = pages();
    if (documents.length > 0 && HTMLScriptElement.supports?.('speculationrules')) {
      const rules = document.createElement('script');
      rules.type = 'speculationrules';
      rules.textContent = JSON.stringify({ prefetch: [{ urls: documents, eagerness: 'immediate' }] });
      document.head.append(rules);
    } else {
      for (const href of documents) prefetchLink(href, 'document');
    }
    for (const href of files) prefetchLink(href, 'script');
  }, START_WAIT_MS);
  if (document.readyState === 'complete') fetchAll();
  else window.addEventListener('load', fetchAll, { once: true });
}

function prefetchLink(href: string, as: 'document' | 'script'): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = as;
  if (as === 'script') link.crossOrigin = 'anonymous'; // as a module script is fetched: the same cache entry
  link.href = href;
  document.head.append(link);
}

/** Resolves when the app marks `<html data-ready>` (app/providers.tsx): it has rendered and its handlers are attached. */
function whenReady(): Promise<void> {
  const root = document.documentElement;
  if (root.dataset.ready === 'true') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.dataset.ready !== 'true') return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-ready'] });
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hands a value the visitor gave before the app was ready to the app's handlers. React keeps a
 * text field's DOM value when it hydrates, but its state is still the rendered one, and its
 * value tracker (which decides whether an input event is a change) already holds the typed
 * text: so the field is set back through the tracker, then to the typed text past it, and an
 * input event tells React. A select is re-chosen and told by a change event.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  if (!field.isConnected) return;
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Until the app is ready: holds taps on controls inside `root` and form submissions (at most
 * MAX_HELD), remembers what is typed or chosen, and replays all of it, in order, once it is.
 * A tap that `answer` answers at once (true: "Add to basket", lib/early-add.ts) is neither held
 * nor replayed. `release()` gives up (the app could not start): nothing is replayed and the
 * page's own behaviour (links, native form submission) is back.
 */
export function holdEarlyInput(root: Element, answer: (control: Element) => boolean = () => false): { release(): void } {
  const held: Array<() => void> = [];
  const values = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
  let released = false;

  /** Keeps the event from the page; `replay` (none: answered already) runs once the app is ready. */
  const hold = (event: Event, replay?: () => void) => {
    event.preventDefault();
    event.stopPropagation(); // not Immediate: the start's listener beside this one still hears it
    if (replay && held.length < MAX_HELD) held.push(replay);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target) || target.closest('a[href]')) return;
    const control = target.closest<HTMLElement>(CONTROL);
    if (!control) return;
    hold(event, answer(control) ? undefined : () => { if (control.isConnected) control.click(); });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    const submitter = event.submitter;
    hold(event, () => { if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined); });
  };
  const onValue = (event: Event) => {
    const field = event.target;
    if (!root.contains(field as Node)) return;
    if (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) values.set(field, field.value);
    else if (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio') values.set(field, field.value);
  };
  const listeners = [['click', onClick], ['submit', onSubmit], ['input', onValue], ['change', onValue]] as const;
  for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, true);
  const stop = () => {
    for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener, true);
  };

  void whenReady().then(async () => {
    if (released) return;
    stop();
    // After `data-ready` React still hydrates the page's Suspense boundaries (each product card)
    // in slices; a change handed to it meanwhile (another language, say) would render those
    // parts anew instead of adopting the server's HTML.
    // A held tap needs no such wait: React hydrates the part of the page an event lands in first.
    if (values.size > 0) await new Promise<void>((resolve) => whenIdle(resolve, HYDRATION_WAIT_MS));
    for (const [field, value] of values) handOver(field, value);
    for (const replay of held) {
      await nextTask(); // the app's answer to what came before (a typed value) is rendered first
      replay();
    }
  });
  return {
    release() {
      released = true;
      stop();
    },
  };
}
