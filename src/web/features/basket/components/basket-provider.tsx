import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BasketActionsContext, BasketContext, type BasketActions, type BasketContextValue } from '../hooks/basket-context.ts';
import { BASKET_STORAGE_KEY } from '#web/lib/storage-keys.ts';
import { basketItemCount, basketReducer, parseStoredBasket, type BasketAction } from '../lib/basket-reducer.ts';
import { basketTotal } from '../lib/basket-totals.ts';
import { onStoredBasketAdd, readStoredBasket, storedBasketAdds, writeStoredBasket } from '../lib/basket-storage.ts';
import type { BasketItem, BasketProduct } from '../lib/types.ts';

const EMPTY: BasketItem[] = [];

/**
 * The basket outside React: read from localStorage on first use, written back on every
 * change, and following other tabs through storage events and the adds of taps made before the
 * app was ready (boot.ts). React reads it with useSyncExternalStore, whose server snapshot
 * (empty) is what a server-rendered page shows, so hydration matches and the stored basket
 * appears right after.
 */
function createBasketStore() {
  let items: BasketItem[] | null = null;
  let seenAdds = storedBasketAdds();
  const listeners = new Set<() => void>();
  const emit = () => { for (const listener of listeners) listener(); };

  /** An empty basket is the server snapshot's own array: nothing to re-render after hydration. */
  const orEmpty = (stored: BasketItem[]): BasketItem[] => (stored.length > 0 ? stored : EMPTY);
  /** The lines, read again when an add came by the stored basket since they were read. */
  const current = (): BasketItem[] => {
    if (items === null || seenAdds !== storedBasketAdds()) {
      seenAdds = storedBasketAdds();
      items = orEmpty(readStoredBasket());
    }
    return items;
  };

  const onStorage = (event: StorageEvent) => {
    // Another tab changed the basket: follow it.
    if (event.key === BASKET_STORAGE_KEY || event.key === null) {
      items = orEmpty(parseStoredBasket(event.newValue));
      emit();
    }
  };

  return {
    getSnapshot: current,
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      const stopAdds = onStoredBasketAdd(listener);
      return () => {
        stopAdds();
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    dispatch(action: BasketAction): void {
      const next = basketReducer(current(), action);
      if (next === items) return;
      items = next;
      writeStoredBasket(next); // storage full or blocked: the basket still works for this visit
      emit();
    },
  };
}

const serverSnapshot = () => EMPTY;

/** The basket lives in the browser (docs/product.md) and is restored at start. */
export function BasketProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createBasketStore);
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);

  // The actions never change (their own context), so a page that only adds need not re-render.
  const [actions] = useState<BasketActions>(() => ({
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

  return (
    <BasketActionsContext.Provider value={actions}>
      <BasketContext.Provider value={value}>{children}</BasketContext.Provider>
    </BasketActionsContext.Provider>
  );
}
