import type { Endpoint } from '#shared/api/endpoint.ts';
import { endpoints } from '#shared/api/endpoints.ts';
import { searchKey } from '#shared/search-key.ts';
import type { CachedRoute } from './public-cache.ts';

/**
 * The public reads kept in memory (plugins/public-cache.ts): every endpoint of the registry
 * (src/shared/api/endpoints.ts) that declares `publicCache`, with its topics and callers.
 *
 * A key is made from the request exactly as the endpoint's own zod schemas parse it (after
 * Fastify's query-string parsing), with the parsed values in a fixed order: `?limit=24`,
 * `?LIMIT`-free reorderings, `%6D%65%64` for `med`, `q=MED` and the default limit all share one
 * entry. A request the schema refuses gets no key, so Fastify answers it (the same 400 as
 * without the cache) and nothing is stored.
 *
 * TO CACHE A ROUTE: declare `publicCache: { topics, callers }` on its endpoint; when its answer
 * depends on less (or more) than its parsed params and query, add a key rule to KEY_RULES.
 * TO MAKE A NEW TABLE OR COLUMN INVALIDATE: a statement trigger in your migration naming the
 * topics of the answers it shows up in (see migration 0004 and docs/performance.md, "Public
 * cache"); a new topic also goes into CACHE_TOPICS in src/shared/api/endpoint.ts.
 */

type Parsed = Record<string, unknown>;
/** What the answer depends on, from the parsed query; undefined: not cacheable for this caller. */
type KeyRule = (query: Parsed, signedIn: boolean) => Parsed | undefined;

const KEY_RULES = new Map<Endpoint, KeyRule>([
  // The feed, search, categories and a household's products (catalog.service listProducts).
  [endpoints.products.list, ({ includeUnavailable, q, ...rest }, signedIn) => {
    // includeUnavailable shows a producer's own unpublished products: a signed-in caller's
    // answer may then be theirs alone. Without a caller the service ignores it.
    if (includeUnavailable && signedIn) return undefined;
    // The service reads q only through its search words.
    const words = typeof q === 'string' ? searchKey(q).split(' ').filter(Boolean).join(' ') : '';
    return { ...rest, q: words || undefined };
  }],
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parsed values in a fixed order, undefined ones left out. */
function canonical(values: Parsed): string {
  return JSON.stringify(Object.keys(values).sort().filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}

function parse(schema: Endpoint['query'], input: Parsed): Parsed | undefined {
  if (!schema) return {};
  const parsed = schema.safeParse(input);
  return parsed.success ? (parsed.data as Parsed) : undefined;
}

/** The cached route of one endpoint: its key is its parsed params and query. */
export function cachedRoute(endpoint: Endpoint): CachedRoute {
  const rule = endpoint.publicCache;
  if (!rule) throw new Error(`${endpoint.path} declares no publicCache`);
  if (endpoint.method !== 'GET' || (endpoint.access !== 'anyone' && endpoint.access !== 'anyone-personalised')) {
    throw new Error(`${endpoint.method} ${endpoint.path}: only public GETs can be cached`);
  }
  const refine = KEY_RULES.get(endpoint) ?? ((query: Parsed) => query);
  return {
    path: endpoint.path,
    topics: rule.topics,
    callers: rule.callers,
    key({ params, query, signedIn }) {
      const parsedParams = parse(endpoint.params, params);
      const parsedQuery = parse(endpoint.query, query);
      if (!parsedParams || !parsedQuery) return undefined;
      const refined = refine(parsedQuery, signedIn);
      if (!refined) return undefined;
      // PostgreSQL reads a uuid in either case; the answer carries the stored (lower-case) id.
      const ids = Object.fromEntries(Object.entries(parsedParams).map(([k, v]) => [`:${k}`, typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : v]));
      return canonical({ ...ids, ...refined });
    },
  };
}

export const PUBLIC_CACHE_ROUTES: readonly CachedRoute[] = Object.values(endpoints)
  .flatMap((group) => Object.values(group) as Endpoint[])
  .filter((endpoint) => endpoint.publicCache)
  .map(cachedRoute);
