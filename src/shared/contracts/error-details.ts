import { z } from 'zod';

/**
 * What `details` of an error answer holds, by the answer's `code` (the body is
 * `{ error, code, details? }`, ./common.ts errorResponse). The server's errors take these
 * shapes (src/server/lib/errors.ts, `conflict`), the web client hands them out typed
 * (src/web/lib/api-client.ts, ApiError), so no caller casts. A code not listed here carries
 * field problems: `{ field?, message }`.
 */
/**
 * `rule`: which rule of the contract refused the field (zod's issue code: `too_small`,
 * `too_big`, `invalid_type`, `invalid_value`, `custom`, `unrecognized_keys`; `character` for a
 * character no text field takes), so the web app says it in the visitor's language
 * (src/web/lib/form.ts, readRefusal). A refusal of a service's own rule has none.
 */
const problem = z.object({ field: z.string().optional(), message: z.string(), rule: z.string().optional() });
const productProblem = problem.extend({ productId: z.string(), name: z.string().optional() });
const householdProblem = problem.extend({ householdId: z.string() });

export const errorDetails = {
  validation_failed: z.array(problem.extend({
    productId: z.string().optional(), householdId: z.string().optional(), quantity: z.number().optional(), quantityStep: z.number().optional(),
  })),
  'order.product_unavailable': z.array(productProblem),
  'order.own_product': z.array(productProblem),
  'order.out_of_stock': z.array(productProblem.extend({ name: z.string(), requested: z.number(), available: z.number() })),
  'order.not_yet_available': z.array(productProblem.extend({ name: z.string(), availableFrom: z.string().nullable() })),
  'order.below_minimum': z.array(householdProblem.extend({ minimum: z.number(), subtotal: z.number() })),
  'order.delivery_unavailable': z.array(householdProblem),
  'order.payment_unavailable': z.array(householdProblem),
  'order.slot_unavailable': z.array(problem.extend({ householdId: z.string().optional() })),
  'standing.already_ordered': z.array(problem.extend({ orderId: z.string().nullable() })),
} as const;

export type ErrorDetailCode = keyof typeof errorDetails;
export type FieldProblem = z.output<typeof problem>;

/** The details of an answer with `code`: its own shape when listed above, else field problems. */
export type ErrorDetailsOf<C extends string> = C extends ErrorDetailCode ? z.output<(typeof errorDetails)[C]> : FieldProblem[];

type KnownDetail = z.output<(typeof errorDetails)[ErrorDetailCode]>[number];
type KeysOf<U> = U extends unknown ? keyof U : never;
type ValueOf<U, K extends PropertyKey> = U extends { [P in K]?: infer V } ? V : never;

/** One detail of any code, every field optional but `message`: what a caller reads without knowing the code. */
export type ErrorDetail = FieldProblem & { [K in Exclude<KeysOf<KnownDetail>, 'field' | 'message'>]?: ValueOf<KnownDetail, K> };
