import { z } from 'zod';
import { CATEGORIES, LIMITS, UNITS } from '../constants.ts';
import { isCalendarDay } from '../time.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { hasAtMostThreeDecimals, isMultipleOfStep, STEP_MAX, STEP_MIN } from '../quantity.ts';
import { PIECE_UNITS, PIECE_WEIGHT_MAX, PIECE_WEIGHT_MIN, PRICINGS } from '../weight-price.ts';
import { cursorParam } from './common.ts';
import { INT4_MAX, queryWholeNumber, text, wholeNumber } from './fields.ts';
import { DEPOSIT_PERCENT_DEFAULT, DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN } from '../deposit.ts';
import { productLabelFields } from './legal.ts';

/** A product as the API returns it (docs/architecture.md, API). `price` is RSD. */
export const product = z.object({
  id: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  name: z.string(),
  description: z.string(),
  /** RSD per unit; per kg when `pricing` is weight. */
  price: z.number(),
  /** The unit of sale; for a product sold by weight, the piece the buyer orders (pc, wheel, jar). */
  unit: z.enum(UNITS),
  /** weight: the buyer orders pieces and pays by the weight the producer enters (docs/weight-pricing.md). */
  pricing: z.enum(PRICINGS),
  /** kg of one piece (weight products), else null. */
  pieceWeight: z.number().nullable(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  category: z.enum(CATEGORIES),
  availability: z.boolean(),
  featured: z.boolean(),
  promoted: z.boolean(),
  /** Units left (a multiple of quantityStep, at most 3 decimals), or null for unlimited. */
  stock: z.number().nullable(),
  /** The smallest amount sold and the step of quantities (e.g. 0.5 kg). */
  quantityStep: z.number(),
  /** YYYY-MM-DD: a harvest pre-order, for pickup/delivery on or after that day; null = now. */
  availableFrom: z.string().nullable(),
  /** What goes on the label (docs/papers-and-labels.md); allergens are shown in bold. */
  ingredients: z.string().nullable(),
  allergens: z.array(z.string()),
  storage: z.string().nullable(),
  /** Percent of a pre-order's total asked as a deposit, 0..50 (src/shared/deposit.ts). */
  depositPercent: z.number().int(),
  /** The most that may be pre-ordered while the harvest is ahead; null = no cap. */
  preorderLimit: z.number().int().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof product>;

export const productsQuery = z.object({
  category: z.enum(CATEGORIES).optional(),
  householdId: z.uuid().optional(),
  featured: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  promoted: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  q: text().trim().max(100).optional(),
  /** true: only households with at least one registration (registarski or veterinarski broj). */
  registered: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /** Producers see their own unpublished products with includeUnavailable=true. */
  includeUnavailable: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type ProductsQuery = z.input<typeof productsQuery>;

/** GET /api/products/suggestions: what to try when a search finds nothing. */
export const searchSuggestionsQuery = z.object({ q: text().trim().min(1).max(100) }).strict();

/** A nearby spelling that does exist: a product's name, a household's name or a town. */
export const searchSuggestion = z.object({ text: z.string(), kind: z.enum(['product', 'household', 'town']) });
export type SearchSuggestion = z.infer<typeof searchSuggestion>;

/** RSD with at most 2 decimals (the column is integer para). */
const price = z.number({ error: 'Enter a price' })
  .positive('Price must be greater than 0')
  .max(LIMITS.priceMaxRsd, `Price must be at most ${LIMITS.priceMaxRsd} RSD`)
  .refine(hasAtMostTwoDecimals, 'Price may have at most 2 decimals');

/** The fields a producer edits, without defaults (a PATCH must not reset what it does not name). */
/** The largest stock a product may have: int4's bound, as when stock was whole (numeric(13, 3) holds it). */
export const STOCK_MAX = INT4_MAX;

const productFields = {
  name: text().trim().min(LIMITS.productNameMin, `Name must be at least ${LIMITS.productNameMin} characters`).max(LIMITS.productNameMax, `Name must be at most ${LIMITS.productNameMax} characters`),
  description: text().trim().max(LIMITS.productDescriptionMax, `Description must be at most ${LIMITS.productDescriptionMax} characters`),
  price,
  unit: z.enum(UNITS),
  category: z.enum(CATEGORIES),
  availability: z.boolean(),
  featured: z.boolean(),
  /** Up to 3 decimals (a multiple of quantityStep); the column is numeric(13, 3). null = unlimited. */
  stock: z.number({ error: 'Stock must be a number' }).min(0, 'Stock cannot be negative').max(STOCK_MAX, `Stock must be at most ${STOCK_MAX}`)
    .refine(hasAtMostThreeDecimals, { message: 'Stock may have at most 3 decimals', abort: true })
    .refine((v) => !Object.is(v, -0), { message: 'Stock cannot be negative', abort: true }).nullable(),
  quantityStep: z.number({ error: 'The step must be a number' }).min(STEP_MIN, `The step must be at least ${STEP_MIN}`).max(STEP_MAX, `The step must be at most ${STEP_MAX}`)
    .refine(hasAtMostThreeDecimals, 'The step may have at most 3 decimals'),
  availableFrom: text().refine(isCalendarDay, 'Date must be YYYY-MM-DD').nullable(),
  pricing: z.enum(PRICINGS),
  /** kg, 0.01..100, grams at most. */
  pieceWeight: z.number({ error: 'The piece weight must be a number' })
    .min(PIECE_WEIGHT_MIN, `The piece weight must be at least ${PIECE_WEIGHT_MIN} kg`).max(PIECE_WEIGHT_MAX, `The piece weight must be at most ${PIECE_WEIGHT_MAX} kg`)
    .refine(hasAtMostThreeDecimals, 'The piece weight may have at most 3 decimals').nullable(),
  /** An uploaded image (POST /api/media) of the producer's own; null removes the image. */
  imageId: z.uuid().nullable(),
  depositPercent: wholeNumber(`The deposit is a whole percent from ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX}`)
    .min(DEPOSIT_PERCENT_MIN, `The deposit is ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX} %`).max(DEPOSIT_PERCENT_MAX, `The deposit is ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX} %`),
  preorderLimit: wholeNumber('The pre-order limit is a whole number').min(0, 'The pre-order limit cannot be negative').max(INT4_MAX, `The pre-order limit must be at most ${INT4_MAX}`).nullable(),
  ...productLabelFields,
};

/**
 * What a producer sends to create a product (validation rules, docs/product.md). `promoted` is not
 * here: promotion is an operator's decision, and a strict body refuses the key (400).
 */
export const createProductBody = z.object({
  ...productFields,
  description: productFields.description.default(''),
  availability: productFields.availability.default(true),
  featured: productFields.featured.default(false),
  stock: productFields.stock.default(null),
  quantityStep: productFields.quantityStep.default(1),
  availableFrom: productFields.availableFrom.default(null),
  ingredients: productFields.ingredients.default(null),
  allergens: productFields.allergens.default([]),
  storage: productFields.storage.default(null),
  pricing: productFields.pricing.default('unit'),
  pieceWeight: productFields.pieceWeight.default(null),
  depositPercent: productFields.depositPercent.default(DEPOSIT_PERCENT_DEFAULT),
  preorderLimit: productFields.preorderLimit.default(null),
  imageId: productFields.imageId.optional(),
}).strict().refine((p) => p.stock === null || isMultipleOfStep(p.stock, p.quantityStep),
  { message: 'Stock must be a multiple of the quantity step', path: ['stock'] })
  .superRefine((p, ctx) => {
    for (const issue of weightPricingIssues(p)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type CreateProductBody = z.input<typeof createProductBody>;

/** Partial edit: only the named fields change (no defaults here, unlike createProductBody). */
export const updateProductBody = z.object(productFields).partial().strict();
export type UpdateProductBody = z.input<typeof updateProductBody>;

/**
 * What a product sold by weight needs (docs/weight-pricing.md): a piece weight, and a piece as
 * its unit (not kg or l); a product sold by the unit has no piece weight. The create body checks
 * it here; a PATCH checks the product as it will be (src/server/features/producer/producer.service.ts).
 */
export function weightPricingIssues(p: { pricing: 'unit' | 'weight'; unit: string; pieceWeight: number | null }): { path: string[]; message: string }[] {
  if (p.pricing === 'unit') return p.pieceWeight === null ? [] : [{ path: ['pieceWeight'], message: 'Only a product sold by weight has a piece weight' }];
  const out: { path: string[]; message: string }[] = [];
  if (p.pieceWeight === null) out.push({ path: ['pieceWeight'], message: 'A product sold by weight needs the usual weight of a piece' });
  if (!(PIECE_UNITS as readonly string[]).includes(p.unit)) out.push({ path: ['unit'], message: `A product sold by weight is ordered in pieces (${PIECE_UNITS.join(', ')})` });
  return out;
}
