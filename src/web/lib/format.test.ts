import { describe, expect, it } from 'vitest';
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

  it('returns null for a value that is not a date', () => {
    expect(formatDate('not a date', 'sr')).toBeNull();
    expect(formatDateTime('', 'en')).toBeNull();
  });
});
