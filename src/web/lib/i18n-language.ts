import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/constants.ts';

/** Pure language helpers, kept apart from the i18next instance so they load without it. */

export { isLanguage };

export const LANGUAGE_STORAGE_KEY = 'domace.language';

/**
 * A language tag we accept from storage or the browser: sr, en or ru with an optional region
 * or script ("sr-Latn", "en_US"). Anything else (e.g. "<script>") is rejected (spec section 1).
 */
const LANGUAGE_TAG = /^(sr|en|ru)([-_][A-Za-z]{2,4})?$/;

/** Maps a detected value to one of our languages; rejected or unknown values become sr. */
export function sanitizeLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const match = LANGUAGE_TAG.exec(value.trim());
  return match ? (match[1] as Language) : DEFAULT_LANGUAGE;
}

/** Locale for Intl: Serbian is shown in Cyrillic. */
export function intlLocale(language: string): string {
  switch (sanitizeLanguage(language)) {
    case 'en':
      return 'en-GB';
    case 'ru':
      return 'ru-RU';
    default:
      return 'sr-Cyrl-RS';
  }
}
