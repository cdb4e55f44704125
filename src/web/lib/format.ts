import type { TFunction } from 'i18next';
import type { Language, Unit } from '#shared/constants.ts';
import { sanitizeLanguage } from './i18n-language.ts';

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

/**
 * Dates are written out too, for the same reasons as numbers: the server and the browser must
 * agree to the letter (ICU versions differ: "Sep" or "Sept"), and Intl.DateTimeFormat is slow to
 * create. Short month names as CLDR has them (sr in Cyrillic, ru in the genitive).
 */
const MONTHS: Record<Language, readonly string[]> = {
  sr: ['јан', 'феб', 'мар', 'апр', 'мај', 'јун', 'јул', 'авг', 'сеп', 'окт', 'нов', 'дец'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  ru: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

/** The last Sunday of a month at 01:00 UTC: when Central European summer time starts (March) and ends (October). */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Calendar fields of `date` in the business time zone (Europe/Belgrade: CET, CEST in summer by the EU rule). */
function businessTimeParts(date: Date) {
  const t = date.getTime();
  const year = date.getUTCFullYear();
  const summer = t >= lastSundayAt1Utc(year, 2) && t < lastSundayAt1Utc(year, 9);
  const local = new Date(t + (summer ? 2 : 1) * 3_600_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

function dateText(date: Date, language: string): string {
  const lang = sanitizeLanguage(language);
  const { year, month, day } = businessTimeParts(date);
  const name = MONTHS[lang][month];
  if (lang === 'sr') return `${day}. ${name} ${year}.`;
  if (lang === 'ru') return `${day} ${name} ${year} г.`;
  return `${day} ${name} ${year}`;
}

function timeText(date: Date): string {
  const { hour, minute } = businessTimeParts(date);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A calendar date in the active language (sr in Cyrillic); null when the value is not a date. */
export function formatDate(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return dateText(date, language);
}

/** Date and time in the active language; null when the value is not a date. */
export function formatDateTime(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  // sr "8. мар 2025. 11:30", en "8 Mar 2025, 11:30", ru "8 мар. 2025 г., 11:30".
  return `${dateText(date, language)}${sanitizeLanguage(language) === 'sr' ? ' ' : ', '}${timeText(date)}`;
}
