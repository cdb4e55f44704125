import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { linePricePara } from '#shared/weight-price.ts';
import type { BasketItem } from './types.ts';

/*
 * The basket's sums, apart from its reducer (basket-reducer.ts): the reducer is part of the first
 * script (boot.ts answers an early "Add to basket" with it), the sums are not needed there.
 */

/** A line's price in para: price × quantity, or the estimate of a product sold by weight (src/shared/weight-price.ts). */
export function basketLinePara(item: BasketItem): number {
  const p = item.product;
  return linePricePara({ pricing: p.pricing, unitPricePara: rsdToPara(p.price), quantity: item.quantity, pieceWeight: p.pieceWeight });
}

/** Sum of the lines, computed in para so 0.1 + 0.2 stays exact; an estimate when a line is sold by weight. */
export function basketTotal(items: readonly BasketItem[]): number {
  return paraToRsd(items.reduce((sum, item) => sum + basketLinePara(item), 0));
}

/** True when a line is sold by weight: the basket's total is then an estimate. */
export const basketHasEstimate = (items: readonly BasketItem[]): boolean => items.some((item) => item.product.pricing === 'weight');
