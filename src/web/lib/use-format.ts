import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '#shared/constants.ts';
import { formatDate, formatDateTime, formatPrice, formatPricePerUnit, formatTotal } from './format.ts';
import { sanitizeLanguage } from './i18n-language.ts';

/** The format functions bound to the active language; re-renders when the language changes. */
export function useFormat() {
  const { t, i18n } = useTranslation('common');
  const language = sanitizeLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(
    () => ({
      language,
      price: (rsd: number) => formatPrice(rsd, language),
      total: (rsd: number) => formatTotal(rsd, language),
      pricePerUnit: (rsd: number, unit: Unit | string) => formatPricePerUnit(rsd, unit, t, language),
      date: (value: Date | string | number) => formatDate(value, language) ?? t('invalidDate'),
      dateTime: (value: Date | string | number) => formatDateTime(value, language) ?? t('invalidDate'),
    }),
    [language, t],
  );
}
