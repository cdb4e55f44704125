/**
 * The search key (docs/architecture.md, Search): lower case, Serbian Cyrillic transliterated to
 * Latin, diacritics removed, so "med" finds "Мед" and "voce" finds "Voće".
 * Computed here and stored in an indexed column; queries go through the same function.
 */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'd', е: 'e', ж: 'z', з: 'z', и: 'i', ј: 'j',
  к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  ћ: 'c', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'c', џ: 'dz', ш: 's',
  // Russian letters that Serbian lacks, so Russian names and category words match too.
  ё: 'e', й: 'j', щ: 's', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'ju', я: 'ja',
};

export function searchKey(...parts: ReadonlyArray<string | null | undefined>): string {
  const text = parts.filter(Boolean).join(' ').toLowerCase();
  let out = '';
  for (const ch of text) out += CYRILLIC_TO_LATIN[ch] ?? ch;
  return out
    .replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
