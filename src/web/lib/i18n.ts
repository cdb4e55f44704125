import i18n, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '#shared/constants.ts';
import { LANGUAGE_STORAGE_KEY, intlLocale, isLanguage, languageOfTag, sanitizeLanguage } from './i18n-language.ts';

export { LANGUAGE_STORAGE_KEY, sanitizeLanguage, isLanguage, intlLocale };

// One JSON file per namespace; a new locales/<lang>/<namespace>.json is picked up without
// touching this file. Only the active language is downloaded (lib/locales/<lang>.ts: one
// chunk with all its namespaces); another is fetched when the user switches to it.
type Bundle = Record<string, Record<string, unknown>>;
const BUNDLES: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  sr: () => import('./locales/sr.ts'),
  'sr-Latn': () => import('./locales/sr-latn.ts'),
  en: () => import('./locales/en.ts'),
  ru: () => import('./locales/ru.ts'),
};
const loading = new Map<string, Promise<Bundle>>();

/** The language's namespaces, by name: { common: {...}, catalog: {...} }. */
export function loadBundle(language: string): Promise<Bundle> {
  const lang = sanitizeLanguage(language);
  let promise = loading.get(lang);
  if (!promise) {
    promise = BUNDLES[lang]().then(({ default: files }) => {
      const bundle: Bundle = {};
      for (const [path, content] of Object.entries(files)) {
        const match = /\/([^/]+)\.json$/.exec(path);
        if (match) bundle[match[1]!] = content;
      }
      return bundle;
    });
    promise.catch(() => loading.delete(lang)); // a failed download may be tried again
    loading.set(lang, promise);
  }
  return promise;
}

/** An i18next backend reading the bundled JSON files through dynamic imports. */
const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadBundle(language).then(
      (bundle) => callback(null, (bundle[namespace] ?? {}) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = sanitizeLanguage(language);
}

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * Detection: the stored choice first, then the browser's languages; the first one of ours
 * wins. A stored value that is not a language tag of ours (tampered storage, "<script>...")
 * is rejected in favour of sr, not silently skipped. The choice is stored on every change,
 * and mirrored in a cookie so the server renders the next page in it (plugins/web.ts).
 */
function storedLanguage(): string | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === null ? undefined : sanitizeLanguage(value);
  } catch {
    return undefined; // storage blocked: fall through to the browser language
  }
}

function browserLanguage(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const tags = [...(navigator.languages ?? []), navigator.language].filter(Boolean);
  // "sr-Latn-RS" is Serbian Latin, "sr-RS" Serbian Cyrillic, "en-US" English; others are skipped.
  return tags.map((tag) => languageOfTag(tag) ?? /^(sr|en|ru)\b/i.exec(tag)?.[1]?.toLowerCase()).find(isLanguage);
}

/** The language this visitor wants: stored choice, else the browser's, else sr. */
export function detectLanguage(): Language {
  return sanitizeLanguage(storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE);
}

function rememberLanguage(language: string): void {
  const lang = sanitizeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  }
}

/** Options shared by the browser's instance and the server renderer's (entry-server.tsx). */
export function i18nOptions(namespaces: string[]): InitOptions {
  return {
    // Every language has the same namespaces (i18n.test.ts).
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...LANGUAGES],
    // Every language has every key (i18n.test.ts), so ours need no fallback: loading Serbian
    // beside English would double the download. Anything else becomes Serbian.
    fallbackLng: (code: string) => (isLanguage(code) ? [] : [DEFAULT_LANGUAGE]),
    // Exactly the language asked for: "sr-Latn" must not fall back to its base "sr".
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  };
}

let started: Promise<unknown> | null = null;
/** Set once init is done: changes after it are the visitor's and are remembered. */
let initialised = false;

/**
 * Loads the texts of `language` (default: the detected one) and initialises i18next; the
 * first render waits for it (main.tsx). A server-rendered page starts in the language the
 * server rendered, so hydration sees the same texts. Idempotent.
 */
export function startI18n(language: Language = detectLanguage()): Promise<unknown> {
  started ??= loadBundle(language).then((first) => i18n
    .use(bundledBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(Object.keys(first)), lng: language })
    .then(() => {
      // A page rendered in another language than the stored choice switches to it right
      // after hydration (main.tsx): keep the choice until then.
      if (language === detectLanguage()) rememberLanguage(language);
      applyDocumentLanguage(language);
      initialised = true;
    }));
  return started;
}

i18n.on('languageChanged', (language) => {
  if (initialised) rememberLanguage(language);
});

/** The active language as one of ours (i18n.language may carry a region from the browser). */
export function currentLanguage(): Language {
  return sanitizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export default i18n;
