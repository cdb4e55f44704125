import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageOfTag, preferredLanguage } from './accept-language.ts';

describe('language tags', () => {
  it('reads Serbian Latin by its script and others by their primary subtag', () => {
    expect(languageOfTag('sr-Latn-RS')).toBe('sr-Latn');
    expect(languageOfTag('sr_latn')).toBe('sr-Latn');
    expect(languageOfTag('sr-RS')).toBe('sr');
    expect(languageOfTag('sr-Cyrl')).toBe('sr');
    expect(languageOfTag(' en-US ')).toBe('en');
    expect(languageOfTag('ru')).toBe('ru');
    expect(languageOfTag('de-DE')).toBeUndefined();
    expect(languageOfTag('<script>')).toBeUndefined();
  });

  it('orders an Accept-Language header by q, keeping the order of ties and leaving out q=0 and bad q', () => {
    expect(acceptLanguageTags('de-DE,ru;q=0.5,en;q=0.8')).toEqual(['de-DE', 'en', 'ru']);
    expect(acceptLanguageTags('en;q=0, ru;q=abc, sr')).toEqual(['sr']);
    expect(acceptLanguageTags('ru;q=0.9, en;q=0.9')).toEqual(['ru', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
  });

  it('picks the first of ours', () => {
    expect(preferredLanguage(acceptLanguageTags('de-DE,ru;q=0.5,en;q=0.8'))).toBe('en');
    expect(preferredLanguage(['fr-FR', 'sr-Latn-RS', 'en'])).toBe('sr-Latn');
    expect(preferredLanguage(['fr-FR'])).toBeUndefined();
  });
});
