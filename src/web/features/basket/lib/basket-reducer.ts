import { LIMITS } from '#shared/constants.ts';
import { hasAtMostThreeDecimals, toMilli } from '#shared/quantity.ts';
import type { BasketItem, BasketProduct } from './types.ts';

export type BasketAction =
  | { type: 'add'; product: BasketProduct; quantity: number }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | { type: 'replace'; items: BasketItem[] }
  /** Fresh product data read from the API: keeps the quantity, remembers an old price. */
  | { type: 'refresh'; product: BasketProduct };

/** The product's quantity step; 1 for products stored before steps existed. */
export function stepOf(product: Pick<BasketProduct, 'quantityStep'>): number {
  return typeof product.quantityStep === 'number' && product.quantityStep > 0 ? product.quantityStep : 1;
}

/** Rounded down to a multiple of the step (in thousandths, exact), at most the order limit. */
function clampQuantity(quantity: number, step = 1): number {
  const stepMilli = toMilli(step) ?? 1000;
  const milli = Math.floor(Math.round(quantity * 1000) / stepMilli) * stepMilli;
  const maxMilli = Math.floor((LIMITS.orderQuantityMax * 1000) / stepMilli) * stepMilli;
  return Math.min(milli, maxMilli) / 1000;
}

/**
 * docs/product.md: add increases an existing line, quantity <= 0 removes, clear empties.
 * `add` counts steps of the product (1 = one 0.5 kg pack); `setQuantity` takes the amount.
 */
export function basketReducer(items: BasketItem[], action: BasketAction): BasketItem[] {
  switch (action.type) {
    case 'add': {
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) return items;
      const step = stepOf(action.product);
      const added = Math.floor(action.quantity) * step;
      const existing = items.find((item) => item.product.id === action.product.id);
      if (!existing) return [...items, { product: action.product, quantity: clampQuantity(added, step) }];
      return items.map((item) =>
        item.product.id === action.product.id
          ? // The newer product data wins (price or name may have changed).
            { product: action.product, quantity: clampQuantity(item.quantity + added, step) }
          : item,
      );
    }
    case 'setQuantity': {
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) {
        return items.filter((item) => item.product.id !== action.productId);
      }
      return items.flatMap((item) => {
        if (item.product.id !== action.productId) return [item];
        const quantity = clampQuantity(action.quantity, stepOf(item.product));
        return quantity > 0 ? [{ ...item, quantity }] : [];
      });
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

/** Packs in the basket: a line of 1.5 kg sold by 0.5 kg counts 3. */
export function basketItemCount(items: readonly BasketItem[]): number {
  return items.reduce((sum, item) => sum + Math.round(item.quantity / stepOf(item.product)), 0);
}

function isBasketItem(value: unknown): value is BasketItem {
  if (!value || typeof value !== 'object') return false;
  const { product, quantity } = value as { product?: Partial<BasketProduct>; quantity?: unknown };
  return (
    typeof quantity === 'number' &&
    hasAtMostThreeDecimals(quantity) &&
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
