import { LANGUAGE_COOKIE, type Language } from '#shared/constants.ts';
import { LANGUAGE_STORAGE_KEY, detectLanguage, intlLocale, isLanguage, sanitizeLanguage } from './i18n-language.ts';
import { Translator, type Bundle } from './translator.ts';

export { LANGUAGE_STORAGE_KEY, detectLanguage, sanitizeLanguage, isLanguage, intlLocale };

// One JSON file per namespace; a new locales/<lang>/<namespace>.json is picked up without
// touching this file. Only the active language is downloaded (lib/locales/<lang>.ts: one
// chunk with all its namespaces); another is fetched when the user switches to it.
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

/** The browser's translator: texts of one language at a time, another downloaded on switching. */
const i18n = new Translator({ load: loadBundle });

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = sanitizeLanguage(language);
}

i18n.on('languageChanged', applyDocumentLanguage);

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

let started: Promise<unknown> | null = null;
/** Set once init is done: changes after it are the visitor's and are remembered. */
let initialised = false;

/**
 * Loads the texts of `language` (default: the detected one) and switches to it; the first
 * render waits for it (main.tsx). A server-rendered page starts in the language the server
 * rendered, so hydration sees the same texts. Idempotent.
 */
export function startI18n(language: Language = detectLanguage()): Promise<unknown> {
  started ??= loadBundle(language).then((first) => {
    i18n.addBundle(language, first);
    return i18n.changeLanguage(language).then(() => {
      // A page rendered in another language than the stored choice switches to it right
      // after hydration (main.tsx): keep the choice until then.
      if (language === detectLanguage()) rememberLanguage(language);
      applyDocumentLanguage(language);
      initialised = true;
    });
  });
  return started;
}

i18n.on('languageChanged', (language) => {
  if (initialised) rememberLanguage(language);
});

/** The active language. */
export function currentLanguage(): Language {
  return i18n.language;
}

export default i18n;
