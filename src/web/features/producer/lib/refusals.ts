import type { z } from 'zod';
import { TEXT_NOT_ALLOWED_MESSAGE } from '#shared/contracts/fields.ts';
import { isApiError } from '#web/lib/api-client.ts';

/**
 * The refusals of the household's forms that keep their own errors (pickup and delivery,
 * payment, papers, story), by the dotted path of the field ("delivery.fee"): checked with the
 * shared contract before sending, or the server's field details after. The forms show each
 * beside its field and move the focus there with `useFocusRefused` (src/web/lib/form.ts).
 */
export interface Refusal {
  /** zod's issue code, `character` for a refused character, `server` for the server's word. */
  code: string;
  /** The contract's or the server's English text, for a field no translated message names. */
  message: string;
}
export type Refusals = Record<string, Refusal>;

/** The first issue of each field of a failed parse, by path (`prefix` put before it). */
export function contractRefusals(error: z.ZodError, prefix = ''): Refusals {
  const out: Refusals = {};
  for (const issue of error.issues) {
    const path = prefix + issue.path.map(String).join('.');
    if (path in out) continue;
    out[path] = { code: issue.message === TEXT_NOT_ALLOWED_MESSAGE ? 'character' : issue.code, message: issue.message };
  }
  return out;
}

/** The server's field refusals of a 400 (none for another failure), `strip` taken from their paths. */
export function serverRefusals(error: unknown, strip = ''): Refusals {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.details.flatMap((d) => (d.field
    ? [[strip && d.field.startsWith(strip) ? d.field.slice(strip.length) : d.field, {
      code: d.message === TEXT_NOT_ALLOWED_MESSAGE ? 'character' : 'server', message: d.message,
    }]]
    : [])));
}

/** The attributes of a field refused or not: `aria-invalid` and its description (its hint, then its message). */
export function refusedProps(inputId: string, refused: boolean, hintId?: string) {
  const describedBy = [hintId, refused ? `${inputId}-error` : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': refused ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}
