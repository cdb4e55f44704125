import { isLanguage, type Language } from './constants.ts';

/**
 * Reading a visitor's language tags, the same on both sides: the server reads the
 * Accept-Language header (src/server/plugins/web.ts), the browser its navigator.languages
 * (src/web/lib/i18n-language.ts). ADR 0024.
 */

/** Our language of a tag: "sr-Latn-RS" is Serbian Latin, otherwise the primary subtag ("sr-RS" Serbian Cyrillic, "en-US" English). */
export function languageOfTag(tag: string): Language | undefined {
  const subtags = tag.trim().toLowerCase().split(/[-_]/);
  const language = subtags[0] === 'sr' && subtags[1] === 'latn' ? 'sr-Latn' : subtags[0];
  return isLanguage(language) ? language : undefined;
}

/** The tags of an Accept-Language header, most wanted first: by q (1 when absent), ties in their order; q=0 and bad q left out. */
export function acceptLanguageTags(header: string | undefined): string[] {
  const weighted = (header ?? '').split(',').map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { tag: tag.trim(), q: qParam ? Number(qParam.slice(2)) : 1, index };
  });
  return weighted.filter(({ tag, q }) => tag && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The first of our languages among tags given most wanted first. */
export function preferredLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}
