import { BASKET_STORAGE_KEY } from '#web/lib/storage-keys.ts';
import { basketReducer, parseStoredBasket } from './basket-reducer.ts';
import type { BasketItem, BasketProduct } from './types.ts';

/**
 * The basket as this browser keeps it (localStorage). The app's basket store
 * (components/basket-provider.tsx) and "Add to basket" tapped before the app has started
 * (boot.ts, lib/early-add.ts) both read and write it here, through the one reducer.
 */

/** The stored lines; none when storage is blocked (private mode) or holds nothing readable. */
export function readStoredBasket(): BasketItem[] {
  try {
    return parseStoredBasket(localStorage.getItem(BASKET_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Stores the lines; false when storage is full or blocked (the basket then works for this visit only). */
export function writeStoredBasket(items: readonly BasketItem[]): boolean {
  try {
    localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(items));
    return true;
  } catch {
    return false;
  }
}

let adds = 0;
const addListeners = new Set<() => void>();

/** How many adds came through addToStoredBasket: a store that read the basket before the last one reads it again. */
export const storedBasketAdds = (): number => adds;

/** Calls `listener` after every addToStoredBasket; returns the unsubscribe. */
export function onStoredBasketAdd(listener: () => void): () => void {
  addListeners.add(listener);
  return () => addListeners.delete(listener);
}

/**
 * One step of `product` added to the stored basket, as the app's "Add to basket" adds it; false
 * when storage is blocked or full (nothing was added: the tap is then left to the app).
 */
export function addToStoredBasket(product: BasketProduct): boolean {
  if (!writeStoredBasket(basketReducer(readStoredBasket(), { type: 'add', product, quantity: 1 }))) return false;
  adds += 1;
  for (const listener of addListeners) listener();
  return true;
}
