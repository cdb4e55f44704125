import { createContext } from 'react';
import type { BasketItem, BasketProduct } from '../lib/types.ts';

export interface BasketContextValue {
  items: BasketItem[];
  add(product: BasketProduct, quantity?: number): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
  /** Updates a line with fresh product data (same quantity); a price change is remembered. */
  refresh(product: BasketProduct): void;
  /** RSD. */
  total: number;
  itemCount: number;
}

export const BasketContext = createContext<BasketContextValue | null>(null);
