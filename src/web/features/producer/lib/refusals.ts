import type { z } from 'zod';
import { TEXT_NOT_ALLOWED_MESSAGE } from '#shared/contracts/fields.ts';
import type { FieldRefusal } from '#web/lib/form.ts';

/**
 * The refusals of the household's forms that keep their own errors (pickup and delivery,
 * payment, papers, story), by the dotted path of the field ("delivery.fee"): checked with the
 * shared contract before sending, or the server's field refusals after (`readRefusal` of
 * src/web/lib/form.ts, which reads them in the same shape). The forms show each beside its
 * field and move the focus there with `useFocusRefused` (src/web/lib/form.ts).
 *
 * `rule`: zod's issue code, `character` for a refused character, `server` for the server's own
 * rule; `message`, for a field no message of the form names: the contract's text before sending,
 * the reader's (in the visitor's language) after.
 */
export type Refusal = FieldRefusal;
export type Refusals = Record<string, Refusal>;

/** The first issue of each field of a failed parse, by path (`prefix` put before it). */
export function contractRefusals(error: z.ZodError, prefix = ''): Refusals {
  const out: Refusals = {};
  for (const issue of error.issues) {
    const path = prefix + issue.path.map(String).join('.');
    if (path in out) continue;
    out[path] = { rule: issue.message === TEXT_NOT_ALLOWED_MESSAGE ? 'character' : issue.code, message: issue.message };
  }
  return out;
}

/** The attributes of a field refused or not: `aria-invalid` and its description (its hint, then its message). */
export function refusedProps(inputId: string, refused: boolean, hintId?: string) {
  const describedBy = [hintId, refused ? `${inputId}-error` : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': refused ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}
