import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from './constants.ts';
import { formatDate, formatDateTime, formatDay, formatDayMonth, formatPrice, formatPricePerUnit, formatQuantity, formatQuantityValue, formatRating, formatTotal, formatWeekday, languageOf } from './format.ts';

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
  it('formats "price RSD / unit" with the unit in the language', () => {
    expect(formatPricePerUnit(1200, 'kg', 'sr')).toBe('1.200 RSD / кг');
    expect(formatPricePerUnit(450, 'jar', 'sr')).toBe('450 RSD / тегла');
    expect(formatPricePerUnit(450, 'jar', 'ru')).toBe('450 RSD / банка');
    expect(formatPricePerUnit(99.5, 'l', 'en')).toBe('99.50 RSD / liter');
    expect(formatPricePerUnit(10, 'crate', 'en')).toBe('10 RSD / crate');
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

describe('formatDayMonth', () => {
  it('writes a Belgrade calendar day as day and short month, whatever the clock', () => {
    expect(formatDayMonth('2026-05-04', 'sr')).toBe('4. мај');
    expect(formatDayMonth('2026-09-30', 'en')).toBe('30 Sept');
    expect(formatDayMonth('2026-05-04', 'ru')).toBe('4 мая');
    expect(formatDayMonth('nonsense', 'en')).toBe('nonsense');
  });
});

describe('quantities and language tags', () => {
  it('writes a quantity with its unit', () => {
    expect(formatQuantity(3, 'jar', 'sr')).toBe('3 тегла');
    expect(formatQuantity(1.5, 'kg', 'en')).toBe('1.5 kg');
    expect(formatQuantity(1.5, 'kg', 'sr-Latn')).toBe('1,5 kg');
    expect(formatQuantity(0.25, 'kg', 'ru')).toBe('0,25 кг');
  });

  it('reads a language from a tag, and takes Serbian for anything else', () => {
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('ru_RU')).toBe('ru');
    expect(languageOf('<script>')).toBe('sr');
    expect(formatPrice(1200, 'de')).toBe('1.200 RSD');
    expect(languageOf('sr-Latn-RS')).toBe('sr-Latn');
  });
});

describe('formatRating and formatQuantityValue', () => {
  it('write decimals the language\'s way: a comma in sr, sr-Latn and ru, a point in en', () => {
    expect(formatRating(4.86, 'sr')).toBe('4,9');
    expect(formatRating(4.86, 'sr-Latn')).toBe('4,9');
    expect(formatRating(4.86, 'ru')).toBe('4,9');
    expect(formatRating(4.86, 'en')).toBe('4.9');
    expect(formatRating(5, 'sr')).toBe('5,0');
    expect(formatQuantityValue(1.5, 'sr')).toBe('1,5');
    expect(formatQuantityValue(0.25, 'en')).toBe('0.25');
    expect(formatQuantityValue(3, 'ru')).toBe('3');
    expect(formatQuantityValue(0.1 + 0.2, 'sr')).toBe('0,3');
  });
});

describe('formatDay and formatWeekday', () => {
  it('write a calendar day with its weekday, Monday being 1', () => {
    expect(formatWeekday(1, 'en')).toBe('Mon');
    expect(formatWeekday(7, 'sr')).toBe('нед');
    expect(formatWeekday(3, 'sr-Latn')).toBe('sre');
    expect(formatDay('2030-07-15', 'en')).toBe('Mon 15 Jul 2030');
    expect(formatDay('2030-06-16', 'sr')).toBe('нед 16. јун 2030.');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
  });
});
