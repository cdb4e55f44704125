import fc from 'fast-check';

/**
 * fast-check material for hostile-input tests (test/hostile-input.test.ts,
 * test/text-roundtrip.test.ts): random Unicode with control characters and lone surrogates,
 * numbers at and past the columns' ranges, wrong types, extra keys; and a JSON writer that
 * can send what JSON.stringify cannot (-0, 1e400, NaN, lone surrogates as \u escapes).
 */

/** Characters a text field must refuse (src/shared/contracts/fields.ts). */
export const FORBIDDEN_CHARS = ['\0', '\x01', '\x08', '\x0B', '\x0C', '\r', '\x1B', '\x1F', '\x7F', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

/** Accepted characters that are easy to break: Cyrillic, diacritics, combining marks, emoji, ZWJ sequences, RTL, BOM-like. */
export const TRICKY_CLEAN = ['Ђ', 'ж', 'Љ', 'š', 'ć', 'Đ', 'é', 'e\u0301', 'а\u0308', '😀', '👩‍👩‍👧', '🇷🇸', 'ع', '\u200D', '\u00A0', '\uFEFF', '\uFFFD', '\uFFFF', '\u0085', '\u2028', '"', '\\', '<script>', "'", '%00', '\t', '\n', '\r\n', ' '];

const anyCodePoint = fc.integer({ min: 0, max: 0x10FFFF })
  .map((cp) => (cp >= 0xD800 && cp <= 0xDFFF ? String.fromCharCode(cp) : String.fromCodePoint(cp)));
const cleanCodePoint = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7E }),
  fc.integer({ min: 0xA0, max: 0xD7FF }),
  fc.integer({ min: 0xE000, max: 0x10FFFF }),
).map((cp) => String.fromCodePoint(cp));

/** Any UTF-16: every code point, lone surrogates, control characters, tricky clean text. */
export const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.oneof(anyCodePoint, fc.constantFrom(...FORBIDDEN_CHARS), fc.constantFrom(...TRICKY_CLEAN)), { maxLength: 40 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', '\0', '\uD800', 'null', 'true', '0', '-0', '1e400', 'NaN', '__proto__', 'constructor') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'ж', '😀', '\0'), fc.integer({ min: 100, max: 6000 })).map(([s, n]) => s.repeat(n)) },
);

/** Text a text field must accept (min..max code points, may start or end with spaces). */
export function cleanString(maxCodePoints: number, minCodePoints = 1) {
  return fc.array(fc.oneof({ weight: 5, arbitrary: cleanCodePoint }, { weight: 2, arbitrary: fc.constantFrom(...TRICKY_CLEAN) }), { minLength: minCodePoints, maxLength: maxCodePoints })
    .map((parts) => parts.join(''));
}

export const NEG_ZERO = -0;
/** Numbers at and past the edges: int4 and bigint ranges, 1e308, -0, fractions, Infinity, NaN. */
export const extremeNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31, 2 ** 31 - 1, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE,
    NEG_ZERO, 0, 0.5, 1.005, 12.345, 0.1 + 0.2, 10.0000001, -1, 1, 5, 6, 100, 101, 999, 1000, 999_999.99, 1_000_000, 1_000_000.01,
    Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN,
  ),
  fc.double(),
  fc.integer(),
);

export const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1], ['a'], { a: 1 }, { __proto__: { x: 1 } }, '1', 1);

/** A hostile value for any field; `ids` adds real ids (the user's own and other users'). */
export function hostileValue(ids: readonly string[] = []) {
  const id = ids.length ? fc.constantFrom(...ids, '00000000-0000-0000-0000-000000000000', 'not-a-uuid') : fc.constant('not-a-uuid');
  return fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 3, arbitrary: extremeNumber }, { weight: 2, arbitrary: wrongType }, { weight: 1, arbitrary: id });
}

const DROP = Symbol('drop');

/**
 * A body built from `fields` (name -> its valid values): all fields valid, then up to three
 * of them made hostile or left out, sometimes with extra keys; now and then not an object.
 */
export function hostileBody(fields: Record<string, fc.Arbitrary<unknown>>, ids: readonly string[] = []) {
  const value = hostileValue(ids);
  const keys = Object.keys(fields);
  const valid = fc.record(fields);
  const mutation = fc.tuple(fc.constantFrom(...keys), fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(DROP) }));
  const extra = fc.dictionary(fc.oneof(fc.constantFrom('promoted', 'id', 'userType', 'householdId', 'isAdmin', 'price', 'total', '__proto__'), hostileString), value, { minKeys: 1, maxKeys: 2 });
  const mutations = fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) });
  const extras = fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: extra });
  const body = fc.tuple(valid, mutations, extras).map(([base, changes, more]) => {
    const out: Record<string, unknown> = { ...base };
    for (const [key, change] of changes) {
      if (change === DROP) delete out[key];
      else out[key] = change;
    }
    return more ? { ...out, ...more } : out;
  });
  return fc.oneof({ weight: 12, arbitrary: body }, { weight: 1, arbitrary: fc.oneof(wrongType, hostileString, extremeNumber) });
}

/**
 * JSON text of `value`, writing what JSON.stringify cannot keep: -0 as `-0`, infinities as
 * `1e400`/`-1e400` (JSON.parse reads them back as Infinity) and NaN as `NaN` (invalid JSON:
 * a 400). Lone surrogates come out as \u escapes (JSON.stringify does that since ES2019).
 */
export function toJson(value: unknown): string {
  const marks = new Map<string, string>();
  let n = 0;
  const mark = (raw: string) => {
    const key = `@@num${n++}@@`;
    marks.set(`"${key}"`, raw);
    return key;
  };
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'number') return v;
    if (Object.is(v, -0)) return mark('-0');
    if (v === Number.POSITIVE_INFINITY) return mark('1e400');
    if (v === Number.NEGATIVE_INFINITY) return mark('-1e400');
    if (Number.isNaN(v)) return mark('NaN');
    return v;
  }) ?? 'null';
  return marks.size ? json.replace(/"@@num\d+@@"/g, (m) => marks.get(m) ?? m) : json;
}

/**
 * Percent-encoding for a URL that keeps lone surrogates (as their WTF-8 bytes, which
 * encodeURIComponent refuses to write) and control characters.
 */
export function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xD800 && unit <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xD800 && unit <= 0xDFFF) {
      out += [0xE0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3F), 0x80 | (unit & 0x3F)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** A query-string or path value: encoded hostile text, or raw broken percent-encoding. */
export const hostileUrlPart = fc.oneof(
  { weight: 5, arbitrary: hostileString.map(encodeAny) },
  { weight: 2, arbitrary: extremeNumber.map((v) => encodeAny(String(v))) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%FF', '1e3', '0x10', '+5', ' 5', '5 ', '-0', '1.0', 'NaN', 'Infinity', '00010', '') },
);

/** A different IP for each request, so per-IP rate limits do not turn every answer into a 429. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
