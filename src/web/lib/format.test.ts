import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '#shared/constants.ts';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatPrice, formatPricePerUnit, formatTotal } from './format.ts';

// Intl separates thousands in Russian with a no-break space.
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('groups thousands per language, no decimals when whole', () => {
    expect(formatPrice(1200, 'sr')).toBe('1.200 RSD');
    expect(formatPrice(1200, 'en')).toBe('1,200 RSD');
    expect(plain(formatPrice(1200, 'ru'))).toBe('1 200 RSD');
    expect(formatPrice(350, 'sr')).toBe('350 RSD');
  });

  it('shows two decimals when the price has para', () => {
    expect(formatPrice(12.5, 'sr')).toBe('12,50 RSD');
    expect(formatPrice(1234.56, 'en')).toBe('1,234.56 RSD');
  });
});

describe('number formatting', () => {
  it('matches Intl.NumberFormat (CLDR) for prices from 0 to millions, in every language', () => {
    const locales = { sr: 'sr-RS', en: 'en-US', ru: 'ru-RU' } as const;
    for (const [language, locale] of Object.entries(locales)) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const para of [0, 1, 50, 99, 100, 1050, 99_999, 100_000, 123_456, 999_999_99, 1_234_567_89]) {
        const rsd = para / 100;
        expect(plain(formatTotal(rsd, language)), `${language} ${rsd}`).toBe(plain(`${intl.format(rsd)} RSD`));
      }
    }
  });
});

describe('formatTotal', () => {
  it('always shows two decimals', () => {
    expect(formatTotal(1200, 'sr')).toBe('1.200,00 RSD');
    expect(formatTotal(1200, 'en')).toBe('1,200.00 RSD');
    expect(plain(formatTotal(3751.5, 'ru'))).toBe('3 751,50 RSD');
  });
});

describe('formatPricePerUnit', () => {
  it('formats "price RSD / unit" with the translated unit', () => {
    const units: Record<string, string> = { 'common:units.kg': 'кг', 'common:units.jar': 'тегла' };
    const t = ((key: string) => units[key] ?? key) as unknown as TFunction;
    expect(formatPricePerUnit(1200, 'kg', t, 'sr')).toBe('1.200 RSD / кг');
    expect(formatPricePerUnit(450, 'jar', t, 'sr')).toBe('450 RSD / тегла');
  });
});

describe('formatDate', () => {
  const date = '2025-03-08T10:30:00Z';
  it('uses the active language (Serbian in Cyrillic) and Belgrade time', () => {
    expect(formatDate(date, 'sr')).toBe('8. мар 2025.');
    expect(formatDate(date, 'en')).toBe('8 Mar 2025');
    expect(plain(formatDate(date, 'ru'))).toBe('8 мар. 2025 г.');
    expect(formatDateTime(date, 'en')).toBe('8 Mar 2025, 11:30');
    expect(formatDateTime(date, 'sr')).toBe('8. мар 2025. 11:30');
  });

  it('names every month as CLDR does', () => {
    const months = (language: string) => Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2025, m, 8, 10)), language));
    expect(months('sr')).toEqual(['јан', 'феб', 'мар', 'апр', 'мај', 'јун', 'јул', 'авг', 'сеп', 'окт', 'нов', 'дец'].map((m) => `8. ${m} 2025.`));
    expect(months('en')[8]).toBe('8 Sept 2025');
    expect(months('ru')[4]).toBe('8 мая 2025 г.');
    expect(formatDateTime(date, 'ru')).toBe('8 мар. 2025 г., 11:30');
  });

  it('follows Belgrade summer time to the minute, as Intl does (midnight, both switches, year end)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BUSINESS_TIME_ZONE });
    const fields = (d: Date) => {
      const parts = Object.fromEntries(intl.formatToParts(d).map((p) => [p.type, p.value]));
      return `${Number(parts.day)}.${Number(parts.month)}.${parts.year} ${parts.hour}:${parts.minute}`;
    };
    const ours = (d: Date) => {
      const [, day, month, year, time] = /^(\d+)\. (\S+) (\d+)\. (\d\d:\d\d)$/.exec(formatDateTime(d, 'sr')!)!;
      const months = ['јан', 'феб', 'мар', 'апр', 'мај', 'јун', 'јул', 'авг', 'сеп', 'окт', 'нов', 'дец'];
      return `${day}.${months.indexOf(month!) + 1}.${year} ${time}`;
    };
    const instants = [
      '2025-03-30T00:59:00Z', '2025-03-30T01:00:00Z', '2025-10-26T00:59:00Z', '2025-10-26T01:00:00Z',
      '2024-12-31T22:59:00Z', '2024-12-31T23:00:00Z', '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z',
      '2028-02-29T23:30:00Z', '2030-10-27T00:30:00Z', '2030-10-27T01:30:00Z',
    ].map((iso) => new Date(iso));
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) instants.push(new Date(t));
    for (const instant of instants) expect(ours(instant), instant.toISOString()).toBe(fields(instant));
  });

  it('returns null for a value that is not a date', () => {
    expect(formatDate('not a date', 'sr')).toBeNull();
    expect(formatDateTime('', 'en')).toBeNull();
  });
});
