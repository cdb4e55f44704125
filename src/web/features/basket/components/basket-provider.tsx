import { useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { BasketContext, type BasketContextValue } from '../hooks/basket-context.ts';
import { BASKET_STORAGE_KEY, basketItemCount, basketReducer, basketTotal, parseStoredBasket } from '../lib/basket-reducer.ts';
import type { BasketProduct } from '../lib/types.ts';

function readStoredBasket() {
  try {
    return parseStoredBasket(localStorage.getItem(BASKET_STORAGE_KEY));
  } catch {
    return []; // storage blocked (private mode): start empty
  }
}

/** The basket lives in the browser (spec section 4) and is restored at start. */
export function BasketProvider({ children }: { children: ReactNode }) {
  const [items, dispatch] = useReducer(basketReducer, undefined, readStoredBasket);

  useEffect(() => {
    try {
      localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // storage full or blocked: the basket still works for this visit
    }
  }, [items]);

  useEffect(() => {
    // Another tab changed the basket: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === BASKET_STORAGE_KEY || event.key === null) {
        dispatch({ type: 'replace', items: parseStoredBasket(event.newValue) });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<BasketContextValue>(
    () => ({
      items,
      add: (product: BasketProduct, quantity = 1) => dispatch({ type: 'add', product, quantity }),
      setQuantity: (productId, quantity) => dispatch({ type: 'setQuantity', productId, quantity }),
      remove: (productId) => dispatch({ type: 'remove', productId }),
      clear: () => dispatch({ type: 'clear' }),
      refresh: (product: BasketProduct) => dispatch({ type: 'refresh', product }),
      total: basketTotal(items),
      itemCount: basketItemCount(items),
    }),
    [items],
  );

  return <BasketContext.Provider value={value}>{children}</BasketContext.Provider>;
}
