import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '#shared/constants.ts';
import { SSR_STATE_ID } from '#shared/ssr.ts';
import { testProduct } from '#web/features/basket/test-product.ts';
import { BASKET_STORAGE_KEY } from './storage-keys.ts';

const honey = testProduct({ id: 'honey', name: 'Мед' });
const cheese = testProduct({ id: 'cheese', name: 'Сир', pricing: 'weight', pieceWeight: 0.5, unit: 'kg' });

/** A server-rendered feed as plugins/web.ts sends it: the cards' add buttons and the dehydrated feed query. */
function serverPage({ inState = [honey, cheese] } = {}) {
  const state = { language: 'sr', queries: { mutations: [], queries: [{ queryKey: ['products', 'feed'], state: { data: { pages: [{ items: inState, nextCursor: null }], pageParams: [null] } } }] } };
  document.body.innerHTML = `
    <div id="root">
      <button id="honey" data-add-to-basket="honey" data-added="Додато у корпу">Додај у корпу</button>
      <button id="cheese" data-add-to-basket="cheese" data-added="Додато у корпу">Додај у корпу</button>
      <button id="other">Друго</button>
    </div>
    <script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(state)}</script>`;
}

/** boot.ts's set-up, on fresh modules (the parsed state is kept per page). */
async function boot() {
  const { holdEarlyInput } = await import('./early-start.ts');
  const { answerEarlyAdd } = await import('./early-add.ts');
  const { addToStoredBasket } = await import('#web/features/basket/lib/basket-storage.ts');
  return holdEarlyInput(document.getElementById('root')!, (control) => answerEarlyAdd(control, addToStoredBasket));
}

const stored = () => JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '[]') as Array<{ product: { id: string }; quantity: number }>;
const toasts = () => [...document.querySelectorAll('[data-early-toast]')];

async function markReady() {
  document.documentElement.dataset.ready = 'true';
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  delete document.documentElement.dataset.ready;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('"Add to basket" before the app has started', () => {
  it('stores the product of the page at once, says so in a status toast, and never hands the tap to the app', async () => {
    serverPage();
    await boot();
    const appHandler = vi.fn();
    document.getElementById('honey')!.addEventListener('click', appHandler);

    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('honey')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: 'honey', name: 'Мед' }), quantity: 1 })]);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.getAttribute('role')).toBe('status');
    expect(toasts()[0]!.textContent).toBe('Додато у корпу');

    // A second tap adds a second step and keeps one toast.
    document.getElementById('honey')!.click();
    expect(stored()[0]!.quantity).toBe(2);
    expect(toasts()).toHaveLength(1);

    await markReady();
    expect(appHandler).not.toHaveBeenCalled(); // answered, so not replayed: no third jar
    expect(stored()[0]!.quantity).toBe(2);
  });

  it("adds one step of a product sold by weight, as the app's basket does", async () => {
    serverPage();
    await boot();
    document.getElementById('cheese')!.click();
    expect(stored()).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: 'cheese', pricing: 'weight' }), quantity: 1 })]);
  });

  it('leaves a tap to the app (held, then replayed) when the page state does not hold the product, or for any other control', async () => {
    serverPage({ inState: [cheese] });
    await boot();
    const appHandler = vi.fn();
    document.getElementById('honey')!.addEventListener('click', appHandler);
    document.getElementById('other')!.addEventListener('click', appHandler);
    document.getElementById('honey')!.click();
    document.getElementById('other')!.click();
    expect(stored()).toEqual([]);
    expect(toasts()).toHaveLength(0);
    await markReady();
    expect(appHandler).toHaveBeenCalledTimes(2);
  });

  it('leaves the tap to the app when storage is blocked: nothing said that did not happen', async () => {
    serverPage();
    await boot();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
    const appHandler = vi.fn();
    document.getElementById('honey')!.addEventListener('click', appHandler);
    document.getElementById('honey')!.click();
    expect(toasts()).toHaveLength(0);
    await markReady();
    expect(appHandler).toHaveBeenCalledTimes(1);
  });

  it("goes after the app's toast time, or when tapped", async () => {
    vi.useFakeTimers();
    serverPage();
    const { answerEarlyAdd } = await import('./early-add.ts');
    const add = vi.fn(() => true);
    expect(answerEarlyAdd(document.getElementById('honey')!, add)).toBe(true);
    expect(add).toHaveBeenCalledWith(expect.objectContaining({ id: 'honey' }));
    vi.advanceTimersByTime(TIMINGS.toastMs - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
    answerEarlyAdd(document.getElementById('honey')!, add);
    (toasts()[0] as HTMLElement).click();
    expect(toasts()).toHaveLength(0);
  });
});
