import { LIMITS } from '#shared/constants.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import type { BasketItem, BasketProduct } from './types.ts';

export const BASKET_STORAGE_KEY = 'domace.basket';

export type BasketAction =
  | { type: 'add'; product: BasketProduct; quantity: number }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | { type: 'replace'; items: BasketItem[] }
  /** Fresh product data read from the API: keeps the quantity, remembers an old price. */
  | { type: 'refresh'; product: BasketProduct };

function clampQuantity(quantity: number): number {
  return Math.min(Math.floor(quantity), LIMITS.orderQuantityMax);
}

/** Spec section 4: add increases an existing line, quantity <= 0 removes, clear empties. */
export function basketReducer(items: BasketItem[], action: BasketAction): BasketItem[] {
  switch (action.type) {
    case 'add': {
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) return items;
      const existing = items.find((item) => item.product.id === action.product.id);
      if (!existing) return [...items, { product: action.product, quantity: clampQuantity(action.quantity) }];
      return items.map((item) =>
        item.product.id === action.product.id
          ? // The newer product data wins (price or name may have changed).
            { product: action.product, quantity: clampQuantity(item.quantity + action.quantity) }
          : item,
      );
    }
    case 'setQuantity': {
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) {
        return items.filter((item) => item.product.id !== action.productId);
      }
      return items.map((item) =>
        item.product.id === action.productId ? { ...item, quantity: clampQuantity(action.quantity) } : item,
      );
    }
    case 'remove':
      return items.filter((item) => item.product.id !== action.productId);
    case 'clear':
      return [];
    case 'replace':
      return action.items;
    case 'refresh': {
      const fresh = action.product;
      const existing = items.find((item) => item.product.id === fresh.id);
      if (!existing) return items;
      const priceChanged = existing.product.price !== fresh.price;
      if (!priceChanged && existing.product.name === fresh.name && existing.product.availability === fresh.availability
        && existing.product.image === fresh.image && existing.product.householdName === fresh.householdName) return items;
      return items.map((item) =>
        item === existing
          ? { product: fresh, quantity: item.quantity, ...(priceChanged ? { previousPrice: item.previousPrice ?? item.product.price } : item.previousPrice !== undefined ? { previousPrice: item.previousPrice } : {}) }
          : item,
      );
    }
  }
}

/** Sum of price times quantity, computed in para so 0.1 + 0.2 stays exact. */
export function basketTotal(items: readonly BasketItem[]): number {
  return paraToRsd(items.reduce((sum, item) => sum + rsdToPara(item.product.price) * item.quantity, 0));
}

export function basketItemCount(items: readonly BasketItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

function isBasketItem(value: unknown): value is BasketItem {
  if (!value || typeof value !== 'object') return false;
  const { product, quantity } = value as { product?: Partial<BasketProduct>; quantity?: unknown };
  return (
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity > 0 &&
    !!product &&
    typeof product.id === 'string' &&
    typeof product.price === 'number' &&
    Number.isFinite(product.price)
  );
}

/** Reads the stored basket; anything unreadable is dropped rather than breaking the app. */
export function parseStoredBasket(raw: string | null): BasketItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isBasketItem) : [];
  } catch {
    return [];
  }
}
