import { z } from 'zod';

/**
 * Field builders for every request contract (body, query, params, headers): use them instead
 * of a bare `z.string()` / `z.number()` so that no input reaches the database in a form it
 * cannot store (a 500) or stores changed. The rules are described in docs/input-rules.md.
 *
 *   text()                 any text field: refuses control characters and lone surrogates
 *   wholeNumber()          a JSON whole number: no fraction, no -0 (bound it with .min/.max)
 *   queryWholeNumber(a, b) a whole number in a query string: digits only, a..b
 *   INT4_MIN, INT4_MAX     the range of a PostgreSQL `integer` column
 */

/**
 * What a text field never accepts: C0 control characters except TAB and LF, a CR that is not
 * the first half of a CRLF line break (what a textarea sends in a form post), DEL, and UTF-16
 * surrogates that are not part of a pair (the `u` flag makes a pair one code point, so only
 * lone halves match the class).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_TEXT = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF]|\r(?!\n)/u;

export const TEXT_NOT_ALLOWED_MESSAGE = 'Contains a character that is not allowed (a control character or a broken Unicode character)';

/** The offset of the first character a text field refuses, or -1 when there is none. */
export function forbiddenTextIndex(value: string): number {
  const match = FORBIDDEN_TEXT.exec(value);
  return match ? match.index : -1;
}

/** True when a text field may store the value unchanged (see FORBIDDEN_TEXT). */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN_TEXT.test(value);
}

/**
 * A text field: `z.string()` that refuses what `isCleanText` refuses, before anything else
 * (so `.trim()`, `.min()`, `.max()` chained after it see only clean text). Chain as a string:
 * `text().trim().min(1).max(100)`. Accepted text is stored and returned exactly as sent
 * (after the contract's own `.trim()`, if any).
 */
export function text(params?: string | { error?: string }) {
  return z.string(params).refine(isCleanText, { message: TEXT_NOT_ALLOWED_MESSAGE, abort: true });
}

/** The range of a PostgreSQL `integer` (int4) column. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number in a JSON body: refuses fractions and -0 (NaN and Infinity are refused by
 * `z.number()`). Bound it with `.min()`/`.max()` to its column's range or a smaller rule.
 */
export function wholeNumber(message = 'Must be a whole number', params?: string | { error?: string }) {
  return z.number(params ?? { error: message })
    .int(message)
    .refine((value) => !Object.is(value, -0), { message, abort: true });
}

/**
 * A whole number in a query string: only the digits 0-9 (no sign, exponent, fraction, spaces,
 * hex, "NaN" or "Infinity"), then min..max. Repeating the parameter is refused (an array).
 */
export function queryWholeNumber(min: number, max: number) {
  const message = `Must be a whole number from ${min} to ${max}`;
  // A number is taken too, so the web's typed client (src/shared/api) can pass one; it is sent as digits.
  return z.union([z.string({ error: message }).regex(/^\d{1,15}$/, message).transform(Number), z.number({ error: message })], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message));
}
