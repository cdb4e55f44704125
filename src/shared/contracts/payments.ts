import { z } from 'zod';

/**
 * Payments told and matched (docs/payments.md): the buyer's "I have paid" (POST
 * /api/orders/:id/payment-sent answers the order) and the producer's bank statement import
 * (POST /api/producer/payments/import, multipart field `file`).
 */

/** A statement is refused above this size (413 statement.too_large). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const UNMATCHED_REASONS = ['no_order', 'amount', 'already_paid', 'not_yours'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/**
 * What of a row could not be read, beside the reason it was not matched:
 * no reference at all, a reference that is not model 97 with right check digits, an amount
 * that is not money (or not a credit).
 */
export const ROW_PROBLEMS = ['reference_missing', 'reference_unreadable', 'amount_unreadable'] as const;
export type RowProblem = (typeof ROW_PROBLEMS)[number];

/** The row as read, echoed as text (a cell that looks like a formula is only text). */
const rowEcho = {
  /** The line of the file (the header is line 1), as a spreadsheet numbers it. */
  row: z.number().int().min(1),
  date: z.string(),
  /** RSD, or null when the amount could not be read. */
  amount: z.number().nullable(),
  payer: z.string(),
  reference: z.string(),
};

export const matchedRow = z.object({
  ...rowEcho, orderId: z.uuid(), number: z.number().int(),
  /** true: the row paid the order's deposit (its reference ends in `-1`: src/shared/deposit.ts). */
  deposit: z.literal(true).optional(),
  /** true: a deposit of an order cancelled before it was paid; it is now owed back (refund_due). */
  refundDue: z.literal(true).optional(),
});
export type MatchedRow = z.infer<typeof matchedRow>;

export const unmatchedRow = z.object({
  ...rowEcho,
  reason: z.enum(UNMATCHED_REASONS),
  problem: z.enum(ROW_PROBLEMS).optional(),
  /** already_paid and amount: the order the reference names (only the producer's own). */
  orderId: z.uuid().optional(),
  number: z.number().int().optional(),
});
export type UnmatchedRow = z.infer<typeof unmatchedRow>;

export const statementImportResponse = z.object({
  matched: z.array(matchedRow),
  unmatched: z.array(unmatchedRow),
  /** Which columns were read, by their header (or their place when the header named none). */
  columns: z.object({ date: z.string().nullable(), amount: z.string(), payer: z.string().nullable(), reference: z.string() }),
  /** How the file was read. */
  encoding: z.enum(['utf-8', 'windows-1250']),
  delimiter: z.enum([';', ',', '\t']),
});
export type StatementImport = z.infer<typeof statementImportResponse>;

export const PAYMENT_ERROR_CODES = [
  'statement.file_missing', 'statement.too_large', 'statement.unreadable', 'statement.not_text',
] as const;
