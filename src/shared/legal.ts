import type { Category } from './constants.ts';

/**
 * The household's papers (docs/papers-and-labels.md): the legal form, the holding number of
 * the agricultural register (BPG), the tax number (PIB) and the registrations that allow it to
 * sell food of some categories. Pure rules shared by the contract, the server and the web form.
 */

export const LEGAL_FORMS = ['rpg', 'entrepreneur', 'company', 'person'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const REGISTRATION_KINDS = ['registarski_broj', 'veterinarski_kontrolni_broj'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export const REGISTRATIONS_MAX = 10;
export const REGISTRATION_NUMBER_MAX = 30;

/** Forms whose PIB is public: a business's tax number is on its invoices anyway; a farmer's or a person's is not shown. */
export const PUBLIC_PIB_FORMS: readonly LegalForm[] = ['entrepreneur', 'company'];

/**
 * ISO 7064 MOD 11,10 check of a 9-digit Serbian PIB: the last digit is the check digit of the
 * first eight. (p = 10; for each digit: s = (p + d) mod 10, 10 when 0; p = 2s mod 11;
 * check = (11 - p) mod 10.)
 */
export function pibCheckDigit(first8: string): number {
  let p = 10;
  for (const ch of first8) {
    let s = (p + Number(ch)) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  return (11 - p) % 10;
}

export function isValidPib(value: string): boolean {
  return /^\d{9}$/.test(value) && pibCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/** BPG: the 12-digit number of a holding in the register of agricultural holdings. */
export function isValidHoldingNumber(value: string): boolean {
  return /^\d{12}$/.test(value);
}

/**
 * Categories of plant origin: a label of such a product may carry "Domaći proizvod sa mog
 * gazdinstva" (the small-producer line for plant products grown on one's own holding).
 * Honey, milk and meat are of animal origin and "other" is unknown, so they do not.
 */
export const PLANT_ORIGIN_CATEGORIES: readonly Category[] = ['fruit', 'vegetables', 'preserves'];

export function isPlantOrigin(category: Category): boolean {
  return PLANT_ORIGIN_CATEGORIES.includes(category);
}

export interface Registration { kind: RegistrationKind; number: string; categories: Category[] }

/** The registration whose categories cover the product's category (the first one), or null. */
export function registrationFor(registrations: readonly Registration[], category: Category): Registration | null {
  return registrations.find((r) => r.categories.includes(category)) ?? null;
}
