import type { TFunction } from 'i18next';
import { BUSINESS_TIME_ZONE, type Unit } from '#shared/constants.ts';
import { intlLocale, sanitizeLanguage } from './i18n-language.ts';

/** Number locales: sr groups with "." (1.200), en with "," (1,200), ru with a space (1 200). */
function numberLocale(language: string): string {
  switch (sanitizeLanguage(language)) {
    case 'en':
      return 'en-US';
    case 'ru':
      return 'ru-RU';
    default:
      return 'sr-RS';
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${language}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(language), {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A price in RSD: no decimals when whole ("1.200 RSD"), otherwise two ("12,50 RSD"). */
export function formatPrice(rsd: number, language: string): string {
  const isWhole = Number.isInteger(Math.round(rsd * 100) / 100);
  return `${numberFormat(language, isWhole ? 0 : 2).format(rsd)} RSD`;
}

/** A total in RSD, always with two decimals (spec section 9: "totals with 2 decimals"). */
export function formatTotal(rsd: number, language: string): string {
  return `${numberFormat(language, 2).format(rsd)} RSD`;
}

/** "price RSD / unit" (spec: Product card), the unit translated from common:units. */
export function formatPricePerUnit(rsd: number, unit: Unit | string, t: TFunction, language: string): string {
  return `${formatPrice(rsd, language)} / ${t(`common:units.${unit}`, { defaultValue: unit })}`;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in the active language (sr in Cyrillic); null when the value is not a date. */
export function formatDate(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(date);
}

/** Date and time in the active language; null when the value is not a date. */
export function formatDateTime(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(date);
}
