import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Category, Unit } from '#shared/constants.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';
import type { Db } from '../../db/client.ts';
import { productColumns as readModelColumns, type ProductReadRow } from '../../db/read-models.ts';
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

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Search rank tiers, name matches first: 0 = the name starts with the phrase, 1 = the name
 * contains it, 2 = only household or category words match. The name tiers test
 * productNameKeySql (indexed), so a tier without any name match is found empty at once.
 */
function searchTier(rank: number, phrase: string, name: AnyPgColumn | SQL = products.name): SQL {
  const nameKey = productNameKeySql(name);
  const starts = sql`${nameKey} LIKE ${`${likeEscape(phrase)}%`}`;
  const contains = sql`${nameKey} LIKE ${`%${likeEscape(phrase)}%`}`;
  if (rank === 0) return starts;
  if (rank === 1) return sql`(${contains} AND NOT ${starts})`;
  return sql`NOT ${contains}`;
}

type RawProductRow = {
  id: string; household_id: string; household_name: string; name: string; description: string; price_para: number;
  unit: Unit; image: string | null; thumbnail: string | null; category: Category; availability: boolean; featured: boolean;
  promoted: boolean; stock: number | null; rating: number; review_count: number; created_at: Date | string; time_key: string;
};

function fromRaw(r: RawProductRow): ProductRow {
  return {
    id: r.id, householdId: r.household_id, householdName: r.household_name, name: r.name, description: r.description,
    pricePara: Number(r.price_para), unit: r.unit, image: r.image, thumbnail: r.thumbnail, category: r.category,
    availability: r.availability, featured: r.featured, promoted: r.promoted, stock: r.stock, rating: Number(r.rating),
    reviewCount: r.review_count, createdAt: new Date(r.created_at), timeKey: r.time_key,
  };
}

export function createCatalogRepository(db: Db) {
  return {
    /**
     * Newest first, keyset on (created_at, id). With search words the results come in rank
     * tiers (searchTier), each newest first, filled tier by tier. A tier is read first from a
     * bounded walk of the newest rows (cheap when the words are common: "med" matches ~17% of
     * products) and only when that window holds too few matches from the trigram indexes
     * (cheap when they are rare). One statement ordered by a computed rank would fetch and sort
     * every match instead: ~50 ms for "med" over 100,000 products (bench/search.ts).
     */
    async list({ filters, limit, after }: ProductsPage): Promise<Array<ProductRow & { rank: number }>> {
      const base: SQL[] = [isNull(products.archivedAt)];
      if (!filters.includeUnavailable) base.push(eq(products.availability, true));
      if (filters.category) base.push(eq(products.category, filters.category));
      if (filters.householdId) base.push(eq(products.householdId, filters.householdId));
      if (filters.featured !== undefined) base.push(eq(products.featured, filters.featured));
      if (filters.promoted !== undefined) base.push(eq(products.promoted, filters.promoted));
      const keyset = (a: { timeKey: string; id: string }) =>
        sql`(${products.createdAt}, ${products.id}) < (${a.timeKey}::timestamptz, ${a.id}::uuid)`;
      const page = (conditions: SQL[], n: number) => db.select(productColumns).from(products)
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(...conditions))
        .orderBy(sql`${products.createdAt} DESC NULLS LAST`, sql`${products.id} DESC NULLS LAST`)
        .limit(n);

      if (!filters.words.length) {
        const rows = await page(after ? [...base, keyset(after)] : base, limit);
        return rows.map((row) => ({ ...row, rank: 0 }));
      }
      const words = filters.words.map((word) => sql`${products.searchKey} LIKE ${`%${likeEscape(word)}%`}`);
      const phrase = filters.words.join(' ');
      const out: Array<ProductRow & { rank: number }> = [];
      for (let rank = after?.rank ?? 0; rank <= 2 && out.length < limit; rank++) {
        const scope = after && rank === after.rank ? [...base, keyset(after)] : base;
        const want = limit - out.length;
        // The newest SEARCH_WINDOW rows in scope (an index walk: the LIMIT keeps the planner
        // from flattening it), filtered: exact whenever it finds `want` rows of the tier.
        const windowed = await db.execute<RawProductRow>(sql`
          SELECT w.id, w.household_id, h.name AS household_name, w.name, w.description, w.price_para, w.unit, w.image,
            w.thumbnail, w.category, w.availability, w.featured, w.promoted, w.stock, w.rating, w.review_count, w.created_at,
            to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time_key
          FROM (SELECT * FROM ${products} WHERE ${and(...scope)}
                ORDER BY ${products.createdAt} DESC NULLS LAST, ${products.id} DESC NULLS LAST LIMIT ${SEARCH_WINDOW}) w
          JOIN ${households} h ON h.id = w.household_id
          WHERE ${and(...filters.words.map((word) => sql`w.search_key LIKE ${`%${likeEscape(word)}%`}`), searchTier(rank, phrase, sql.raw('w.name')))}
          ORDER BY w.created_at DESC NULLS LAST, w.id DESC NULLS LAST
          LIMIT ${want}`);
        let rows = windowed.rows.map(fromRaw);
        if (rows.length < want) rows = await page([...scope, ...words, searchTier(rank, phrase)], want);
        out.push(...rows.map((row) => ({ ...row, rank })));
      }
      return out;
    },

    /** A product by id unless archived (unavailable ones are still viewable). */
    async findById(id: string): Promise<ProductRow | null> {
      const rows = await db.select(productColumns).from(products)
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
