import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import {
  isValidHoldingNumber, isValidPib, LEGAL_FORMS, REGISTRATION_KINDS, REGISTRATION_NUMBER_MAX, REGISTRATIONS_MAX,
} from '../legal.ts';
import { isCalendarDay } from '../time.ts';
import { queryWholeNumber, text } from './fields.ts';

/**
 * The household's papers and the printed labels (docs/papers-and-labels.md): the `legal` part
 * of a household, the product's label fields, and the label sheet's query.
 */

export const registration = z.object({
  kind: z.enum(REGISTRATION_KINDS),
  number: z.string(),
  categories: z.array(z.enum(CATEGORIES)),
});

/** As every household answer shows it; `pib` is null unless public (PUBLIC_PIB_FORMS) or the viewer is the owner. */
export const householdLegal = z.object({
  form: z.enum(LEGAL_FORMS),
  holdingNumber: z.string().nullable(),
  pib: z.string().nullable(),
  registrations: z.array(registration),
  /** When an operator checked the papers; cleared by the owner's next change of them. */
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type HouseholdLegal = z.infer<typeof householdLegal>;

/** Digits only; spaces and dashes as written on paper are taken away first. */
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

export const registrationInput = z.object({
  kind: z.enum(REGISTRATION_KINDS),
  number: text().trim().min(1, 'The registration number cannot be empty')
    .max(REGISTRATION_NUMBER_MAX, `The registration number must be at most ${REGISTRATION_NUMBER_MAX} characters`),
  categories: z.array(z.enum(CATEGORIES)).min(1, 'Choose the categories this registration covers').max(CATEGORIES.length)
    .transform((c) => [...new Set(c)]),
}).strict();

/** The owner's PATCH: fields left out keep their value; `verifiedAt` is the operator's. */
export const householdLegalInput = z.object({
  form: z.enum(LEGAL_FORMS),
  holdingNumber: text().max(20).transform(digitsOnly)
    .refine(isValidHoldingNumber, 'The holding number (BPG) is 12 digits').nullable(),
  pib: text().max(20).transform(digitsOnly)
    .refine(isValidPib, 'Not a valid PIB (9 digits with a correct check digit)').nullable(),
  registrations: z.array(registrationInput).max(REGISTRATIONS_MAX, `At most ${REGISTRATIONS_MAX} registrations`),
}).partial().strict();
export type HouseholdLegalInput = z.input<typeof householdLegalInput>;

export const ALLERGENS_MAX = 14;
export const ALLERGEN_MAX_LENGTH = 40;
export const INGREDIENTS_MAX = 500;
export const STORAGE_MAX = 200;

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).nullable().transform((v) => (v ? v : null));

/** A product's label fields, as the producer sends them. */
export const productLabelFields = {
  ingredients: optionalText(INGREDIENTS_MAX, 'Ingredients'),
  allergens: z.array(text().trim().min(1, 'An allergen cannot be empty').max(ALLERGEN_MAX_LENGTH, `An allergen must be at most ${ALLERGEN_MAX_LENGTH} characters`))
    .max(ALLERGENS_MAX, `At most ${ALLERGENS_MAX} allergens`).transform((a) => [...new Set(a)]),
  storage: optionalText(STORAGE_MAX, 'Storage'),
};

export const LABELS_PER_SHEET = 24;
export const LABELS_MAX = 96;
export const LABEL_SCRIPTS = ['cyrl', 'latn'] as const;
export type LabelScript = (typeof LABEL_SCRIPTS)[number];

/** GET /api/producer/labels */
export const labelsQuery = z.object({
  productId: z.uuid(),
  count: queryWholeNumber(1, LABELS_MAX).default(LABELS_PER_SHEET),
  bestBefore: text().refine(isCalendarDay, 'Date must be YYYY-MM-DD'),
  script: z.enum(LABEL_SCRIPTS).default('cyrl'),
}).strict();
export type LabelsQuery = z.input<typeof labelsQuery>;

/** A PDF answer (application/pdf), for the registry and the OpenAPI document. */
export const pdfDocument = z.string().meta({ description: 'application/pdf', format: 'binary' });
