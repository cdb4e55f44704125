import fc from 'fast-check';
import { createInstance, type i18n as I18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';
import { loadBundle } from './i18n.ts';
import { isLanguage } from './i18n-language.ts';
import { Translator, type Bundle } from './translator.ts';

// The translator against i18next with the options the app used (the former i18nOptions in
// lib/i18n.ts), over every key of every namespace in every language. Kept only while i18next is
// installed; translator.test.ts has the properties that hold without it.

const bundles = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await loadBundle(language)] as const))) as Record<Language, Bundle>;

async function reference(language: Language): Promise<I18next> {
  const instance = createInstance({
    ns: Object.keys(bundles[language]),
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...LANGUAGES],
    fallbackLng: (code: string) => (isLanguage(code) ? [] : [DEFAULT_LANGUAGE]),
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    lng: language,
    resources: { [language]: bundles[language] },
  });
  await instance.init();
  return instance;
}
const references = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await reference(language)] as const))) as Record<Language, I18next>;

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

const cases = LANGUAGES.flatMap((language) => Object.entries(bundles[language]).flatMap(([namespace, texts]) =>
  [...new Set(leaves(texts).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].map((key) => ({ language, namespace, key }))));
// Keys as components build them: the real ones, their namespace-qualified forms, and missing ones.
const keyOf = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...cases).map(({ language, namespace, key }) => ({ language, namespace, key })) },
  { weight: 1, arbitrary: fc.record({ language: fc.constantFrom(...LANGUAGES), namespace: fc.constantFrom('common', 'catalog', 'errors', 'logistics'), key: fc.stringMatching(/^[a-zA-Z_.:]{0,20}$/) }) },
);
const value = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('{{', '}}', '{{count}}', '{{name}}', '<script>', '\u0000', '\uD800', '$t(common:title)'), fc.integer(), fc.constant(null), fc.constant(undefined));
const count = fc.option(fc.oneof(fc.integer({ min: -30, max: 1000 }), fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(0, 1, 2, 5, 11, 21, 22, 1.5)), { nil: undefined });
const values = fc.dictionary(fc.constantFrom('name', 'value', 'count', 'number', 'total', 'quantity', 'minimum', 'subtotal', 'date', 'step', 'email', 'title'), value);

/**
 * A key naming a group of keys is no text: i18next answers with a sentence about it ("key 'x (en)'
 * returned an object instead of string.", the key itself from v27), ours as for a missing key
 * (its defaultValue, else the key). No component asks for one; these are left out.
 */
const isGroup = (theirs: string) => / returned an object instead of string\.$/.test(theirs);

describe('the translator against i18next', () => {
  it('gives the same text for every key, namespace, count and values', () => {
    fc.assert(fc.property(keyOf, count, values, fc.boolean(), fc.option(fc.string(), { nil: undefined }), ({ language, namespace, key }, n, data, qualified, defaultValue) => {
      const options: Record<string, unknown> = { ...data };
      if (n !== undefined) options.count = n;
      if (defaultValue !== undefined && !defaultValue.includes('$t(')) options.defaultValue = defaultValue;
      const ours = new Translator({ language, bundles: { [language]: bundles[language] } });
      const theirs = references[language];
      const asked = qualified ? `${namespace}:${key}` : key;
      const fixed = theirs.getFixedT(null, namespace)(asked, options);
      if (!isGroup(fixed)) expect(ours.getFixedT(namespace)(asked, options)).toBe(fixed);
      const plain = theirs.t(asked, options);
      if (!isGroup(plain)) expect(ours.t(asked, options)).toBe(plain);
      expect(ours.exists(asked)).toBe(theirs.exists(asked));
    }), { numRuns: 20_000 });
  }, 120_000);

  it('gives the same text for every key of every language, without options', () => {
    for (const { language, namespace, key } of cases) {
      const ours = new Translator({ language, bundles: { [language]: bundles[language] } });
      for (const n of [undefined, 0, 1, 2, 5, 11, 21, 22, 1.5]) {
        const options = n === undefined ? undefined : { count: n };
        expect(ours.t(`${namespace}:${key}`, options), `${language} ${namespace}:${key} ${n}`).toBe(references[language].t(`${namespace}:${key}`, options));
      }
    }
  });
});
