import { useMemo } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Unit } from '#shared/constants.ts';
import { formatDate, formatDateTime, formatDay, formatDayMonth, formatPrice, formatPricePerUnit, formatQuantity, formatQuantityValue, formatRating, formatTotal, formatWeekday, unitLabel } from '#shared/format.ts';

/** The format functions bound to the active language; re-renders when the language changes. */
export function useFormat() {
  const { t, i18n } = useTranslation('common');
  const { language } = i18n;
  return useMemo(
    () => ({
      language,
      price: (rsd: number) => formatPrice(rsd, language),
      total: (rsd: number) => formatTotal(rsd, language),
      pricePerUnit: (rsd: number, unit: Unit | string) => formatPricePerUnit(rsd, unit, language),
      /** A unit price beside totals (basket, checkout, orders): two decimals, like the totals. */
      exactPricePerUnit: (rsd: number, unit: Unit | string) => formatPricePerUnit(rsd, unit, language, { exact: true }),
      unit: (unit: Unit | string) => unitLabel(unit, language),
      rating: (value: number) => formatRating(value, language),
      /** "5 тегли", "1,5 kg": a quantity of a product with its unit, plural by the language's rules. */
      quantity: (count: number, unit: Unit | string) => t(`common:unitCount.${unit}`, { count, value: formatQuantityValue(count, language), defaultValue: formatQuantity(count, unit, language) }),
      date: (value: Date | string | number) => formatDate(value, language) ?? t('invalidDate'),
      dayMonth: (date: string) => formatDayMonth(date, language),
      dateTime: (value: Date | string | number) => formatDateTime(value, language) ?? t('invalidDate'),
      /** A "YYYY-MM-DD" day with its weekday. */
      day: (value: string) => formatDay(value, language),
      weekday: (isoWeekday: number) => formatWeekday(isoWeekday, language),
      /** A quantity (up to 3 decimals) without its unit, with the language's decimal separator. */
      quantityValue: (value: number) => formatQuantityValue(value, language),
    }),
    [language, t],
  );
}
