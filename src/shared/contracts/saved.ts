import { z } from 'zod';
import { text } from './fields.ts';

/**
 * Saved items and saved places of the signed-in user (docs/saved.md):
 *   GET /api/me/saved-products, PUT/DELETE /api/me/saved-products/:productId
 *   GET/POST /api/me/addresses, PATCH/DELETE /api/me/addresses/:id
 */

export const SAVED_ADDRESS_LIMITS = {
  labelMax: 40,
  areaMax: 80,
  addressMax: 300,
  /** Saved addresses one user may keep; the next POST answers 409 `address.limit`. */
  perUser: 10,
} as const;

/** A required text field (shared text rules: no control or broken Unicode characters), trimmed. */
function cleanText(field: string, max: number) {
  return text({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** A saved delivery place as the API returns it. */
export const savedAddress = z.object({
  id: z.uuid(),
  label: z.string(),
  area: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

const addressFields = {
  /** A short name: "Home", "Work". */
  label: cleanText('Label', SAVED_ADDRESS_LIMITS.labelMax),
  /** The town or area: one a household delivers to, or free text. */
  area: cleanText('Area', SAVED_ADDRESS_LIMITS.areaMax),
  /** Street, number, floor, notes for the courier. */
  address: cleanText('Address', SAVED_ADDRESS_LIMITS.addressMax),
  /** true makes it the default and clears the previous default. */
  isDefault: z.boolean(),
};

export const createAddressBody = z.object({
  ...addressFields,
  isDefault: addressFields.isDefault.default(false),
}).strict();
export type CreateAddressBody = z.input<typeof createAddressBody>;
export type CreateAddressInput = z.output<typeof createAddressBody>;

/** Only the named fields change. */
export const updateAddressBody = z.object(addressFields).partial().strict();
export type UpdateAddressBody = z.input<typeof updateAddressBody>;
export type UpdateAddressInput = z.output<typeof updateAddressBody>;

export const productIdParams = z.object({ productId: z.uuid() }).strict();

/** The address line checkout puts into its delivery address field for a saved place. */
export function savedAddressLine(value: Pick<SavedAddress, 'area' | 'address'>, max = 300): string {
  const line = value.address.toLowerCase().includes(value.area.toLowerCase()) ? value.address : `${value.address}, ${value.area}`;
  return line.slice(0, max);
}
