/**
 * Serbian Cyrillic to Serbian Latin (gajica), letter for letter as Serbian writes it: ђ → đ,
 * ћ → ć, љ → lj, џ → dž. The Latin interface and Latin mails are made from the Cyrillic texts
 * with this function, never translated by hand, so the two scripts can never drift apart.
 * Everything that is not Serbian Cyrillic (Latin, digits, emoji, {{placeholders}}) is kept.
 */
const LOWER: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'đ', е: 'e', ж: 'ž', з: 'z', и: 'i', ј: 'j',
  к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  ћ: 'ć', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'č', џ: 'dž', ш: 'š',
};

const UPPER: Record<string, string> = Object.fromEntries(
  Object.entries(LOWER).map(([cyrillic, latin]) => [cyrillic.toUpperCase(), latin.charAt(0).toUpperCase() + latin.slice(1)]),
);

function isUpperCaseLetter(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

export function toSerbianLatin(text: string): string {
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    const lower = LOWER[ch];
    if (lower !== undefined) {
      out += lower;
      continue;
    }
    const upper = UPPER[ch];
    if (upper === undefined) {
      out += ch;
      continue;
    }
    // Љ, Њ, Џ are two Latin letters: "Lj" in a word ("Љубав" → "Ljubav"), "LJ" in capitals ("ЉУБАВ" → "LJUBAV").
    const inCapitals = upper.length > 1 && (isUpperCaseLetter(chars[i + 1]) || (chars[i + 1] === undefined && isUpperCaseLetter(chars[i - 1])));
    out += inCapitals ? upper.toUpperCase() : upper;
  }
  return out;
}

/** Every string of a JSON-like value in Latin; `keep` names object keys whose subtree stays as written. */
export function toSerbianLatinDeep<T>(value: T, keep: ReadonlySet<string> = new Set()): T {
  if (typeof value === 'string') return toSerbianLatin(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toSerbianLatinDeep(item, keep)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, keep.has(key) ? item : toSerbianLatinDeep(item, keep)]),
    ) as T;
  }
  return value;
}
