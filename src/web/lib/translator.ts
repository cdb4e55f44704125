import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { sanitizeLanguage } from './i18n-language.ts';

/**
 * The app's translator: looks texts up in the locale JSON files (src/web/locales/<lang>/<ns>.json),
 * picks plural forms and fills in {{placeholders}}. Hand-written in place of i18next to keep
 * i18next out of the first page load (docs/performance.md); it does what the app used of i18next, with i18next's
 * results (docs/decisions/0018-own-translator.md), and nothing more: no nesting ($t(...)), no
 * {{value, format}} formatting, no context, no returnObjects (translator.test.ts checks the
 * locale files use none of these).
 *
 * - A key is "key.path" in the default namespace or "namespace:key.path"; a key that is not
 *   found in its namespace is looked up in `common`, then the key itself is returned (without
 *   its namespace), as i18next does.
 * - `count` picks `key_zero` (for 0, when it exists), then `key_<category>` by the language's
 *   Intl.PluralRules (`sr-Latn` has Serbian's rules), then `key`.
 * - `{{name}}` is replaced by options.name as a string, unescaped: React escapes. An inserted
 *   value is never scanned again, so a value holding "{{x}}" stays as it is. A placeholder
 *   without a value stays in the text; one given as undefined or null becomes empty.
 */

/** A namespace's texts, nested as in its JSON file. */
export type Texts = Record<string, unknown>;
/** A language's namespaces by name: { common: {...}, catalog: {...} }. */
export type Bundle = Record<string, Texts>;

export interface TOptions {
  /** Picks the plural form; also available as {{count}}. */
  count?: number;
  /** Used (and interpolated) when the key is found nowhere. */
  defaultValue?: string;
  /** Placeholder values. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (language: Language) => void;

export const DEFAULT_NAMESPACE = 'common';
const FALLBACK_NAMESPACE = 'common';
const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
/** i18next reads a key with one of these before its first dot as a sentence, not "ns:key". */
const NATURAL_LANGUAGE = /[ ,?!;]/;

const has = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** The value at `path` (own properties only), undefined when any step is missing. */
function getPath(object: unknown, path: string[]): unknown {
  let current = object;
  for (const step of path) {
    if (!current || typeof current !== 'object' || !has(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/**
 * A key whose own parts contain dots ("errors.order.below_minimum" where `errors` holds a key
 * "order.below_minimum"): the longest run of parts that names something, step by step, as
 * i18next's deepFind.
 */
function deepFind(object: unknown, key: string): unknown {
  if (!object || typeof object !== 'object') return undefined;
  const record = object as Record<string, unknown>;
  if (record[key]) return has(record, key) ? record[key] : undefined;
  const tokens = key.split(KEY_SEPARATOR);
  let current: unknown = object;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += KEY_SEPARATOR;
      nextPath += tokens[j];
      next = has(current, nextPath) ? (current as Record<string, unknown>)[nextPath] : undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function lookup(object: unknown, key: string): unknown {
  return getPath(object, key.split(KEY_SEPARATOR)) ?? deepFind(object, key);
}

/** "ns:key" → ["ns", "key"]; a key without a namespace (or that reads as a sentence) keeps the given one. */
function splitKey(key: string, namespace: string): [string, string] {
  if (!key.includes(NS_SEPARATOR)) return [namespace, key];
  if (NATURAL_LANGUAGE.test(key)) {
    const dot = key.indexOf(KEY_SEPARATOR);
    if (!(dot > 0 && !NATURAL_LANGUAGE.test(key.slice(0, dot)))) return [namespace, key];
  }
  const [first, ...rest] = key.split(NS_SEPARATOR);
  return [first!, rest.join(KEY_SEPARATOR)];
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** Fills `{{name}}` from `values`, in one pass over the text: inserted values are not read again. */
export function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = lookup(values, name);
    if (value === undefined) return has(values, name) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

export interface TranslatorOptions {
  /** The language before any change (default sr). */
  language?: Language;
  /** Texts already at hand, by language. */
  bundles?: Partial<Record<Language, Bundle>>;
  /** Downloads a language's texts when it is asked for; without it only `bundles` exist. */
  load?: (language: Language) => Promise<Bundle>;
}

export class Translator {
  /** The active language. */
  language: Language;
  private readonly bundles = new Map<Language, Bundle>();
  private readonly load: ((language: Language) => Promise<Bundle>) | undefined;
  private readonly listeners = new Set<Listener>();
  /** The language of the latest changeLanguage call: an earlier one finishing later does not win. */
  private wanted: Language | undefined;

  constructor({ language = DEFAULT_LANGUAGE, bundles = {}, load }: TranslatorOptions = {}) {
    this.language = language;
    this.load = load;
    for (const [lang, bundle] of Object.entries(bundles)) this.addBundle(lang as Language, bundle);
  }

  addBundle(language: Language, bundle: Bundle): void {
    this.bundles.set(language, { ...this.bundles.get(language), ...bundle });
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    const bundle = this.bundles.get(sanitizeLanguage(language));
    return bundle !== undefined && has(bundle, namespace);
  }

  /** Downloads the languages not yet at hand. */
  async loadLanguages(languages: readonly string[]): Promise<void> {
    await Promise.all(languages.map(sanitizeLanguage).map(async (language) => {
      if (this.bundles.has(language) || !this.load) return;
      this.addBundle(language, await this.load(language));
    }));
  }

  /**
   * Shows everything in `language` (one of ours; anything else is read as one: "en-US" is en)
   * once its texts are downloaded, then tells the listeners. A failed download keeps the
   * current language (its texts are at hand) and rejects; the latest call wins.
   */
  async changeLanguage(requested: string): Promise<TFunction> {
    const language = sanitizeLanguage(requested);
    this.wanted = language;
    await this.loadLanguages([language]);
    if (this.wanted === language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return this.t;
  }

  on(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.add(listener);
  }

  /** For useSyncExternalStore: calls `onChange` after every language change; returns the unsubscribe. */
  readonly subscribe = (onChange: () => void): (() => void) => {
    const listener = () => onChange();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The text, looked up in the active language (at the time of the call) and `namespace`. */
  getFixedT(namespace: string = DEFAULT_NAMESPACE): TFunction {
    return (key, options) => this.translate(namespace, key, options);
  }

  /** A text of the default namespace (common) or of "namespace:key". */
  readonly t: TFunction = (key, options) => this.translate(DEFAULT_NAMESPACE, key, options);

  /** Whether the key names something in the active language (in its namespace or common). */
  exists(key: string, options: TOptions = {}): boolean {
    const [namespace, path] = splitKey(key, DEFAULT_NAMESPACE);
    return this.resolve(namespace, path, options) !== undefined;
  }

  private resolve(namespace: string, key: string, options: TOptions): unknown {
    const bundle = this.bundles.get(this.language);
    if (!bundle) return undefined;
    const { count } = options;
    const plural = count !== undefined && typeof count !== 'string';
    const candidates: string[] = [];
    if (plural && count === 0) candidates.push(`${key}_zero`);
    if (plural) candidates.push(`${key}_${pluralCategory(this.language, count)}`);
    candidates.push(key);
    let found: unknown;
    for (const ns of [namespace, FALLBACK_NAMESPACE]) {
      const texts = has(bundle, ns) ? bundle[ns] : undefined;
      for (const candidate of candidates) {
        found = lookup(texts, candidate);
        if (found !== undefined && found !== null) return found;
      }
    }
    return found ?? undefined;
  }

  private translate(defaultNamespace: string, key: string, options: TOptions = {}): string {
    const [namespace, path] = splitKey(String(key), defaultNamespace);
    const found = this.resolve(namespace, path, options);
    // An object (a group of keys) is not a text: treated as missing, like i18next from v27.
    let text = typeof found === 'string' ? found : found === undefined || typeof found === 'object' ? undefined : String(found);
    if (text === undefined && options.defaultValue !== undefined && options.defaultValue !== null) text = String(options.defaultValue);
    return interpolate(text ?? path, options);
  }
}
