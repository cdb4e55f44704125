import type { TFunction } from 'i18next';
import { BUSINESS_TIME_ZONE, type Unit } from '#shared/constants.ts';
import { intlLocale, sanitizeLanguage } from './i18n-language.ts';

/**
 * Digit grouping and decimal separators: sr "1.200,50", en "1,200.50", ru "1 200,50" (no-break
 * space), as CLDR has them. Written out instead of Intl.NumberFormat: the server renderer and
 * the browser must produce the very same text (their ICU versions differ), and creating the
 * first Intl formatter costs tens of milliseconds on a slow phone.
 */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  sr: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

function formatNumber(value: number, language: string, fractionDigits: 0 | 2): string {
  const { group, decimal } = SEPARATORS[sanitizeLanguage(language)]!;
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 && /[1-9]/.test(whole + (fraction ?? '')) ? '-' : '';
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** A price in RSD: no decimals when whole ("1.200 RSD"), otherwise two ("12,50 RSD"). */
export function formatPrice(rsd: number, language: string): string {
  const isWhole = Number.isInteger(Math.round(rsd * 100) / 100);
  return `${formatNumber(rsd, language, isWhole ? 0 : 2)} RSD`;
}

/** A total in RSD, always with two decimals (spec section 9: "totals with 2 decimals"). */
export function formatTotal(rsd: number, language: string): string {
  return `${formatNumber(rsd, language, 2)} RSD`;
}

/** "price RSD / unit" (spec: Product card), the unit translated from common:units. */
export function formatPricePerUnit(rsd: number, unit: Unit | string, t: TFunction, language: string): string {
  return `${formatPrice(rsd, language)} / ${t(`common:units.${unit}`, { defaultValue: unit })}`;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      timeZone: BUSINESS_TIME_ZONE,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date in the active language (sr in Cyrillic); null when the value is not a date. */
export function formatDate(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return dateFormat(language, false).format(date);
}

/** Date and time in the active language; null when the value is not a date. */
export function formatDateTime(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return dateFormat(language, true).format(date);
}
