import fc from 'fast-check';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { answersOf } from '#shared/api/answers.ts';
import { endpoints } from '#shared/api/endpoints.ts';
import { CATEGORIES, UNITS } from '#shared/constants.ts';
import { extremeNumber, FORBIDDEN_CHARS, hostileString, TRICKY_CLEAN, wrongType } from '../../../test/hostile.ts';
import { compileFast, fastSerializerCompiler, largeAnswerSerializerCompiler } from './fast-serializer.ts';

/**
 * The fast serializer (fast-serializer.ts) against the app's default one
 * (fastify-type-provider-zod's: z.safeEncode, then JSON.stringify): the same bytes for every
 * answer the default writes, and a ResponseSerializationError for every answer it refuses.
 */

type Compiler = typeof fastSerializerCompiler;
const compile = (compiler: Compiler, schema: unknown, httpStatus = '200') =>
  compiler({ schema, method: 'GET', url: '/api/test', httpStatus } as Parameters<Compiler>[0]);

const SCHEMAS = {
  feed: endpoints.products.list.answers[200],
  product: endpoints.products.get.answers[200],
  household: endpoints.households.get.answers[200],
};

function pair(schema: unknown) {
  return { before: compile(serializerCompiler as Compiler, schema), after: compile(fastSerializerCompiler, schema) };
}

/** What a serializer does with `data`: its bytes, or that it refused (and with which error). */
function outcome(serialize: (data: unknown) => string, data: unknown): { json: string } | { refused: boolean } {
  try {
    return { json: serialize(data) };
  } catch (err) {
    return { refused: isResponseSerializationError(err as Error) };
  }
}

const uuid = fc.uuid();
const text = fc.oneof(hostileString, fc.constantFrom(...FORBIDDEN_CHARS, ...TRICKY_CLEAN, '', 'a"b\\c', '\uD83D\uDE00', '\uD83D', '\uDE00x', 'x'.repeat(5000) + '\uD800'));
const isoDate = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());
const anyNumber = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(-0, 0.1 + 0.2, 1e21, 1e-7, 5e-324, 1.005, 12.34));

const product = fc.record({
  id: uuid, householdId: uuid, householdName: text, name: text, description: text,
  price: anyNumber, unit: fc.constantFrom(...UNITS), image: fc.option(text), thumbnail: fc.option(text),
  category: fc.constantFrom(...CATEGORIES), availability: fc.boolean(), featured: fc.boolean(), promoted: fc.boolean(),
  stock: fc.option(anyNumber), quantityStep: anyNumber, availableFrom: fc.option(fc.oneof(text, fc.constant('2026-07-01'))),
  rating: anyNumber, reviewCount: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53)), createdAt: isoDate,
  pricing: fc.constantFrom('unit', 'weight'), pieceWeight: fc.option(anyNumber),
});

const household = fc.record({
  id: uuid, name: text, description: text, location: text, avatar: fc.option(text),
  followerCount: fc.nat(), rating: anyNumber, reviewCount: fc.nat(), hasActiveStory: fc.boolean(), isFollowing: fc.boolean(),
  pickupPoints: fc.array(fc.record({ id: uuid, name: text, address: text, note: fc.option(text), hours: fc.array(fc.record({ weekday: fc.integer({ min: 0, max: 6 }), opens: fc.constant('08:00'), closes: fc.constant('18:00') }), { maxLength: 3 }) }), { maxLength: 3 }),
  delivery: fc.record({ enabled: fc.boolean(), areas: fc.array(text, { maxLength: 3 }), fee: anyNumber, freeFrom: fc.option(anyNumber), leadDays: fc.nat(30), weekdays: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }) }),
  minimumOrder: anyNumber,
  payment: fc.record({ cash: fc.boolean(), ipsAccount: fc.option(text), ipsPayeeName: fc.option(text) }),
  standingCutoffHours: fc.integer({ min: 1, max: 168 }),
});

/** Breaks one field of a valid object: a wrong value, a missing key or an extra one. */
function damaged<T extends Record<string, unknown>>(valid: fc.Arbitrary<T>) {
  return fc.tuple(valid, fc.nat(), fc.oneof(extremeNumber, wrongType, hostileString, fc.constant(undefined)), fc.constantFrom('replace', 'delete', 'extra'))
    .map(([value, at, bad, how]) => {
      const copy: Record<string, unknown> = { ...value };
      const keys = Object.keys(copy);
      const key = keys[at % keys.length]!;
      if (how === 'replace') copy[key] = bad;
      else if (how === 'delete') delete copy[key];
      else copy[`extra${at % 3}`] = bad;
      return copy;
    });
}

describe('fastSerializerCompiler', () => {
  it('takes the fast path for the product list, product and household answers, and not where it would not be exact', () => {
    for (const schema of Object.values(SCHEMAS)) expect(compileFast(schema)).not.toBeNull();
    // Transforms and defaults (parse and encode differ): the default serializer.
    expect(compileFast(endpoints.products.list.query)).toBeNull();
    expect(compileFast(endpoints.products.create.body)).toBeNull();
    expect(compileFast({ type: 'object' })).toBeNull();
  });

  it('writes the same bytes as the default serializer for generated products, pages and households', () => {
    const feed = pair(SCHEMAS.feed);
    const one = pair(SCHEMAS.product);
    const home = pair(SCHEMAS.household);
    fc.assert(fc.property(product, (p) => {
      expect(outcome(one.after, p)).toEqual(outcome(one.before, p));
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.array(product, { maxLength: 30 }), fc.option(text), (items, nextCursor) => {
      const page = { items, nextCursor };
      expect(outcome(feed.after, page)).toEqual(outcome(feed.before, page));
    }), { numRuns: 300 });
    fc.assert(fc.property(household, (h) => {
      expect(outcome(home.after, h)).toEqual(outcome(home.before, h));
    }), { numRuns: 1000 });
  });

  it('refuses what the default refuses (a 500, ResponseSerializationError) and writes what it writes, for damaged answers', () => {
    const one = pair(SCHEMAS.product);
    const feed = pair(SCHEMAS.feed);
    const home = pair(SCHEMAS.household);
    fc.assert(fc.property(damaged(product), (p) => {
      expect(outcome(one.after, p)).toEqual(outcome(one.before, p));
      expect(outcome(feed.after, { items: [p], nextCursor: null })).toEqual(outcome(feed.before, { items: [p], nextCursor: null }));
    }), { numRuns: 3000 });
    fc.assert(fc.property(damaged(household), (h) => {
      expect(outcome(home.after, h)).toEqual(outcome(home.before, h));
    }), { numRuns: 1000 });
  });

  it('keeps what JSON.stringify does with lone surrogates, NUL, control characters and emoji', () => {
    const one = pair(SCHEMAS.product);
    const p = {
      id: '523bafeb-5fdd-4b9c-a701-298947ca8837', householdId: 'ee6cacb1-db83-4f69-8641-5f1b15bc9afd',
      householdName: 'Домаћинство "Ђурић" \\ 😀👩‍👩‍👧', name: 'lone \uD800 high, lone \uDFFF low, pair \uD83D\uDE00', description: 'NUL \0 BEL \x07 ESC \x1B DEL \x7F LS \u2028 tab\tnl\n',
      price: 1.5, unit: 'kg', image: null, thumbnail: '\uDBFF', category: 'honey', availability: true, featured: false, promoted: false,
      stock: -0, quantityStep: 0.5, availableFrom: null, rating: 4.67, reviewCount: 3, createdAt: '2026-11-24T21:36:22.328Z',
      pricing: 'weight', pieceWeight: 1.2,
      ingredients: 'мед \u2028 \uD800', allergens: ['орашасти "плодови"'], storage: null, depositPercent: 30, preorderLimit: null,
    };
    const json = one.after(p);
    expect(json).toBe(one.before(p));
    expect(json).toContain('lone \\ud800 high, lone \\udfff low, pair 😀');
    expect(json).toContain('"thumbnail":"\\udbff"');
    expect(json).toContain('NUL \\u0000 BEL \\u0007 ESC \\u001b DEL \x7F LS \u2028 tab\\tnl\\n');
    expect(json).toContain('"stock":0,');
  });

  it('leaves error answers to the default serializer', () => {
    const error = answersOf(endpoints.products.get)[404];
    const before = compile(serializerCompiler as Compiler, error, '404');
    const after = compile(fastSerializerCompiler, error, '404');
    const body = { error: 'Product not found', code: 'not_found' };
    expect(after(body)).toBe(before(body));
  });
});

describe('largeAnswerSerializerCompiler', () => {
  const schema = answersOf(endpoints.producer.importPayments)[200];
  const before = compile(serializerCompiler as Compiler, schema);
  const after = compile(largeAnswerSerializerCompiler, schema);
  const echo = { row: fc.integer({ min: 1, max: 200_000 }), date: text, amount: fc.option(fc.double({ noNaN: true, min: 0, max: 1e9 })), payer: text, reference: text };
  const matched = fc.record({ ...echo, orderId: fc.uuid(), number: fc.integer({ min: 1, max: 1e7 }), deposit: fc.option(fc.constant(true as const), { nil: undefined }) });
  const unmatched = fc.record({
    ...echo, reason: fc.constantFrom('no_order', 'amount', 'already_paid', 'not_yours'),
    problem: fc.option(fc.constantFrom('reference_missing', 'reference_unreadable', 'amount_unreadable'), { nil: undefined }),
    orderId: fc.option(fc.uuid(), { nil: undefined }), number: fc.option(fc.integer({ min: 1, max: 1e7 }), { nil: undefined }),
  });
  const answer = fc.record({
    matched: fc.array(matched, { maxLength: 20 }), unmatched: fc.array(unmatched, { maxLength: 20 }),
    columns: fc.record({ date: fc.option(text), amount: text, payer: fc.option(text), reference: text }),
    encoding: fc.constantFrom('utf-8', 'windows-1250'), delimiter: fc.constantFrom(';', ',', '\t'),
  });

  it("writes the statement import's answer as the default serializer does, and refuses what it refuses", () => {
    expect(compileFast(schema)).not.toBeNull();
    fc.assert(fc.property(answer, (a) => { expect(outcome(after, a)).toEqual(outcome(before, a)); }), { numRuns: 500 });
    fc.assert(fc.property(damaged(answer), (a) => { expect(outcome(after, a)).toEqual(outcome(before, a)); }), { numRuns: 500 });
  });
});
