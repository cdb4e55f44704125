import { createContext } from 'react';
import type { BasketItem, BasketProduct } from '../lib/types.ts';

/** What changes the basket: never changes itself, so a page that only adds does not re-render with the basket. */
export interface BasketActions {
  add(product: BasketProduct, quantity?: number): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
  /** Updates a line with fresh product data (same quantity); a price change is remembered. */
  refresh(product: BasketProduct): void;
}

export interface BasketContextValue extends BasketActions {
  items: BasketItem[];
  /** RSD. */
  total: number;
  itemCount: number;
}

export const BasketContext = createContext<BasketContextValue | null>(null);
export const BasketActionsContext = createContext<BasketActions | null>(null);
