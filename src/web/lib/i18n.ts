import i18n, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';
import { LANGUAGE_STORAGE_KEY, intlLocale, isLanguage, sanitizeLanguage } from './i18n-language.ts';

export { LANGUAGE_STORAGE_KEY, sanitizeLanguage, isLanguage, intlLocale };

// Namespaces are small, so every language is bundled (one JSON file per namespace).
// A new locales/<lang>/<namespace>.json is picked up without touching this file.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  resources[language] ??= {};
  resources[language][namespace] = content;
}
export const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = sanitizeLanguage(language);
}

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * The stored choice, read by our own lookup: a stored value that is not a language tag of ours
 * (tampered storage, "<script>...") is rejected in favour of sr, not silently skipped.
 */
const storedLanguage = {
  name: 'domaceStorage',
  lookup(): string | undefined {
    let value: string | null = null;
    try {
      value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return undefined; // storage blocked: fall through to the browser language
    }
    return value === null ? undefined : sanitizeLanguage(value);
  },
};

const detector = new LanguageDetector();
detector.addDetector(storedLanguage);

void i18n
  .use(detector)
  .use(initReactI18next)
  .init({
    resources,
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    detection: {
      order: ['domaceStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: sanitizeLanguage,
    },
  });

applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);

/** The active language as one of ours (i18n.language may carry a region from the browser). */
export function currentLanguage(): Language {
  return sanitizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export default i18n;
