import type { TFunction } from '#web/lib/translate.tsx';
import type { FieldError } from 'react-hook-form';

/**
 * A form error in the active language: the zod issue code picks `<prefix>.<field>.<code>`
 * (the rules are the server's, from the shared contract); the server's English text is the
 * fallback.
 */
export function fieldErrorText(t: TFunction, prefix: string, field: string, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return t(`${prefix}.${field}.${error.type}`, { defaultValue: error.message ?? '' });
}
