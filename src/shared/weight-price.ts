import { lineTotalPara, toMilli } from './quantity.ts';

/**
 * Sold by weight (docs/weight-pricing.md): the one place of its arithmetic, for the browser,
 * the server and the checkout plan. A weight product's price is per kg; the buyer orders
 * pieces (a wheel, a ham) and sees an estimate until the producer weighs each line.
 *
 * Rounding: weights to the gram, half up; money to the para, half up (the para of
 * price per kg × grams / 1000). Everything runs on integers (grams, para).
 */

export const PRICINGS = ['unit', 'weight'] as const;
export type Pricing = (typeof PRICINGS)[number];

/** The units a product sold by weight may be ordered in: pieces, never kg or l. */
export const PIECE_UNITS = ['pc', 'wheel', 'jar'] as const;

/** The usual weight of one piece, in kg. */
export const PIECE_WEIGHT_MIN = 0.01;
export const PIECE_WEIGHT_MAX = 100;
/** The most one weighed line may weigh, in kg (all its pieces together). */
export const LINE_WEIGHT_MAX = 10_000;
/** A final total more than this many percent above the estimate waits for the buyer's consent. */
export const CONSENT_MARGIN_PERCENT = 15;

/** Grams of a weight in kg, half up to the gram (1.2345 -> 1235). */
export function toGrams(kg: number): number {
  return Math.floor(kg * 1000 + 0.5 + 1e-9);
}

/**
 * The estimated weight of `pieces` pieces of `pieceWeight` kg, in grams, half up: the grams of
 * one piece times the pieces, rounded as a line's price is (quantity.ts, lineTotalPara).
 */
export function estimatedGrams(pieces: number, pieceWeight: number): number {
  return lineTotalPara(toGrams(pieceWeight), pieces);
}

/** Price per kg (para) × grams, half up to the para. */
export function weighedPara(pricePerKgPara: number, grams: number): number {
  return Math.floor((pricePerKgPara * grams + 500) / 1000);
}

/** The estimate of a weight line: pieces × piece weight (to the gram) × price per kg (to the para). */
export function estimatePara(pricePerKgPara: number, pieces: number, pieceWeight: number): number {
  return weighedPara(pricePerKgPara, estimatedGrams(pieces, pieceWeight));
}

/** A weighed line's price: its weight (kg, rounded to the gram) × price per kg, half up to the para. */
export function finalPara(pricePerKgPara: number, weightKg: number): number {
  return weighedPara(pricePerKgPara, toGrams(weightKg));
}

/**
 * Whether a final total waits for the buyer: more than 15 % above the estimate. Exactly 15 %
 * above is accepted without asking; one para more is not. Integer arithmetic, no rounding.
 */
export function needsConsent(estimateTotalPara: number, finalTotalPara: number): boolean {
  return finalTotalPara * 100 > estimateTotalPara * (100 + CONSENT_MARGIN_PERCENT);
}

/** True for a weight with at most three decimals (grams), above 0 and at most LINE_WEIGHT_MAX kg. */
export function isValidLineWeight(kg: number): boolean {
  return Number.isFinite(kg) && kg > 0 && kg <= LINE_WEIGHT_MAX && toMilli(kg) !== null;
}

/** A line as the pricing sees it: unit price (para; per kg for weight), quantity (pieces for weight). */
export interface PricedLine {
  pricing?: Pricing | undefined;
  unitPricePara: number;
  quantity: number;
  /** kg of one piece (weight lines). */
  pieceWeight?: number | null | undefined;
  /** kg weighed by the producer; null/undefined = not weighed yet. */
  weight?: number | null | undefined;
}

/** Whether the line's price is still an estimate (a weight line not weighed yet). */
export function isEstimateLine(line: PricedLine): boolean {
  return line.pricing === 'weight' && (line.weight === null || line.weight === undefined);
}

/**
 * A line's price in para: unit price × quantity for a unit line; for a weight line the
 * weighed price once weighed, else the estimate. The checkout plan, the orders and the web
 * price every line with it.
 */
export function linePricePara(line: PricedLine): number {
  if (line.pricing !== 'weight') return lineTotalPara(line.unitPricePara, line.quantity);
  if (line.weight !== null && line.weight !== undefined) return finalPara(line.unitPricePara, line.weight);
  return estimatePara(line.unitPricePara, line.quantity, line.pieceWeight ?? 0);
}
