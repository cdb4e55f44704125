import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BasketContext, type BasketContextValue } from '../hooks/basket-context.ts';
import { BASKET_STORAGE_KEY } from '#web/lib/storage-keys.ts';
import { basketItemCount, basketReducer, basketTotal, parseStoredBasket, type BasketAction } from '../lib/basket-reducer.ts';
import type { BasketItem, BasketProduct } from '../lib/types.ts';

const EMPTY: BasketItem[] = [];

/**
 * The basket outside React: read from localStorage on first use, written back on every
 * change, and following other tabs through storage events. React reads it with
 * useSyncExternalStore, whose server snapshot (empty) is what a server-rendered page shows,
 * so hydration matches and the stored basket appears right after.
 */
function createBasketStore() {
  let items: BasketItem[] | null = null;
  const listeners = new Set<() => void>();
  const emit = () => { for (const listener of listeners) listener(); };

  /** An empty basket is the server snapshot's own array: nothing to re-render after hydration. */
  function parse(raw: string | null): BasketItem[] {
    const stored = parseStoredBasket(raw);
    return stored.length > 0 ? stored : EMPTY;
  }

  function read(): BasketItem[] {
    try {
      return parse(localStorage.getItem(BASKET_STORAGE_KEY));
    } catch {
      return EMPTY; // storage blocked (private mode): start empty
    }
  }

  const onStorage = (event: StorageEvent) => {
    // Another tab changed the basket: follow it.
    if (event.key === BASKET_STORAGE_KEY || event.key === null) {
      items = parse(event.newValue);
      emit();
    }
  };

  return {
    getSnapshot: (): BasketItem[] => (items ??= read()),
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    dispatch(action: BasketAction): void {
      const next = basketReducer(items ?? read(), action);
      if (next === items) return;
      items = next;
      try {
        localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // storage full or blocked: the basket still works for this visit
      }
      emit();
    },
  };
}

const serverSnapshot = () => EMPTY;

/** The basket lives in the browser (docs/product.md) and is restored at start. */
export function BasketProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createBasketStore);
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);

  // The actions never change, so components that only add (product cards) need not re-render.
  const [actions] = useState(() => ({
    add: (product: BasketProduct, quantity = 1) => store.dispatch({ type: 'add', product, quantity }),
    setQuantity: (productId: string, quantity: number) => store.dispatch({ type: 'setQuantity', productId, quantity }),
    remove: (productId: string) => store.dispatch({ type: 'remove', productId }),
    clear: () => store.dispatch({ type: 'clear' }),
    refresh: (product: BasketProduct) => store.dispatch({ type: 'refresh', product }),
  }));
  const value = useMemo<BasketContextValue>(
    () => ({ items, ...actions, total: basketTotal(items), itemCount: basketItemCount(items) }),
    [items, actions],
  );

  return <BasketContext.Provider value={value}>{children}</BasketContext.Provider>;
}
