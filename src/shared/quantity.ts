/**
 * Fractional quantities: stock and order quantities are multiples of a product's
 * quantityStep with at most three decimals; all arithmetic runs on integer thousandths so
 * 0.1 + 0.2 never becomes 0.30000000000000004. Money stays integer para.
 */

export const QUANTITY_DECIMALS = 3;
export const STEP_MIN = 0.001;
export const STEP_MAX = 1000;

/** Thousandths of `q` as an integer, or null when `q` has more than three decimals. */
export function toMilli(q: number): number | null {
  if (!Number.isFinite(q)) return null;
  const milli = Math.round(q * 1000);
  return Math.abs(q * 1000 - milli) < 1e-6 ? milli : null;
}

export function hasAtMostThreeDecimals(q: number): boolean {
  return toMilli(q) !== null;
}

/** True when `q` is a whole multiple of `step` (both with at most three decimals). */
export function isMultipleOfStep(q: number, step: number): boolean {
  const qm = toMilli(q);
  const sm = toMilli(step);
  return qm !== null && sm !== null && sm > 0 && qm % sm === 0;
}

/** Sum of quantities, exact to the thousandth. */
export function addQuantities(...qs: number[]): number {
  return qs.reduce((sum, q) => sum + (toMilli(q) ?? Math.round(q * 1000)), 0) / 1000;
}

/** unit price (para) × quantity, rounded half up to the para. */
export function lineTotalPara(unitPricePara: number, quantity: number): number {
  const milli = toMilli(quantity) ?? Math.round(quantity * 1000);
  return Math.floor((unitPricePara * milli + 500) / 1000);
}

/** The next quantity up or down by `step`, never below `step` (basket and product page). */
export function stepQuantity(q: number, step: number, direction: 1 | -1): number {
  const sm = toMilli(step) ?? 1000;
  const qm = toMilli(q) ?? sm;
  return Math.max(sm, qm + direction * sm) / 1000;
}
