import { z } from 'zod';
import { CATEGORIES, LIMITS, UNITS } from '../constants.ts';
import { hasAtMostTwoDecimals } from '../money.ts';

/** A product as the API returns it (DESIGN.md section 5). `price` is RSD. */
export const product = z.object({
  id: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  unit: z.enum(UNITS),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  category: z.enum(CATEGORIES),
  availability: z.boolean(),
  featured: z.boolean(),
  promoted: z.boolean(),
  stock: z.number().int().nullable(),
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
  q: z.string().trim().max(100).optional(),
  /** Producers see their own unpublished products with includeUnavailable=true. */
  includeUnavailable: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type ProductsQuery = z.input<typeof productsQuery>;

const price = z.number()
  .positive('Price must be greater than 0')
  .max(LIMITS.priceMaxRsd, `Price must be at most ${LIMITS.priceMaxRsd} RSD`)
  .refine(hasAtMostTwoDecimals, 'Price may have at most 2 decimals');

/** The fields a producer edits, without defaults (a PATCH must not reset what it does not name). */
const productFields = {
  name: z.string().trim().min(LIMITS.productNameMin, `Name must be at least ${LIMITS.productNameMin} characters`).max(LIMITS.productNameMax, `Name must be at most ${LIMITS.productNameMax} characters`),
  description: z.string().trim().max(LIMITS.productDescriptionMax, `Description must be at most ${LIMITS.productDescriptionMax} characters`),
  price,
  unit: z.enum(UNITS),
  category: z.enum(CATEGORIES),
  availability: z.boolean(),
  featured: z.boolean(),
  promoted: z.boolean(),
  stock: z.number().int('Stock must be a whole number').min(0, 'Stock cannot be negative').nullable(),
  /** An uploaded image (POST /api/media) of the producer's own; null removes the image. */
  imageId: z.uuid().nullable(),
};

/** What a producer sends to create a product (issue 6 validation rules). */
export const createProductBody = z.object({
  ...productFields,
  description: productFields.description.default(''),
  availability: productFields.availability.default(true),
  featured: productFields.featured.default(false),
  promoted: productFields.promoted.default(false),
  stock: productFields.stock.default(null),
  imageId: productFields.imageId.optional(),
}).strict();
export type CreateProductBody = z.input<typeof createProductBody>;

/** Partial edit: only the named fields change (no defaults here, unlike createProductBody). */
export const updateProductBody = z.object(productFields).partial().strict();
export type UpdateProductBody = z.input<typeof updateProductBody>;
