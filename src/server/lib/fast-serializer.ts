import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/**
 * A response serializer compiler for the hottest public reads (the product list, one product,
 * one household: the public cache's misses). The app's default, fastify-type-provider-zod's,
 * runs `z.safeEncode` on the answer and `JSON.stringify`s the copy it returns; for a page of
 * products that was CPU and three copies of every row for the garbage collector
 * (docs/performance.md).
 *
 * Here the same zod schema still checks the answer, with `safeParse` (zod's compiled object
 * parser, faster than its encode), and an answer that does not match still throws the
 * same ResponseSerializationError, i.e. the same 500 (plugins/errors.ts). The checked copy is
 * then written by fast-json-stringify (Fastify's own serializer) compiled once from the zod
 * schema's JSON Schema (`z.toJSONSchema`): keys in the schema's order, strings escaped by
 * `JSON.stringify` whenever they hold a quote, backslash, control character or surrogate, so
 * the bytes are those of `JSON.stringify` of zod's copy (fast-serializer.test.ts beside this
 * file and test/uncached-reads.test.ts compare them on generated and real answers).
 *
 * Only where that is exact: the 200 answer's schema, and only if it has no transform, pipe,
 * default or codec (its JSON Schema is the same read as input and as output; then parse and
 * encode are the same check and give the same copy). Anything else, error answers included,
 * goes to the default compiler.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => checkedSerializer(route, (fast, data) => fast.stringify(data));

/**
 * The same check for a large answer (a statement import's ~120,000 rows), written by
 * `JSON.stringify`: fast-json-stringify builds its string by concatenation, which for an
 * answer of 22 MB took ~100 MB of heap on the way; `JSON.stringify` takes the string's size.
 * The bytes are the same (fast-serializer.test.ts).
 */
export const largeAnswerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => checkedSerializer(route, (_, data) => JSON.stringify(data));

type Fast = NonNullable<ReturnType<typeof compileFast>>;

/** The 200 answer checked by `safeParse` and its copy written by `write`, where that is exact; else the default compiler. */
function checkedSerializer(route: Parameters<FastifySerializerCompiler<unknown>>[0], write: (fast: Fast, data: unknown) => string) {
  const fast = route.httpStatus === '200' ? compileFast(route.schema) : null;
  if (!fast) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const { method, url } = route;
  return (data: unknown) => {
    const checked = fast.schema.safeParse(data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return write(fast, checked.data);
  };
}

/** The schema and its compiled stringifier, or null when the fast path would not be exact. */
export function compileFast(schema: unknown): { schema: z.ZodType; stringify: (data: unknown) => string } | null {
  if (!(schema instanceof z.ZodType)) return null;
  let output: unknown;
  try {
    output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    // As output every object says `additionalProperties: false` (unknown keys are dropped, as
    // fast-json-stringify drops them); anything else there would keep keys it does not write.
    const kept = additionalProperties(output).filter((v) => v !== false);
    if (kept.length) return null;
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
    if (!isDeepStrictEqual(withoutAdditionalProperties(output), withoutAdditionalProperties(input))) return null;
  } catch {
    return null; // not representable as JSON Schema (a transform, a Date, a custom check, …)
  }
  return { schema, stringify: fastJson(output as Parameters<typeof fastJson>[0]) as (data: unknown) => string };
}

function additionalProperties(node: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const item of node) additionalProperties(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'additionalProperties') found.push(value);
      additionalProperties(value, found);
    }
  }
  return found;
}

function withoutAdditionalProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAdditionalProperties);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'additionalProperties').map(([key, value]) => [key, withoutAdditionalProperties(value)]));
}
