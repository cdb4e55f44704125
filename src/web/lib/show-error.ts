import { toast } from 'sonner';
import i18n from './i18n.ts';
import { isApiError } from './api-client.ts';

/**
 * docs/product.md: every failure is a destructive toast titled 'Error' with the error's
 * message (the translated code); `fallback` when the error carries none.
 */
export function showError(error: unknown, fallback: string) {
  const message = isApiError(error) && error.message ? error.message : fallback;
  toast.error(i18n.t('errors:title'), { description: message });
}
