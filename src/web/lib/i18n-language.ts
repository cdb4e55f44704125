import { preferredLanguage } from '#shared/accept-language.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/constants.ts';

/** Pure language helpers, kept apart from the translator so they load without it. */

export { isLanguage };

export const LANGUAGE_STORAGE_KEY = 'domace.language';

/**
 * A language tag we accept from storage or the browser: sr, en or ru with an optional script
 * and region ("sr-Latn", "sr-Latn-RS", "en_US"). Anything else (e.g. "<script>") is rejected:
 * a stored value is only ever one of ours, so anything that looks like markup is tampering.
 */
const LANGUAGE_TAG = /^(sr|en|ru)(?:[-_]([A-Za-z]{4}))?(?:[-_]([A-Za-z]{2}|\d{3}))?$/i;

/** The language of a tag we accept: Serbian in the Latin script is its own language; null for others. */
export function languageOfTag(tag: string): Language | null {
  const match = LANGUAGE_TAG.exec(tag.trim());
  if (!match) return null;
  const primary = match[1]!.toLowerCase() as 'sr' | 'en' | 'ru';
  return primary === 'sr' && match[2]?.toLowerCase() === 'latn' ? 'sr-Latn' : primary;
}

/** Maps a detected value to one of our languages; rejected or unknown values become sr. */
export function sanitizeLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  return languageOfTag(value) ?? DEFAULT_LANGUAGE;
}

/** Locale for Intl: Serbian is shown in Cyrillic. */
export function intlLocale(language: string): string {
  switch (sanitizeLanguage(language)) {
    case 'en':
      return 'en-GB';
    case 'ru':
      return 'ru-RU';
    case 'sr-Latn':
      return 'sr-Latn-RS';
    default:
      return 'sr-Cyrl-RS';
  }
}

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
  // "sr-Latn-RS" is Serbian Latin, "sr-RS" Serbian Cyrillic, "en-US" English; others are skipped.
  return preferredLanguage([...(navigator.languages ?? []), navigator.language].filter(Boolean));
}

/** The language this visitor wants: stored choice, else the browser's, else sr. */
export function detectLanguage(): Language {
  return sanitizeLanguage(storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE);
}
