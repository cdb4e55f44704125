/**
 * Numbers as people type them: in sr and ru the decimal separator is the comma,
 * in en the point. "450,50" in sr is 450.5, never 45050. Spaces (and the no-break spaces
 * of formatted numbers) are group separators and ignored. The other language's separator
 * is refused rather than guessed: "450.50" in sr and "450,50" in en are not numbers, so a
 * mistyped price cannot silently become a hundred times larger.
 */
export function decimalSeparator(language: string): ',' | '.' {
  return language === 'en' ? '.' : ',';
}

/** The number typed in `language`, or null when the text is not one. */
export function parseDecimalInput(text: string, language: string): number | null {
  const sep = decimalSeparator(language);
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return null;
  const pattern = sep === ',' ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/;
  if (!pattern.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * A number written for `language`'s input fields (no grouping). An amount of money
 * (`{ money: true }`) is written as a price is (src/shared/format.ts `formatPrice`): whole when
 * whole, otherwise with both decimals of its para, so 200.5 RSD reads back "200,50", never "200,5".
 */
export function formatDecimalInput(value: number, language: string, { money = false } = {}): string {
  const isWhole = Number.isInteger(Math.round(value * 100) / 100);
  const text = money && !isWhole ? value.toFixed(2) : String(value);
  return text.replace('.', decimalSeparator(language));
}
