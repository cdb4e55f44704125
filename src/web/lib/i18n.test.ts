import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/constants.ts';
import { sanitizeLanguage } from './i18n-language.ts';

/** A fresh translator that detects from the current localStorage and navigator. */
async function loadI18n(language?: Language) {
  vi.resetModules();
  const module = await import('./i18n.ts');
  await module.startI18n(language);
  return module.default;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sanitizeLanguage', () => {
  it('accepts our languages with an optional region or script', () => {
    expect(sanitizeLanguage('en')).toBe('en');
    expect(sanitizeLanguage('en-US')).toBe('en');
    expect(sanitizeLanguage('ru_RU')).toBe('ru');
    expect(sanitizeLanguage('sr-RS')).toBe('sr');
    expect(sanitizeLanguage('sr-Cyrl-RS')).toBe('sr');
  });

  it('tells Serbian Latin apart from Serbian Cyrillic', () => {
    expect(sanitizeLanguage('sr-Latn')).toBe('sr-Latn');
    expect(sanitizeLanguage('sr-latn-RS')).toBe('sr-Latn');
    expect(sanitizeLanguage('sr_Latn')).toBe('sr-Latn');
  });

  it('rejects anything that looks like script or injection, falling back to sr', () => {
    for (const value of ['<script>alert(1)</script>', 'en<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'en-US-x-"><', '', null, 42]) {
      expect(sanitizeLanguage(value)).toBe('sr');
    }
  });
});

describe('language detection', () => {
  it('defaults to Serbian and sets <html lang>', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE'], language: 'de-DE' });
    const i18n = await loadI18n();
    expect(i18n.language).toBe('sr');
    expect(document.documentElement.lang).toBe('sr');
    expect(i18n.t('notFound.title')).toBe('Страница није пронађена');
  });

  it('shows Serbian Latin made from the Cyrillic texts, for a stored choice and for a browser in sr-Latn', async () => {
    localStorage.setItem('domace.language', 'sr-Latn');
    let i18n = await loadI18n();
    expect(i18n.language).toBe('sr-Latn');
    expect(document.documentElement.lang).toBe('sr-Latn');
    expect(i18n.t('notFound.title')).toBe('Stranica nije pronađena');
    expect(i18n.t('languages.sr')).toBe('Српски'); // language names stay in their own script
    localStorage.clear();
    vi.stubGlobal('navigator', { ...navigator, languages: ['sr-Latn-RS', 'en'], language: 'sr-Latn-RS' });
    i18n = await loadI18n();
    expect(i18n.language).toBe('sr-Latn');
  });

  it('counts products in their own unit with the language\'s plurals ("Још само 5 тегли", not "5 комада")', async () => {
    const i18n = await loadI18n('sr');
    const only = (count: number, unit: string) => i18n.t('catalog:product.onlyLeft', { quantity: i18n.t(`common:unitCount.${unit}`, { count, value: String(count) }) });
    expect(only(5, 'jar')).toBe('Још само 5 тегли');
    expect(only(3, 'jar')).toBe('Још само 3 тегле');
    expect(only(1, 'l')).toBe('Још само 1 литар');
    expect(only(2, 'kg')).toBe('Још само 2 кг');
    expect(i18n.t('producer:overview.chartSummary', { total: '1.000,00 RSD', count: 3 })).toBe('Укупно у последњих 30 дана: 1.000,00 RSD из 3 поруџбине.');
  });

  it('reads the stored choice first', async () => {
    localStorage.setItem('domace.language', 'ru');
    const i18n = await loadI18n();
    expect(i18n.language).toBe('ru');
  });

  it('uses the browser language when nothing is stored', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    const i18n = await loadI18n();
    expect(i18n.language).toBe('en');
  });

  it('rejects an injected stored value and uses sr', async () => {
    localStorage.setItem('domace.language', '<script>alert(1)</script>');
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    const i18n = await loadI18n();
    expect(i18n.language).toBe('sr');
    expect(document.documentElement.lang).toBe('sr');
    expect(localStorage.getItem('domace.language')).toBe('sr');
  });

  it('downloads only the active language, another one on switching', async () => {
    // A fresh module (loadI18n): test/setup.ts loaded every language into the shared one only.
    localStorage.setItem('domace.language', 'en');
    const i18n = await loadI18n();
    for (const namespace of ['common', 'catalog', 'errors']) expect(i18n.hasResourceBundle('en', namespace)).toBe(true);
    expect(i18n.hasResourceBundle('sr', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
    await i18n.changeLanguage('ru');
    expect(i18n.hasResourceBundle('ru', 'catalog')).toBe(true);
    expect(i18n.hasResourceBundle('sr', 'common')).toBe(false);
    expect(i18n.t('notFound.title')).toBe('Страница не найдена');
  });

  it('applies a change at once: text, <html lang> and storage', async () => {
    const i18n = await loadI18n();
    await i18n.changeLanguage('en');
    expect(i18n.t('notFound.title')).toBe('Page Not Found');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('domace.language')).toBe('en');
  });

  it('mirrors the choice in a cookie for the server renderer', async () => {
    document.cookie = 'domace_language=; max-age=0; path=/';
    const i18n = await loadI18n();
    await i18n.changeLanguage('ru');
    expect(document.cookie).toContain('domace_language=ru');
  });

  it('starts in the language a page was rendered in without overwriting the stored choice', async () => {
    localStorage.setItem('domace.language', 'ru');
    const i18n = await loadI18n('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('domace.language')).toBe('ru');
  });

  it('has every namespace in every language, with the same keys', async () => {
    const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
    const resources: Record<string, Record<string, unknown>> = {};
    for (const [path, content] of Object.entries(files)) {
      const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
      if (language && namespace) (resources[language] ??= {})[namespace] = content;
    }
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`))
        : [prefix.replace(/_(zero|one|two|few|many|other)\.$/, '.')];
    const normalise = (language: string) => [...new Set(keys(resources[language]))].sort();
    expect(normalise('en')).toEqual(normalise('sr'));
    expect(normalise('ru')).toEqual(normalise('sr'));
  });
});
