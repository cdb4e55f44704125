import { useMemo } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Unit } from '#shared/constants.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { estimatePara } from '#shared/weight-price.ts';
import { formatDate, formatDateTime, formatDay, formatDayMonth, formatPrice, formatPricePerUnit, formatQuantity, formatQuantityValue, formatRating, formatTotal, formatWeekday, unitLabel } from '#shared/format.ts';

/** The format functions bound to the active language; re-renders when the language changes. */
export function useFormat() {
  const { t, i18n } = useTranslation('common');
  const { language } = i18n;
  return useMemo(() => {
    /** Sold by weight (docs/weight-pricing.md): "≈ 1.680,00 RSD, процена", marked wherever an amount is still an estimate. */
    const estimate = (rsd: number, { exact = true } = {}) => t('common:weight.estimate', { amount: exact ? formatTotal(rsd, language) : formatPrice(rsd, language) });
    /** "колут ≈ 1,2 кг": the piece of a product sold by weight and its usual weight. */
    const piece = (unit: Unit | string, pieceWeight: number) => t('common:weight.piece', { unit: unitLabel(unit, language), weight: formatQuantityValue(pieceWeight, language) });
    return {
      language,
      price: (rsd: number) => formatPrice(rsd, language),
      total: (rsd: number) => formatTotal(rsd, language),
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
      estimate,
      /** An amount that may be an estimate: the estimate's mark when it is one, else the plain total. */
      amount: (rsd: number, isEstimate: boolean) => (isEstimate ? estimate(rsd) : formatTotal(rsd, language)),
      /** A product's price tag: "1.400 RSD / кг" for a product sold by weight, else per its unit. */
      productPrice: (p: { price: number; unit: Unit | string; pricing?: string }, { exact = false } = {}) => (p.pricing === 'weight'
        ? t('common:weight.perKg', { price: exact ? formatTotal(p.price, language) : formatPrice(p.price, language) })
        : formatPricePerUnit(p.price, p.unit, language, { exact })),
      piece,
      /** "колут ≈ 1,2 кг · ≈ 1.680 RSD, процена": one piece of a product sold by weight and its estimate. */
      pieceEstimate: (p: { price: number; unit: Unit | string; pieceWeight: number | null }) =>
        `${piece(p.unit, p.pieceWeight ?? 0)} · ${estimate(paraToRsd(estimatePara(rsdToPara(p.price), 1, p.pieceWeight ?? 0)), { exact: false })}`,
    };
  }, [language, t]);
}
