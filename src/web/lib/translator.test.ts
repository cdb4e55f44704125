import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { loadBundle } from './i18n.ts';
import { interpolate, Translator, type Bundle } from './translator.ts';

/** Every language's real texts, as the app loads them (sr-Latn made from sr by the build). */
const bundles = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await loadBundle(language)] as const))) as Record<Language, Bundle>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text of a namespace as [key, text], keys with their plural suffix. */
function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

/** Every key a component may ask for: plural forms once, by their base key. */
const keysOf = (language: Language) =>
  Object.entries(bundles[language]).flatMap(([namespace, texts]) => [...new Set(leaves(texts).map(([key]) => key.replace(PLURAL_SUFFIX, '')))].map((key) => ({ namespace, key })));

const placeholders = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim());

const COUNTS = [0, 1, 2, 5, 11, 21, 22, 1.5];
/** The CLDR category of each count above, written out (not computed) for each language. */
const CATEGORIES: Record<Language, string[]> = {
  en: ['other', 'one', 'other', 'other', 'other', 'other', 'other', 'other'],
  ru: ['many', 'one', 'few', 'many', 'many', 'one', 'few', 'other'],
  sr: ['other', 'one', 'few', 'other', 'other', 'one', 'few', 'other'],
  'sr-Latn': ['other', 'one', 'few', 'other', 'other', 'one', 'few', 'other'],
};

function translatorWith(language: Language, bundle: Bundle) {
  return new Translator({ language, bundles: { [language]: bundle } });
}

describe('plural forms', () => {
  const forms = { common: { item_one: 'one {{count}}', item_few: 'few {{count}}', item_many: 'many {{count}}', item_other: 'other {{count}}' } };

  for (const language of LANGUAGES) {
    it(`picks ${language}'s category for ${COUNTS.join(', ')}`, () => {
      const i18n = translatorWith(language, forms);
      expect(COUNTS.map((count) => i18n.t('item', { count }))).toEqual(COUNTS.map((count, index) => `${CATEGORIES[language][index]} ${count}`));
    });
  }

  it('prefers key_zero for 0 when it exists, and the key without a suffix when no form does', () => {
    const i18n = translatorWith('en', { common: { item_zero: 'none', item_one: 'one', item_other: '{{count}}', plain: '{{count}} plain' } });
    expect(i18n.t('item', { count: 0 })).toBe('none');
    expect(i18n.t('item', { count: 3 })).toBe('3');
    expect(i18n.t('plain', { count: 3 })).toBe('3 plain');
  });

  it('counts the real units in every language ("5 тегли", "5 banok")', () => {
    const jars = (language: Language) => COUNTS.map((count) => translatorWith(language, bundles[language]).t('common:unitCount.jar', { count, value: String(count) }));
    expect(jars('sr')).toEqual(['0 тегли', '1 тегла', '2 тегле', '5 тегли', '11 тегли', '21 тегла', '22 тегле', '1.5 тегли']);
    expect(jars('sr-Latn')).toEqual(['0 tegli', '1 tegla', '2 tegle', '5 tegli', '11 tegli', '21 tegla', '22 tegle', '1.5 tegli']);
    expect(jars('ru')).toEqual(['0 банок', '1 банка', '2 банки', '5 банок', '11 банок', '21 банка', '22 банки', '1.5 банки']);
    expect(jars('en')).toEqual(['0 jars', '1 jar', '2 jars', '5 jars', '11 jars', '21 jars', '22 jars', '1.5 jars']);
  });
});

describe('namespaces and fallbacks', () => {
  const i18n = translatorWith('en', {
    common: { title: 'common title', only: 'only in common', group: { inner: 'inner' } },
    catalog: { title: 'catalog title', errors: { 'order.late': 'dotted key' } },
  });

  it('reads the default namespace (common), the fixed one, and "ns:key"', () => {
    expect(i18n.t('title')).toBe('common title');
    const t = i18n.getFixedT('catalog');
    expect(t('title')).toBe('catalog title');
    expect(t('common:title')).toBe('common title');
    expect(i18n.t('catalog:title')).toBe('catalog title');
  });

  it('falls back to common for a key missing in the namespace', () => {
    expect(i18n.getFixedT('catalog')('only')).toBe('only in common');
    expect(i18n.t('catalog:only')).toBe('only in common');
    expect(i18n.t('nowhere:only')).toBe('only in common');
  });

  it('finds keys whose own names hold dots', () => {
    expect(i18n.t('catalog:errors.order.late')).toBe('dotted key');
    expect(i18n.exists('catalog:errors.order.late')).toBe(true);
  });

  it('returns a missing key as it was asked for, without its namespace, and fills it in', () => {
    expect(i18n.t('catalog:no.such.key')).toBe('no.such.key');
    expect(i18n.t('no such key: {{x}}', { x: '1' })).toBe('no such key: 1');
    expect(i18n.t('group')).toBe('group'); // a group of keys is not a text
    expect(i18n.exists('catalog:no.such.key')).toBe(false);
    expect(i18n.exists('group.inner')).toBe(true);
  });

  it('uses defaultValue (interpolated) for a missing key, not for a found one', () => {
    expect(i18n.t('missing', { defaultValue: 'default {{n}}', n: 2 })).toBe('default 2');
    expect(i18n.t('missing', { defaultValue: '' })).toBe('');
    expect(i18n.t('title', { defaultValue: 'default' })).toBe('common title');
  });

  it('reads a sentence with a colon as a key of the default namespace', () => {
    const sentences = translatorWith('en', { common: { 'Note: read me': 'sentence' } });
    expect(sentences.t('Note: read me')).toBe('sentence');
  });

  it('has nothing before a language is loaded: keys come back as they are', () => {
    expect(new Translator().t('common:title')).toBe('title');
  });
});

describe('interpolation', () => {
  it('inserts hostile values verbatim, once, without reading them again', () => {
    const hostile = ['{{', '}}', '{{name}}', '<script>alert(1)</script>', 'a\u0000b', '\uD800', '\uDFFF lone', '$t(common:title)', '&amp;', '\n'];
    for (const value of hostile) {
      expect(interpolate('[{{name}}] [{{ other }}]', { name: value, other: value })).toBe(`[${value}] [${value}]`);
    }
    expect(interpolate('{{a}}{{b}}', { a: '{{', b: '}}' })).toBe('{{}}');
    expect(interpolate('{{a}}', { a: '{{a}}' })).toBe('{{a}}');
  });

  it('keeps a placeholder without a value, empties one given as undefined or null, writes numbers as strings', () => {
    expect(interpolate('{{a}} {{b}} {{c}} {{d}}', { b: undefined, c: null, d: 1.5 })).toBe('{{a}}   1.5');
    expect(interpolate('{{toString}} {{__proto__}}', {})).toBe('{{toString}} {{__proto__}}');
    expect(interpolate('{{count}}', { count: 0 })).toBe('0');
  });

  it('reads nested values by a dotted name', () => {
    expect(interpolate('{{user.name}}', { user: { name: 'Ana' } })).toBe('Ana');
  });

  it('leaves text without placeholders alone, even with braces', () => {
    expect(interpolate('{ {a} } {{}} {{\n}}', { a: 'x' })).toBe('{ {a} } {{}} {{\n}}');
  });
});

describe('language changes', () => {
  const texts = (title: string): Bundle => ({ common: { title } });

  it('downloads the language, switches, then tells every subscriber', async () => {
    const load = vi.fn((language: Language) => Promise.resolve(texts(`title in ${language}`)));
    const i18n = new Translator({ language: 'sr', bundles: { sr: texts('наслов') }, load });
    const heard: string[] = [];
    i18n.on('languageChanged', (language) => heard.push(`${language}: ${i18n.t('title')}`));
    const onChange = vi.fn();
    const unsubscribe = i18n.subscribe(onChange);

    const t = await i18n.changeLanguage('ru');
    expect(load).toHaveBeenCalledWith('ru');
    expect(i18n.language).toBe('ru');
    expect(t('title')).toBe('title in ru');
    expect(heard).toEqual(['ru: title in ru']);
    expect(onChange).toHaveBeenCalledTimes(1);

    unsubscribe();
    await i18n.changeLanguage('sr');
    expect(load).toHaveBeenCalledTimes(1); // sr was at hand
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['ru: title in ru', 'sr: наслов']);
  });

  it('reads any tag as one of our languages', async () => {
    const i18n = new Translator({ bundles: { en: texts('en'), sr: texts('sr') } });
    await i18n.changeLanguage('en-US');
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('<script>');
    expect(i18n.language).toBe('sr');
  });

  it('lets the latest change win when an earlier download finishes later', async () => {
    let finishRu!: () => void;
    const load = (language: Language) => language === 'ru'
      ? new Promise<Bundle>((resolve) => { finishRu = () => resolve(texts('ru')); })
      : Promise.resolve(texts(language));
    const i18n = new Translator({ load });
    const slow = i18n.changeLanguage('ru');
    await i18n.changeLanguage('en');
    finishRu();
    await slow;
    expect(i18n.language).toBe('en');
    expect(i18n.t('title')).toBe('en');
  });

  it('keeps the current language when a download fails, and may try again', async () => {
    let fail = true;
    const i18n = new Translator({ bundles: { sr: texts('sr') }, load: (language) => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(texts(language))) });
    const onChange = vi.fn();
    i18n.subscribe(onChange);
    await expect(i18n.changeLanguage('en')).rejects.toThrow('offline');
    expect(i18n.language).toBe('sr');
    expect(i18n.t('title')).toBe('sr');
    expect(onChange).not.toHaveBeenCalled();
    fail = false;
    await i18n.changeLanguage('en');
    expect(i18n.t('title')).toBe('en');
  });
});

describe('the locale files', () => {
  it('use only what the translator does: {{name}} placeholders, no nesting, formats or unescaped markers', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, texts] of Object.entries(bundles[language])) {
        for (const [key, text] of leaves(texts)) {
          expect(text, `${language}/${namespace}:${key}`).not.toContain('$t(');
          for (const name of placeholders(text)) expect(name, `${language}/${namespace}:${key}`).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        }
      }
    }
  });
});

describe('every text of every language (property)', () => {
  // An oracle that does not share the translator's code: the text of the key (or of its plural
  // form, chosen by Intl.PluralRules) with each placeholder replaced by its value.
  const value = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('{{', '}}', '{{count}}', '<script>', '\u0000', '\uD800'));

  it('is the text of its key (or plural form), with the given values in place of the placeholders', () => {
    const cases = LANGUAGES.flatMap((language) => keysOf(language).map((entry) => ({ language, ...entry })));
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.option(fc.oneof(fc.nat(1000), fc.double({ min: 0, max: 100, noNaN: true })), { nil: undefined }), fc.array(value, { minLength: 4, maxLength: 4 }), ({ language, namespace, key }, count, [a, b, c, d]) => {
        const texts = bundles[language][namespace]!;
        const lookup = (path: string) => path.split('.').reduce<unknown>((node, step) => (node as Record<string, unknown> | undefined)?.[step], texts);
        const plural = count === undefined ? undefined : lookup(`${key}_${new Intl.PluralRules(language).select(count)}`);
        const text = (plural ?? lookup(key)) as string | undefined;
        if (typeof text !== 'string') return; // a plural key asked for without a count
        const names = [...new Set(placeholders(text))].filter((name) => count === undefined || name !== 'count');
        const values: Record<string, string> = Object.fromEntries(names.map((name, index) => [name, [a, b, c, d][index % 4]!]));
        const options = count === undefined ? values : { ...values, count };
        const expected = text.replace(/\{\{(.+?)\}\}/g, (_, name: string) => (name.trim() === 'count' && count !== undefined ? String(count) : values[name.trim()]!));
        const i18n = new Translator({ language, bundles: { [language]: bundles[language] } });
        expect(i18n.getFixedT(namespace)(key, options)).toBe(expected);
        expect(i18n.t(`${namespace}:${key}`, options)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('returns a key that names no text as it was asked for', () => {
    const i18n = new Translator({ language: 'en', bundles: { en: bundles.en } });
    fc.assert(fc.property(fc.stringMatching(/^zz[a-z]{1,8}(\.[a-z]{1,8}){0,2}$/), fc.constantFrom('', 'catalog:', 'errors:'), (key, prefix) => {
      expect(i18n.t(`${prefix}${key}`)).toBe(key);
      expect(i18n.exists(`${prefix}${key}`)).toBe(false);
    }));
  });
});
