import { toast } from 'sonner';
import i18n from '#web/lib/i18n.ts';
import { isApiError } from '#web/lib/api-client.ts';

/** docs/product.md: a destructive toast titled 'Error' with the error's (translated) message. */
export function showError(error: unknown, fallback: string) {
  const message = isApiError(error) && error.message ? error.message : fallback;
  toast.error(i18n.t('errors:title'), { description: message });
}
