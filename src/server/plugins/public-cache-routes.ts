import { cursorQuery, idParams } from '#shared/contracts/common.ts';
import { productsQuery } from '#shared/contracts/products.ts';
import { searchKey } from '#shared/search-key.ts';
import type { CachedRoute } from './public-cache.ts';

/**
 * The public reads kept in memory (plugins/public-cache.ts) and what each depends on.
 *
 * A key is made from the request exactly as the route's own zod schemas parse it (after
 * Fastify's query-string parsing), with the parsed values in a fixed order: `?limit=24`,
 * `?LIMIT`-free reorderings, `%6D%65%64` for `med`, `q=MED` and the default limit all share one
 * entry. A request the schema refuses gets no key, so Fastify answers it (the same 400 as
 * without the cache) and nothing is stored.
 *
 * TO ADD A ROUTE: give its path, a key built from its own schemas, its topics and whether the
 * answer depends on the caller. TO MAKE A NEW TABLE OR COLUMN INVALIDATE: a statement trigger
 * in your migration naming the topics of the answers it shows up in (see migration 0004 and
 * docs/performance.md, "Public cache"); a new topic also goes into TOPICS in public-cache.ts.
 */

/** Parsed values in a fixed order, undefined ones left out. */
function canonical(values: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(values).sort().filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}

function idKey({ params }: { params: Record<string, string> }): string | undefined {
  const parsed = idParams.safeParse(params);
  // PostgreSQL reads a uuid in either case; the answer carries the stored (lower-case) id.
  return parsed.success ? parsed.data.id.toLowerCase() : undefined;
}

export const PUBLIC_CACHE_ROUTES: readonly CachedRoute[] = [
  {
    // The feed, search, categories and a household's products (catalog.service listProducts).
    path: '/api/products',
    topics: ['products'],
    callers: 'verified',
    key({ query, signedIn }) {
      const parsed = productsQuery.safeParse(query);
      if (!parsed.success) return undefined;
      const { includeUnavailable, q, ...rest } = parsed.data;
      // includeUnavailable shows a producer's own unpublished products: a signed-in caller's
      // answer may then be theirs alone. Without a caller the service ignores it.
      if (includeUnavailable && signedIn) return undefined;
      // The service reads q only through its search words.
      const words = q ? searchKey(q).split(' ').filter(Boolean).join(' ') : '';
      return canonical({ ...rest, q: words || undefined });
    },
  },
  {
    // No caller involved today; 'verified' keeps a bad token's answer the route's own if
    // the route ever reads the caller.
    path: '/api/products/:id',
    topics: ['products'],
    callers: 'verified',
    key: idKey,
  },
  {
    // isFollowing depends on the caller: anonymous answers only.
    path: '/api/households',
    topics: ['households'],
    callers: 'anonymous',
    key({ query }) {
      const parsed = cursorQuery.strict().safeParse(query);
      return parsed.success ? canonical(parsed.data) : undefined;
    },
  },
  {
    path: '/api/households/:id',
    topics: ['households'],
    callers: 'anonymous',
    key: idKey,
  },
];
