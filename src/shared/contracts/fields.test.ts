import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT4_MAX, TEXT_NOT_ALLOWED_MESSAGE, forbiddenTextIndex, isCleanText, queryWholeNumber, text, wholeNumber } from './fields.ts';

/** What the rule says, written out differently (per UTF-16 unit) to check the regular expression against. */
function referenceIsClean(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0x09 || unit === 0x0A) continue;
    if (unit === 0x0D) {
      if (value.charCodeAt(i + 1) === 0x0A) continue;
      return false;
    }
    if (unit < 0x20 || unit === 0x7F) return false;
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xDC00 && next <= 0xDFFF) { i++; continue; }
      return false;
    }
    if (unit >= 0xDC00 && unit <= 0xDFFF) return false;
  }
  return true;
}

const anyUnits = fc.array(fc.oneof(
  fc.integer({ min: 0, max: 0xFFFF }).map((u) => String.fromCharCode(u)),
  fc.constantFrom('\0', '\r', '\n', '\r\n', '\t', '\x7F', '\uD83D', '\uDE00', '😀', 'Ђ', 'e\u0301'),
), { maxLength: 30 }).map((parts) => parts.join(''));

describe('isCleanText', () => {
  it('accepts Cyrillic, Latin with diacritics, emoji, ZWJ sequences, combining marks, tab, LF and CRLF', () => {
    for (const ok of ['Домаћи ајвар', 'Šljivovica, čćžđ', 'Мед 🐝 👩‍👩‍👧 🇷🇸', 'e\u0301 а\u0308', 'a\tb', 'ред 1\nред 2', 'ред 1\r\nред 2', '', '\u00A0\u2028\uFEFF\uFFFF', '\u0085\u009F']) {
      expect(isCleanText(ok), JSON.stringify(ok)).toBe(true);
    }
  });

  it('refuses NUL and the other C0 controls, a CR alone, DEL, and unpaired surrogates', () => {
    for (const bad of ['\0', 'a\u0001', '\b', '\v', '\f', '\x1B[31m', '\x1F', 'a\rb', 'a\r', '\r\r\n', '\x7F', '\uD800', 'x\uDBFF', '\uDC00x', '\uDE00\uD83D', '😀\uDE00']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('agrees with a unit-by-unit reading of the rule on random UTF-16', () => {
    fc.assert(fc.property(anyUnits, (value) => {
      expect(isCleanText(value)).toBe(referenceIsClean(value));
      expect(forbiddenTextIndex(value) === -1).toBe(referenceIsClean(value));
    }), { numRuns: 2000 });
  });

  it('points at the first refused character', () => {
    expect(forbiddenTextIndex('Мед\0x')).toBe(3);
    expect(forbiddenTextIndex('😀\uD83D')).toBe(2);
    expect(forbiddenTextIndex('ok')).toBe(-1);
  });
});

describe('text()', () => {
  it('refuses before it trims, with one issue naming the field; accepted text is unchanged but for the trim', () => {
    const schema = text().trim().min(2).max(10);
    const refused = schema.safeParse('  \0 ');
    expect(refused.success).toBe(false);
    expect(refused.error!.issues).toEqual([expect.objectContaining({ message: TEXT_NOT_ALLOWED_MESSAGE })]);
    expect(schema.parse('  Ђурђа\r\n')).toBe('Ђурђа');
    expect(schema.parse('e\u0301\u0301')).toBe('e\u0301\u0301');
    expect(text({ error: 'Required' }).safeParse(undefined).error!.issues[0]!.message).toBe('Required');
  });

  it('on random input: parses exactly when the text is clean, and returns it unchanged', () => {
    fc.assert(fc.property(anyUnits, (value) => {
      const result = text().safeParse(value);
      expect(result.success).toBe(referenceIsClean(value));
      if (result.success) expect(result.data).toBe(value);
    }), { numRuns: 1000 });
  });
});

describe('wholeNumber()', () => {
  const stock = wholeNumber('Stock must be a whole number').min(0).max(INT4_MAX);
  it('refuses fractions, -0, NaN, infinities and values past the column', () => {
    for (const bad of [1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 31, 1e308, -1, '1', null]) {
      expect(stock.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(stock.safeParse(-0).error!.issues[0]!.message).toBe('Stock must be a whole number');
  });
  it('accepts 0 and the column maximum', () => {
    expect(stock.parse(0)).toBe(0);
    expect(stock.parse(INT4_MAX)).toBe(INT4_MAX);
  });
});

describe('queryWholeNumber()', () => {
  const limit = queryWholeNumber(1, 100);
  it('reads digits only, within the range', () => {
    expect(limit.parse('1')).toBe(1);
    expect(limit.parse('100')).toBe(100);
    expect(limit.parse('007')).toBe(7);
  });
  it('refuses signs, exponents, fractions, hex, spaces, NaN, Infinity, empty, arrays and out of range', () => {
    for (const bad of ['0', '101', '-0', '+5', '1e1', '1.0', '0x10', ' 5', '5 ', 'NaN', 'Infinity', '', '99999999999999999999', ['1', '2'], 5.5, -0.5]) {
      expect(limit.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
