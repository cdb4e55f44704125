import { and, eq, fillPlaceholders, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { LIMITS, type Category, type Unit } from '#shared/constants.ts';
import type { SearchSuggestion } from '#shared/contracts/products.ts';
import type { Pricing } from '#shared/weight-price.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';
import { belgradeDateSql, belgradeMidnightSql } from '../../db/sql-time.ts';
import type { Db } from '../../db/client.ts';
import { isPublicHousehold, productColumns as readModelColumns, productIsPublicSql, productOfJoinedHouseholdIsPublicSql, promotedNowSql, type ProductReadRow } from '../../db/read-models.ts';
import { households, productNameKeySql, products } from '../../db/schema.ts';

/** The UTC created_at with microseconds: the keyset cursor's time part. */
const timeKey = timeKeySql(products.createdAt);

const productColumns = { ...readModelColumns, timeKey };

export type ProductRow = ProductReadRow & { timeKey: string };

export interface ProductFilters {
  category?: Category;
  householdId?: string;
  featured?: boolean;
  promoted?: boolean;
  /** true: only households with at least one registration; false: only those without. */
  registered?: boolean;
  includeUnavailable: boolean;
  /** Search words (already search keys); every one must occur in products.search_key. */
  words: string[];
}

export interface ProductsPage {
  filters: ProductFilters;
  limit: number;
  after?: { rank: number; timeKey: string; id: string };
}

// ORDER BY says NULLS LAST (the columns are NOT NULL anyway) to match the feed indexes, which
// drizzle creates as DESC NULLS LAST; plain DESC (= NULLS FIRST) would sort every row instead.

/** How many of the newest rows a search tier reads before it asks the trigram indexes. */
const SEARCH_WINDOW = 2000;

/** How close a word must be to count as a nearby spelling (pg_trgm word similarity, 0..1). */
const SUGGESTION_SIMILARITY = 0.4;

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The last search rank tier (see searchTier). */
export const LAST_SEARCH_TIER = 3;

/** The phrase as a PostgreSQL regular expression (search keys hold letters, digits and spaces, but be safe). */
function regexEscape(value: string): string {
  return value.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);
}

/**
 * Search rank tiers, name matches first: 0 = the phrase is a whole word of the name ("sir" in
 * "Sjenički sir"), 1 = a word of the name starts with it ("Sirup"), 2 = the name contains it
 * inside a word, 3 = only household, town or category words match. The name tiers test
 * productNameKeySql (trigram-indexed), so a tier without any name match is found empty at once.
 */
function searchTier(rank: number, phrase: string, name: AnyPgColumn | SQL = products.name): SQL {
  const nameKey = productNameKeySql(name);
  const word = sql`${nameKey} ~ ${`\\m${regexEscape(phrase)}\\M`}`;
  const wordStart = sql`${nameKey} ~ ${`\\m${regexEscape(phrase)}`}`;
  const contains = sql`${nameKey} LIKE ${`%${likeEscape(phrase)}%`}`;
  if (rank === 0) return sql`(${contains} AND ${word})`;
  if (rank === 1) return sql`(${contains} AND ${wordStart} AND NOT ${word})`;
  if (rank === 2) return sql`(${contains} AND NOT ${wordStart})`;
  return sql`NOT ${contains}`;
}

/** The name contains the phrase: the name tiers (0 to LAST_SEARCH_TIER - 1) together. */
function nameContainsSql(phrase: string): SQL {
  return sql`${productNameKeySql(products.name)} LIKE ${`%${likeEscape(phrase)}%`}`;
}

/** The name tier (searchTier's 0, 1 or 2) of a product whose name contains the phrase. */
function nameTierSql(phrase: string): SQL<number> {
  const nameKey = productNameKeySql(products.name);
  return sql<number>`(CASE WHEN ${nameKey} ~ ${`\\m${regexEscape(phrase)}\\M`} THEN 0 WHEN ${nameKey} ~ ${`\\m${regexEscape(phrase)}`} THEN 1 ELSE 2 END)`.mapWith(Number);
}

type RawProductRow = {
  id: string; household_id: string; household_name: string; name: string; description: string; price_para: number;
  unit: Unit; image: string | null; thumbnail: string | null; category: Category; availability: boolean; featured: boolean;
  promoted: boolean; stock: number | string | null; quantity_step: number | string; available_from: string | null;
  ingredients: string | null; allergens: string[]; storage: string | null; rating: number; review_count: number; created_at: Date | string; time_key: string;
  pricing: Pricing; piece_weight: number | string | null; deposit_percent: number; preorder_limit: number | null;
};

function fromRaw(r: RawProductRow): ProductRow {
  return {
    id: r.id, householdId: r.household_id, householdName: r.household_name, name: r.name, description: r.description,
    pricePara: Number(r.price_para), unit: r.unit, image: r.image, thumbnail: r.thumbnail, category: r.category,
    availability: r.availability, featured: r.featured, promoted: r.promoted,
    stock: r.stock === null ? null : Number(r.stock), quantityStep: Number(r.quantity_step), availableFrom: r.available_from,
    ingredients: r.ingredients, allergens: r.allergens, storage: r.storage, rating: Number(r.rating),
    reviewCount: r.review_count, createdAt: new Date(r.created_at), timeKey: r.time_key,
    pricing: r.pricing, pieceWeight: r.piece_weight === null ? null : Number(r.piece_weight),
    depositPercent: r.deposit_percent, preorderLimit: r.preorder_limit,
  };
}

/**
 * The page and product-by-id reads (the public cache's misses) are sent with node-postgres
 * directly, rows as arrays, and mapped here instead of by drizzle: drizzle's per-cell mapping
 * and the copies made a page cost 3-4 times the CPU of the same statement's rows read by
 * node-postgres (docs/performance.md, "Uncached reads"; decision 0019). The SQL is still drizzle's (productColumns, built
 * once per statement); fromArray reads its columns in productColumns' order, then timeKey, and
 * does what drizzle's column mappers do: numeric as Number, timestamptz and date as PostgreSQL's
 * text (created_at through `new Date`, as drizzle's timestamp column does).
 */
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE]);
const asText = (value: string) => value;
const rawTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/** fromArray's positions; checked against productColumns' keys when this module loads. */
const PRODUCT_ROW_KEYS = ['id', 'householdId', 'householdName', 'name', 'description', 'pricePara', 'unit', 'image', 'thumbnail', 'category',
  'availability', 'featured', 'promoted', 'stock', 'quantityStep', 'availableFrom', 'ingredients', 'allergens', 'storage', 'rating', 'reviewCount', 'createdAt', 'pricing', 'pieceWeight', 'depositPercent', 'preorderLimit', 'timeKey'];
if (!isDeepStrictEqual(Object.keys(productColumns), PRODUCT_ROW_KEYS)) {
  throw new Error(`catalog.repository: productColumns changed (${Object.keys(productColumns).join(', ')}); update fromArray`);
}

function fromArray(r: unknown[]): ProductRow {
  return {
    id: r[0] as string, householdId: r[1] as string, householdName: r[2] as string, name: r[3] as string, description: r[4] as string,
    pricePara: Number(r[5]), unit: r[6] as Unit, image: r[7] as string | null, thumbnail: r[8] as string | null, category: r[9] as Category,
    availability: r[10] as boolean, featured: r[11] as boolean, promoted: r[12] as boolean,
    stock: r[13] === null ? null : Number(r[13]), quantityStep: Number(r[14]), availableFrom: r[15] as string | null,
    ingredients: r[16] as string | null, allergens: r[17] as string[], storage: r[18] as string | null, rating: Number(r[19]),
    reviewCount: r[20] as number, createdAt: new Date(r[21] as string),
    pricing: r[22] as Pricing, pieceWeight: r[23] === null ? null : Number(r[23]),
    depositPercent: r[24] as number, preorderLimit: r[25] as number | null, timeKey: r[26] as string,
  };
}

/** A statement prepared once per connection: drizzle's SQL and parameters, run by node-postgres. */
interface RawStatement { name: string; text: string; params: unknown[] }

/**
 * Page sizes whose statements have the LIMIT written into the SQL (the feed's default and
 * the household page's 100, plus the extra row that tells whether there is a next page):
 * with `LIMIT $n` PostgreSQL's generic plan assumes a tenth of the table is fetched, so it
 * plans every execution anew (a custom plan: CPU on every page, docs/performance.md); with a literal
 * limit it keeps the generic plan. Other sizes keep the placeholder (bounded: one statement
 * per shape, not per size).
 */
const LITERAL_LIMITS = new Set([LIMITS.pageSizeDefault + 1, LIMITS.pageSizeMax + 1]);

/** Which filters a page query has: one prepared statement per shape (at most 432), times the literal limits. */
interface PageShape {
  category: boolean; householdId: boolean; featured: boolean; promoted: boolean | undefined; registered: boolean | undefined;
  includeUnavailable: boolean; after: boolean;
}

/** A value written into the SQL, or a prepared statement's placeholder for it. */
type Value<T> = T | Placeholder;

/** Rows after a keyset cursor (newest first). */
const keysetAfter = (a: { timeKey: Value<string>; id: Value<string> }) =>
  sql`(${products.createdAt}, ${products.id}) < (${a.timeKey}::timestamptz, ${a.id}::uuid)`;

/** The conditions of a page of products: public, not archived, and the filters that are given. */
/** The product's household has at least one registration (registarski or veterinarski kontrolni broj). */
const householdIsRegistered = sql`EXISTS (SELECT 1 FROM households reg_h WHERE reg_h.id = ${products.householdId}
  AND jsonb_array_length(reg_h.legal -> 'registrations') > 0)`;

function pageConditions(f: {
  includeUnavailable: boolean; promoted?: boolean | undefined; registered?: boolean | undefined;
  category?: Value<Category>; householdId?: Value<string>; featured?: Value<boolean>; after?: { timeKey: Value<string>; id: Value<string> };
  /** The query joins `households` (newestFirst): the public rule reads that row instead of looking it up again. */
  householdJoined?: boolean;
  /**
   * Only the product's own columns (the search window): the household's part of the public
   * rule and `registered` are the caller's, tested on the household it joins afterwards.
   */
  ownColumnsOnly?: boolean;
}): SQL[] {
  const conditions: SQL[] = [isNull(products.archivedAt),
    f.ownColumnsOnly ? isNull(products.hiddenAt) : f.householdJoined ? productOfJoinedHouseholdIsPublicSql() : productIsPublicSql()];
  // Written, not a parameter: a prepared statement's generic plan can then use the partial
  // indexes (`WHERE archived_at IS NULL AND availability`), so PostgreSQL keeps that plan.
  if (!f.includeUnavailable) conditions.push(sql`${products.availability}`);
  if (f.category !== undefined) conditions.push(eq(products.category, f.category));
  if (f.householdId !== undefined) conditions.push(eq(products.householdId, f.householdId));
  if (f.featured !== undefined) conditions.push(eq(products.featured, f.featured));
  if (f.promoted !== undefined) conditions.push(f.promoted ? promotedNowSql() : sql`NOT ${promotedNowSql()}`);
  if (f.registered !== undefined && !f.ownColumnsOnly) conditions.push(f.registered ? householdIsRegistered : sql`NOT ${householdIsRegistered}`);
  if (f.after) conditions.push(keysetAfter(f.after));
  return conditions;
}

/** `pool` is the one `db` runs on: the page and product-by-id reads use it directly (fromArray). */
export function createCatalogRepository(db: Db, pool: pg.Pool) {
  const ph = sql.placeholder;
  /**
   * Pages without search words, as prepared statements (one per shape of the filters): the SQL
   * is built once and PostgreSQL parses it once per connection instead of on every request.
   */
  const pages = new Map<string, RawStatement>();
  /** Products matching `conditions`, newest first (the feed indexes' order). */
  const newestFirst = (conditions: SQL[]) => db.select(productColumns).from(products)
    .innerJoin(households, eq(households.id, products.householdId))
    .where(and(...conditions))
    .orderBy(sql`${products.createdAt} DESC NULLS LAST`, sql`${products.id} DESC NULLS LAST`);
  function preparePage(shape: PageShape, limit: number | undefined, name: string): RawStatement {
    const query = newestFirst(pageConditions({
      householdJoined: true, includeUnavailable: shape.includeUnavailable, promoted: shape.promoted, registered: shape.registered,
      category: shape.category ? ph('category') : undefined,
      householdId: shape.householdId ? ph('householdId') : undefined,
      featured: shape.featured ? ph('featured') : undefined,
      after: shape.after ? { timeKey: ph('afterTime'), id: ph('afterId') } : undefined,
    }));
    if (limit === undefined) return statement(query.limit(ph('limit')), name);
    const { sql: text, params } = query.toSQL();
    if (!Number.isSafeInteger(limit)) throw new Error(`not a page size: ${limit}`);
    return { name, text: `${text} limit ${limit}`, params };
  }
  function pageStatement(shape: PageShape, limit: number): RawStatement {
    const literal = LITERAL_LIMITS.has(limit) ? limit : undefined;
    const key = [shape.category, shape.householdId, shape.featured, shape.promoted, shape.registered, shape.includeUnavailable, shape.after].map((v) => (v === undefined ? 'u' : v ? '1' : '0')).join('')
      + (literal === undefined ? '' : `_l${literal}`);
    let found = pages.get(key);
    if (!found) pages.set(key, found = preparePage(shape, literal, `catalog_page_${key}`));
    return found;
  }
  function statement(query: { toSQL: () => { sql: string; params: unknown[] } }, name: string): RawStatement {
    const { sql: text, params } = query.toSQL();
    return { name, text, params };
  }
  async function run(s: RawStatement, values: Record<string, unknown>): Promise<ProductRow[]> {
    const result = await pool.query<unknown[]>({ name: s.name, text: s.text, values: fillPlaceholders(s.params, values), rowMode: 'array', types: rawTypes });
    if (result.fields.length !== PRODUCT_ROW_KEYS.length) throw new Error(`${s.name}: ${result.fields.length} columns, expected ${PRODUCT_ROW_KEYS.join(', ')}`);
    return result.rows.map(fromArray);
  }
  const byId = statement(db.select(productColumns).from(products)
    .innerJoin(households, eq(households.id, products.householdId))
    .where(and(eq(products.id, ph('id')), isNull(products.archivedAt), productOfJoinedHouseholdIsPublicSql()))
    .limit(1), 'catalog_product_by_id');

  return {
    /**
     * Newest first, keyset on (created_at, id). With search words the results come in rank
     * tiers (searchTier), each newest first, filled tier by tier. A tier is read first from a
     * bounded walk of the newest rows (cheap when the words are common, as "med" is) and only when that window holds too few matches from the trigram indexes
     * (cheap when they are rare). One statement ordered by a computed rank would fetch and sort
     * every match instead: slow for a common word over a large catalogue (bench/search.ts,
     * figures in docs/performance.md).
     */
    async list({ filters, limit, after }: ProductsPage): Promise<Array<ProductRow & { rank: number }>> {
      if (!filters.words.length) {
        const page = pageStatement({
          category: filters.category !== undefined, householdId: filters.householdId !== undefined, featured: filters.featured !== undefined,
          promoted: filters.promoted, registered: filters.registered, includeUnavailable: filters.includeUnavailable, after: after !== undefined,
        }, limit);
        const rows = await run(page, {
          limit, category: filters.category, householdId: filters.householdId, featured: filters.featured, afterTime: after?.timeKey, afterId: after?.id,
        });
        for (const row of rows) (row as ProductRow & { rank: number }).rank = 0;
        return rows as Array<ProductRow & { rank: number }>;
      }
      const base = pageConditions(filters);
      const own = pageConditions({ ...filters, ownColumnsOnly: true });
      // The household's part of `base`, on the household joined as h (see ownColumnsOnly).
      const householdIsRegisteredH = sql.raw(`jsonb_array_length(h.legal -> 'registrations') > 0`);
      const householdOk = [productOfJoinedHouseholdIsPublicSql('w', 'h'),
        ...(filters.registered === undefined ? [] : [filters.registered ? householdIsRegisteredH : sql`NOT ${householdIsRegisteredH}`])];
      const words = filters.words.map((word) => sql`${products.searchKey} LIKE ${`%${likeEscape(word)}%`}`);
      const phrase = filters.words.join(' ');
      const out: Array<ProductRow & { rank: number }> = [];
      for (let rank = after?.rank ?? 0; rank <= LAST_SEARCH_TIER && out.length < limit; rank++) {
        const resumed = after !== undefined && rank === after.rank;
        const want = limit - out.length;
        // The newest SEARCH_WINDOW products by their own columns (a walk of a feed index: the
        // household's rule is tested after the LIMIT, on the 2,000 rows, so the planner cannot
        // trade the walk for a hash join of every product with every household), then
        // filtered: the window is the newest part of a superset of the matches, so whenever
        // it holds `want` rows of the tier they are exactly the newest `want` of the tier.
        const windowed = await db.execute<RawProductRow>(sql`
          SELECT w.id, w.household_id, h.name AS household_name, w.name, w.description, w.price_para, w.unit, w.image,
            w.thumbnail, w.category, w.availability, w.featured, ${promotedNowSql('w')} AS promoted, w.stock, w.quantity_step, to_char(w.available_from, 'YYYY-MM-DD') AS available_from, w.ingredients, w.allergens, w.storage, w.rating, w.review_count, w.created_at, w.pricing, w.piece_weight, w.deposit_percent, w.preorder_limit,
            to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time_key
          FROM (SELECT * FROM ${products} WHERE ${and(...own, ...(resumed ? [keysetAfter(after)] : []))}
                ORDER BY ${products.createdAt} DESC NULLS LAST, ${products.id} DESC NULLS LAST LIMIT ${SEARCH_WINDOW}) w
          JOIN ${households} h ON h.id = w.household_id
          WHERE ${and(...householdOk, ...filters.words.map((word) => sql`w.search_key LIKE ${`%${likeEscape(word)}%`}`), searchTier(rank, phrase, sql.raw('w.name')))}
          ORDER BY w.created_at DESC NULLS LAST, w.id DESC NULLS LAST
          LIMIT ${want}`);
        const rows = windowed.rows.map(fromRaw);
        if (rows.length >= want) { out.push(...rows.map((row) => ({ ...row, rank }))); break; }
        if (rank < LAST_SEARCH_TIER) {
          // Too few in the window: this name tier and the following ones in ONE read of the
          // products whose name contains the phrase (the name's trigram index), each with its
          // tier, in tier order then newest first. Either it fills the page or the name tiers
          // are exhausted and only the last tier is left.
          const tier = nameTierSql(phrase);
          const found = await db.select({ ...productColumns, tier }).from(products)
            .innerJoin(households, eq(households.id, products.householdId))
            .where(and(...base, ...words, nameContainsSql(phrase),
              resumed ? sql`(${tier} > ${rank} OR (${tier} = ${rank} AND ${keysetAfter(after)}))` : sql`${tier} >= ${rank}`))
            .orderBy(tier, sql`${products.createdAt} DESC NULLS LAST`, sql`${products.id} DESC NULLS LAST`)
            .limit(want);
          out.push(...found.map(({ tier: r, ...row }) => ({ ...row, rank: r })));
          rank = LAST_SEARCH_TIER - 1;
          continue;
        }
        const scope = resumed ? [...base, keysetAfter(after)] : base;
        const last = await newestFirst([...scope, ...words, searchTier(rank, phrase)]).limit(want);
        out.push(...last.map((row) => ({ ...row, rank })));
      }
      return out;
    },

    /**
     * Product names, household names and towns whose search key has a word close to `phrase`
     * (pg_trgm word similarity at least SUGGESTION_SIMILARITY), best first, without repeats.
     * The products' side is served by the name's trigram index (the `<%` operator).
     */
    async suggestions(phrase: string, limit: number): Promise<SearchSuggestion[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(SUGGESTION_SIMILARITY)}, true)`);
        const nameKey = productNameKeySql(sql.raw('p.name'));
        const { rows } = await tx.execute<SearchSuggestion>(sql`
          SELECT text, kind FROM (SELECT DISTINCT ON (lower(text)) text, kind, score FROM (
            (SELECT p.name AS text, 'product' AS kind, word_similarity(${phrase}, ${nameKey}) AS score
             FROM ${products} p
             WHERE ${phrase} <% ${nameKey} AND ${productIsPublicSql('p')} AND p.availability
             ORDER BY score DESC LIMIT ${limit * 4})
            UNION ALL
            SELECT h.name, 'household', word_similarity(${phrase}, ${productNameKeySql(sql.raw('h.name'))}) FROM ${households} h
            WHERE ${phrase} <% ${productNameKeySql(sql.raw('h.name'))} AND ${isPublicHousehold('h.id')}
            UNION ALL
            SELECT h.location, 'town', word_similarity(${phrase}, ${productNameKeySql(sql.raw('h.location'))}) FROM ${households} h
            WHERE btrim(h.location) <> '' AND ${phrase} <% ${productNameKeySql(sql.raw('h.location'))} AND ${isPublicHousehold('h.id')}
          ) found
          ORDER BY lower(text), score DESC) best
          ORDER BY score DESC, lower(text) LIMIT ${limit}`);
        return rows.map(({ text, kind }) => ({ text, kind }));
      });
    },

    /**
     * When the earliest running promotion with an end day ends (the midnight after that day,
     * Europe/Belgrade), or null: product answers' `promoted` changes then without a write.
     */
    async nextPromotionEnd(now: Date): Promise<Date | null> {
      const { rows } = await db.execute<{ at: Date | string | null }>(sql`
        SELECT ${belgradeMidnightSql(sql`min(promoted_until) + 1`)} AS at FROM ${products}
        WHERE promoted AND promoted_until IS NOT NULL
          AND promoted_until >= ${belgradeDateSql(sql`${now.toISOString()}::timestamptz`)}`);
      const at = rows[0]?.at;
      return at ? new Date(at) : null;
    },

    /** A product by id unless archived or its household is not public (unavailable ones are still viewable). */
    async findById(id: string): Promise<ProductRow | null> {
      const rows = await run(byId, { id });
      return rows[0] ?? null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
