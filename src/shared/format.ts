import { DEFAULT_LANGUAGE, isLanguage, textLanguage, type Language, type Unit } from './constants.ts';
import { belgradeParts } from './time.ts';

/**
 * THE way numbers, money, dates and units are written, in sr (Cyrillic), en and ru: by the
 * browser, by the server renderer (whose text the browser must reproduce to the letter when it
 * hydrates), by the Open Graph head and by the mails. Written out instead of Intl's formatters:
 * Node's and the phone's ICU versions differ ("Sep" or "Sept", a no-break or a narrow no-break
 * space), and creating the first Intl formatter costs tens of milliseconds on a slow phone.
 * Separators and month names are CLDR's (docs/decisions/0015-time-and-format-modules.md).
 * Dates are shown on the Belgrade calendar (./time.ts).
 */

/** One of our languages from a tag ("sr-Latn-RS" is Serbian Latin, "en_US" English); anything else is the default language. */
export function languageOf(value: string): Language {
  const tag = value.trim().toLowerCase();
  if (/^sr[-_]latn\b/.test(tag)) return 'sr-Latn';
  const base = tag.slice(0, 2);
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

/** Digit grouping and decimal separators: sr "1.200,50", en "1,200.50", ru "1 200,50" (no-break space). */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  sr: { group: '.', decimal: ',' },
  'sr-Latn': { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

export function formatNumber(value: number, language: string, fractionDigits: 0 | 1 | 2): string {
  const { group, decimal } = SEPARATORS[languageOf(language)];
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

/** A total in RSD, always with two decimals ("1.234,50 RSD"): order totals, mails. */
export function formatTotal(rsd: number, language: string): string {
  return `${formatNumber(rsd, language, 2)} RSD`;
}

/** The name of each unit of sale, as a product card, the head of a shared link and a mail write it. */
export const UNIT_LABELS: Record<Language, Record<Unit, string>> = {
  sr: { kg: 'кг', l: 'литар', jar: 'тегла', pc: 'ком', wheel: 'колут' },
  'sr-Latn': { kg: 'kg', l: 'litar', jar: 'tegla', pc: 'kom', wheel: 'kolut' },
  en: { kg: 'kg', l: 'liter', jar: 'jar', pc: 'pc', wheel: 'wheel' },
  ru: { kg: 'кг', l: 'литр', jar: 'банка', pc: 'шт', wheel: 'головка' },
};

export function unitLabel(unit: Unit | string, language: string): string {
  return UNIT_LABELS[languageOf(language)][unit as Unit] ?? unit;
}

/**
 * "price RSD / unit": "450 RSD / тегла". A price tag in the catalogue is whole when whole; in
 * the basket, checkout and orders, where it stands beside totals, every amount has two
 * decimals (`exact`), so one screen writes money one way.
 */
export function formatPricePerUnit(rsd: number, unit: Unit | string, language: string, { exact = false } = {}): string {
  return `${exact ? formatTotal(rsd, language) : formatPrice(rsd, language)} / ${unitLabel(unit, language)}`;
}

/** A number with one decimal in the language's way ("4,9" in sr and ru, "4.9" in en): ratings. */
export function formatRating(value: number, language: string): string {
  return formatNumber(Math.round(value * 10) / 10, language, 1);
}

/** A quantity's number as people write it: up to three decimals, none when whole ("1,5" in sr). */
export function formatQuantityValue(value: number, language: string): string {
  return String(Math.round(value * 1000) / 1000).replace('.', SEPARATORS[languageOf(language)].decimal);
}

/** "3 тегла", "1,5 kg": a quantity with its unit's name, the number written as formatQuantityValue writes it (as the mails do). */
export function formatQuantity(quantity: number, unit: Unit | string, language: string): string {
  return `${formatQuantityValue(quantity, language)} ${unitLabel(unit, language)}`;
}

/** Short month names as CLDR has them (sr in Cyrillic, ru in the genitive). */
const MONTHS: Record<Language, readonly string[]> = {
  sr: ['јан', 'феб', 'мар', 'апр', 'мај', 'јун', 'јул', 'авг', 'сеп', 'окт', 'нов', 'дец'],
  'sr-Latn': ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'avg', 'sep', 'okt', 'nov', 'dec'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  ru: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dateText(date: Date, language: string): string {
  const lang = languageOf(language);
  const { year, month, day } = belgradeParts(date);
  const name = MONTHS[lang][month - 1];
  if (lang === 'sr' || lang === 'sr-Latn') return `${day}. ${name} ${year}.`;
  if (lang === 'ru') return `${day} ${name} ${year} г.`;
  return `${day} ${name} ${year}`;
}

function timeText(date: Date): string {
  const { hour, minute } = belgradeParts(date);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Day and short month of a calendar date (`YYYY-MM-DD`, already a Belgrade day): "4. мај", "4 May", "4 мая". */
export function formatDayMonth(date: string, language: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const lang = languageOf(language);
  const day = Number(match[2]);
  const name = MONTHS[lang][Number(match[1]) - 1] ?? '';
  return lang === 'sr' || lang === 'sr-Latn' ? `${day}. ${name}` : `${day} ${name}`;
}

const WEEKDAYS: Record<Language, readonly string[]> = {
  sr: ['пон', 'уто', 'сре', 'чет', 'пет', 'суб', 'нед'],
  'sr-Latn': ['pon', 'uto', 'sre', 'čet', 'pet', 'sub', 'ned'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  ru: ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'],
};

/** The short name of an ISO weekday (Monday = 1 … Sunday = 7). */
export function formatWeekday(weekday: number, language: string): string {
  return WEEKDAYS[languageOf(language)][weekday - 1] ?? '';
}

/** A calendar date (`YYYY-MM-DD`, already a Belgrade day) with its weekday: "сре 12. јун 2030." / "Wed 12 Jun 2030". */
export function formatDay(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  // Noon UTC is on the same calendar day in Belgrade.
  return `${formatWeekday(weekday, language)} ${formatDate(`${date}T12:00:00Z`, language) ?? date}`;
}

/** A calendar date (Belgrade) in the language (sr in Cyrillic); null when the value is not a date. */
export function formatDate(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return dateText(date, language);
}

/** Date and time (Belgrade) in the language; null when the value is not a date. */
export function formatDateTime(value: Date | string | number, language: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  // sr "8. мар 2025. 11:30", en "8 Mar 2025, 11:30", ru "8 мар. 2025 г., 11:30".
  return `${dateText(date, language)}${textLanguage(languageOf(language)) === 'sr' ? ' ' : ', '}${timeText(date)}`;
}
