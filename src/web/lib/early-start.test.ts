import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_HELD, PREFETCHED_PRODUCTS, START_WAIT_MS, firstProductPages, holdEarlyInput, markSignedOut, needsAppAtOnce, prefetchAfterLoad, startAfterLoad, startWhenNeeded } from './early-start.ts';
import { BASKET_STORAGE_KEY, SESSION_STORAGE_KEYS } from './storage-keys.ts';

/** Marks the app ready as app/providers.tsx does, then lets the replay (idle wait, a task per step) run. */
async function markReady() {
  document.documentElement.dataset.ready = 'true';
  for (let i = 0; i < 3 * MAX_HELD; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'sr';
  delete document.documentElement.dataset.ready;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sr-RS']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('markSignedOut', () => {
  it('marks the page signed out only when no session is stored', () => {
    delete document.documentElement.dataset.signedOut;
    localStorage.setItem(SESSION_STORAGE_KEYS.user, '{}');
    markSignedOut();
    expect(document.documentElement.dataset.signedOut).toBeUndefined();
    localStorage.clear();
    markSignedOut();
    expect(document.documentElement.dataset.signedOut).toBe('');
  });
});

describe('startAfterLoad', () => {
  it('starts once, at the first pointer, key or focus', () => {
    const start = vi.fn();
    startAfterLoad(start);
    window.dispatchEvent(new Event('scroll'));
    expect(start).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("a finger's move (a scroll) is not a reach for the page; a mouse's is", () => {
    const start = vi.fn();
    startAfterLoad(start);
    const move = (pointerType: string) => Object.assign(new Event('pointermove', { bubbles: true }), { pointerType });
    document.body.dispatchEvent(move('touch'));
    expect(start).not.toHaveBeenCalled();
    document.body.dispatchEvent(move('mouse'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts by itself right after the load event and a frame, at the first idle moment', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    startAfterLoad(start); // jsdom's document is complete: the frame and the wait start now
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(START_WAIT_MS + 50);
    expect(start).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

/** The server's state tag of a page, complete or not. */
function stateTag(complete: boolean): Element {
  const tag = document.createElement('script');
  tag.id = 'ssr-state';
  if (complete) tag.setAttribute('data-complete', '');
  document.body.append(tag);
  return tag;
}

describe('needsAppAtOnce', () => {
  it('lets a complete page wait for the visitor when nothing stored differs from what the server rendered', () => {
    expect(needsAppAtOnce(stateTag(true))).toBe(false);
    localStorage.setItem(BASKET_STORAGE_KEY, '[]');
    expect(needsAppAtOnce(stateTag(true))).toBe(false);
  });

  it('starts at once a page the server did not render completely, or with a query or hash to act on', () => {
    expect(needsAppAtOnce(null)).toBe(true);
    expect(needsAppAtOnce(stateTag(false))).toBe(true);
    window.history.replaceState(null, '', '/search?q=med');
    expect(needsAppAtOnce(stateTag(true))).toBe(true);
    window.history.replaceState(null, '', '/#top');
    expect(needsAppAtOnce(stateTag(true))).toBe(true);
  });

  it('starts at once for a visitor with a session, a basket or another language stored', () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.user, '{}');
    expect(needsAppAtOnce(stateTag(true))).toBe(true);
    localStorage.clear();
    localStorage.setItem(BASKET_STORAGE_KEY, '[{"quantity":1}]');
    expect(needsAppAtOnce(stateTag(true))).toBe(true);
    localStorage.clear();
    document.documentElement.lang = 'en';
    expect(needsAppAtOnce(stateTag(true))).toBe(true);
  });
});

describe('startWhenNeeded', () => {
  /** The frame and the task after the event that started it. */
  const afterFrame = async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('never starts by itself, nor at a scroll, a finger landing or a link', async () => {
    const start = vi.fn();
    startWhenNeeded(start);
    document.body.innerHTML = '<a href="/product/1">Мед</a><button type="button">Додај</button>';
    window.dispatchEvent(new Event('scroll'));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(Object.assign(new Event('pointermove', { bubbles: true }), { pointerType: 'touch' }));
    document.querySelector('a')!.dispatchEvent(new Event('click', { bubbles: true, cancelable: true }));
    document.querySelector('button')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, START_WAIT_MS + 100));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts once, after the frame of a tap on a control, a key, a field taken or a mouse moving', async () => {
    for (const reach of [
      () => document.querySelector('button')!.click(),
      () => document.body.dispatchEvent(new Event('keydown', { bubbles: true })),
      () => document.querySelector('input')!.dispatchEvent(new Event('focusin', { bubbles: true })),
      () => document.body.dispatchEvent(Object.assign(new Event('pointermove', { bubbles: true }), { pointerType: 'mouse' })),
    ]) {
      document.body.innerHTML = '<button type="button">Додај</button><input type="search">';
      const start = vi.fn();
      startWhenNeeded(start);
      reach();
      expect(start).not.toHaveBeenCalled(); // the page's own answer is painted first
      await afterFrame();
      expect(start).toHaveBeenCalledTimes(1);
      document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
      await afterFrame();
      expect(start).toHaveBeenCalledTimes(1);
    }
  });
});

describe('prefetchAfterLoad', () => {
  /** jsdom has no HTMLScriptElement.supports: the browser's answer, for one test. */
  const scriptSupports = (answer: (type: string) => boolean) => Object.defineProperty(HTMLScriptElement, 'supports', { value: answer, configurable: true });
  afterEach(() => {
    Reflect.deleteProperty(HTMLScriptElement, 'supports');
  });

  it("asks for the app's code after the load, into the cache, without running it", async () => {
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    prefetchAfterLoad(['/assets/react-dom-a.js', '/assets/app-b.js']); // jsdom's document is complete
    await new Promise((resolve) => setTimeout(resolve, START_WAIT_MS + 50));
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['prefetch', '/assets/react-dom-a.js', 'anonymous'],
      ['prefetch', '/assets/app-b.js', 'anonymous'],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('names the first product pages in speculation rules (prefetch), before the code', async () => {
    document.head.innerHTML = '';
    scriptSupports((type) => type === 'speculationrules');
    prefetchAfterLoad(['/assets/app-b.js'], () => ['/product/p1', '/product/p2']);
    await new Promise((resolve) => setTimeout(resolve, START_WAIT_MS + 50));
    const rules = document.head.querySelector<HTMLScriptElement>('script[type="speculationrules"]');
    expect(JSON.parse(rules!.textContent!)).toEqual({ prefetch: [{ urls: ['/product/p1', '/product/p2'], eagerness: 'immediate' }] });
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual(['/assets/app-b.js']);
  });

  it('prefetches them as documents where speculation rules are unknown', async () => {
    document.head.innerHTML = '';
    scriptSupports(() => false);
    prefetchAfterLoad(['/assets/app-b.js'], () => ['/product/p1']);
    await new Promise((resolve) => setTimeout(resolve, START_WAIT_MS + 50));
    expect(document.head.querySelector('script')).toBeNull();
    expect([...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['prefetch', '/product/p1', null],
      ['prefetch', '/assets/app-b.js', 'anonymous'],
    ]);
  });
});

describe('firstProductPages', () => {
  it("names the first cards' product pages of the main content, each once, at most a screenful", () => {
    const cards = Array.from({ length: 6 }, (_, i) => `<article><a href="/product/p${i}" aria-hidden="true">img</a><a href="/product/p${i}">Name</a><a href="/household/h${i}">H</a></article>`).join('');
    document.body.innerHTML = `<header><a href="/product/in-header">x</a></header><main>${cards}</main>`;
    expect(firstProductPages(document)).toEqual(Array.from({ length: PREFETCHED_PRODUCTS }, (_, i) => `/product/p${i}`));
    document.body.innerHTML = '<main><p>No products</p></main>';
    expect(firstProductPages(document)).toEqual([]);
  });
});

describe('holdEarlyInput', () => {
  function page() {
    document.body.innerHTML = `
      <div id="root">
        <button id="add">Add</button>
        <a id="link" href="#elsewhere">A link</a>
        <form id="search"><input id="q" value=""><select id="lang"><option value="sr" selected>sr</option><option value="en">en</option></select><button id="go">Go</button></form>
      </div>
      <button id="outside">Outside</button>`;
    const root = document.getElementById('root')!;
    return { root, $: <T extends HTMLElement>(id: string) => document.getElementById(id) as T };
  }

  it("holds a tap on a control until the app is ready, then replays it to the app's handlers", async () => {
    const { root, $ } = page();
    holdEarlyInput(root);
    const onAdd = vi.fn();
    $('add').addEventListener('click', onAdd);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('add').dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(onAdd).not.toHaveBeenCalled();
    await markReady();
    expect(onAdd).toHaveBeenCalledTimes(1);
    // Ready: clicks are the app's own again.
    $('add').click();
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('a held tap still starts the app (as boot.ts sets them up: the hold first)', async () => {
    const { root, $ } = page();
    const hold = holdEarlyInput(root);
    const start = vi.fn();
    startAfterLoad(start);
    $('add').click();
    expect(start).toHaveBeenCalledTimes(1);
    const needed = vi.fn();
    startWhenNeeded(needed);
    $('add').click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(needed).toHaveBeenCalledTimes(1);
    hold.release();
  });

  it('leaves links and what is outside the app alone', () => {
    const { root, $ } = page();
    const hold = holdEarlyInput(root);
    const onLink = vi.fn((event: Event) => event.preventDefault());
    const onOutside = vi.fn();
    $('link').addEventListener('click', onLink);
    $('outside').addEventListener('click', onOutside);
    $('link').click();
    $('outside').click();
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(onOutside).toHaveBeenCalledTimes(1);
    hold.release();
  });

  it('holds a submission and submits the form again once the app is ready', async () => {
    const { root, $ } = page();
    holdEarlyInput(root);
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const early = new Event('submit', { bubbles: true, cancelable: true });
    $<HTMLFormElement>('search').dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    $('search').addEventListener('submit', onSubmit);
    await markReady();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('hands what was typed and chosen to the app, even if hydration put the rendered value back', async () => {
    const { root, $ } = page();
    holdEarlyInput(root);
    const input = $<HTMLInputElement>('q');
    const select = $<HTMLSelectElement>('lang');
    input.value = 'med';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    select.value = 'en';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    select.value = 'sr'; // what React does to a controlled select when it hydrates
    const typed = vi.fn();
    const chosen = vi.fn();
    input.addEventListener('input', () => typed(input.value));
    select.addEventListener('change', () => chosen(select.value));
    await markReady();
    expect(typed).toHaveBeenCalledWith('med');
    expect(input.value).toBe('med');
    expect(chosen).toHaveBeenCalledWith('en');
  });

  it(`holds at most ${MAX_HELD} taps, and none once released`, async () => {
    const { root, $ } = page();
    const hold = holdEarlyInput(root);
    const onAdd = vi.fn();
    $('add').addEventListener('click', onAdd);
    for (let i = 0; i < MAX_HELD + 5; i++) $('add').click();
    await markReady();
    expect(onAdd).toHaveBeenCalledTimes(MAX_HELD);

    delete document.documentElement.dataset.ready;
    const second = holdEarlyInput(root);
    hold.release();
    $('add').click(); // held by the second
    second.release(); // the app could not start
    await markReady();
    expect(onAdd).toHaveBeenCalledTimes(MAX_HELD);
    $('add').click();
    expect(onAdd).toHaveBeenCalledTimes(MAX_HELD + 1);
  });
});
