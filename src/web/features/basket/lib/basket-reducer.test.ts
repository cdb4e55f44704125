import { describe, expect, it } from 'vitest';
import { basketItemCount, basketReducer, parseStoredBasket } from './basket-reducer.ts';
import { basketTotal } from './basket-totals.ts';
import type { BasketItem } from './types.ts';
import { testProduct } from '../test-product.ts';

const honey = testProduct({ id: 'honey', price: 1200 });
const jam = testProduct({ id: 'jam', price: 450.5 });

describe('basketReducer', () => {
  it('appends a new product as a new line', () => {
    expect(basketReducer([], { type: 'add', product: honey, quantity: 1 })).toEqual([{ product: honey, quantity: 1 }]);
  });

  it('increases the quantity of a product already in the basket', () => {
    const items = basketReducer([{ product: honey, quantity: 1 }], { type: 'add', product: honey, quantity: 2 });
    expect(items).toEqual([{ product: honey, quantity: 3 }]);
  });

  it('sets a quantity, and removes the line at 0 or below', () => {
    const start: BasketItem[] = [{ product: honey, quantity: 1 }, { product: jam, quantity: 2 }];
    expect(basketReducer(start, { type: 'setQuantity', productId: 'jam', quantity: 5 })[1]!.quantity).toBe(5);
    expect(basketReducer(start, { type: 'setQuantity', productId: 'jam', quantity: 0 })).toEqual([start[0]]);
    expect(basketReducer(start, { type: 'setQuantity', productId: 'jam', quantity: -3 })).toEqual([start[0]]);
  });

  it('removes a line and clears the basket', () => {
    const start: BasketItem[] = [{ product: honey, quantity: 1 }, { product: jam, quantity: 2 }];
    expect(basketReducer(start, { type: 'remove', productId: 'honey' })).toEqual([start[1]]);
    expect(basketReducer(start, { type: 'clear' })).toEqual([]);
  });

  it('ignores a non-positive add', () => {
    const start: BasketItem[] = [{ product: honey, quantity: 1 }];
    expect(basketReducer(start, { type: 'add', product: honey, quantity: 0 })).toBe(start);
  });
});

describe('basket totals', () => {
  it('sums price times quantity exactly and counts items', () => {
    const items: BasketItem[] = [{ product: honey, quantity: 2 }, { product: jam, quantity: 3 }];
    expect(basketTotal(items)).toBe(3751.5);
    expect(basketItemCount(items)).toBe(5);
    expect(basketTotal([{ product: testProduct({ price: 0.1 }), quantity: 3 }])).toBe(0.3);
  });
});

describe('parseStoredBasket', () => {
  it('drops unreadable or invalid entries', () => {
    expect(parseStoredBasket('not json')).toEqual([]);
    expect(parseStoredBasket('{"a":1}')).toEqual([]);
    expect(parseStoredBasket(JSON.stringify([{ product: honey, quantity: 2 }, { product: { id: 1 }, quantity: 1 }, { quantity: 1 }]))).toEqual([
      { product: honey, quantity: 2 },
    ]);
  });
});

describe('refresh (fresh product data when the basket is shown)', () => {
  it('keeps the quantity, takes the new price and remembers the old one', () => {
    const start: BasketItem[] = [{ product: honey, quantity: 2 }];
    const dearer = { ...honey, price: 1300 };
    const once = basketReducer(start, { type: 'refresh', product: dearer });
    expect(once).toEqual([{ product: dearer, quantity: 2, previousPrice: 1200 }]);
    // A second change still compares with the price the buyer first saw.
    expect(basketReducer(once, { type: 'refresh', product: { ...honey, price: 1400 } })[0]!.previousPrice).toBe(1200);
  });

  it('changes nothing for identical data or an unknown product', () => {
    const start: BasketItem[] = [{ product: honey, quantity: 2 }];
    expect(basketReducer(start, { type: 'refresh', product: { ...honey } })).toBe(start);
    expect(basketReducer(start, { type: 'refresh', product: jam })).toBe(start);
  });
});

describe('quantity steps', () => {
  const kajmak = testProduct({ id: 'k', quantityStep: 0.5, unit: 'kg', price: 1500 });
  it('adds one step at a time and keeps multiples of the step', () => {
    let items = basketReducer([], { type: 'add', product: kajmak, quantity: 1 });
    expect(items[0]!.quantity).toBe(0.5);
    items = basketReducer(items, { type: 'add', product: kajmak, quantity: 2 });
    expect(items[0]!.quantity).toBe(1.5);
    items = basketReducer(items, { type: 'setQuantity', productId: 'k', quantity: 1.7 });
    expect(items[0]!.quantity).toBe(1.5);
    expect(basketTotal(items)).toBe(2250);
    expect(basketItemCount(items)).toBe(3);
    expect(basketReducer(items, { type: 'setQuantity', productId: 'k', quantity: 0.2 })).toEqual([]);
  });
  it('reads stored fractional quantities back', () => {
    expect(parseStoredBasket(JSON.stringify([{ product: kajmak, quantity: 1.5 }]))[0]!.quantity).toBe(1.5);
    expect(parseStoredBasket(JSON.stringify([{ product: kajmak, quantity: 1.0005 }]))).toEqual([]);
  });
});
