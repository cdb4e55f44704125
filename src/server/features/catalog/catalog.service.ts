import { z } from 'zod';
import type { Product, productsQuery, SearchSuggestion } from '#shared/contracts/products.ts';
import { toProductDto } from '../../db/read-models.ts';
import { searchKey } from '#shared/search-key.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeKey } from '../../lib/keyset-cursor.ts';
import { LAST_SEARCH_TIER, type CatalogRepository } from './catalog.repository.ts';

type ParsedProductsQuery = z.output<typeof productsQuery>;

const SUGGESTIONS_MAX = 5;

/** rank, created_at key, id (see CatalogRepository.list). */
const productsCursor = z.tuple([z.number().int().min(0).max(LAST_SEARCH_TIER), timeKey, z.uuid()]);


export function createCatalogService({ catalogRepository }: { catalogRepository: CatalogRepository }) {
  return {
    async listProducts(query: ParsedProductsQuery, viewer: { id: string; userType: string } | null) {
      const words = query.q ? searchKey(query.q).split(' ').filter(Boolean) : [];
      // Unpublished products are shown only to their own producer, asking for its own household.
      const includeUnavailable = Boolean(query.includeUnavailable && viewer?.userType === 'producer'
        && query.householdId === viewer.id);
      const cursor = decodeCursor(query.cursor, productsCursor);
      const rows = await catalogRepository.list({
        filters: { category: query.category, householdId: query.householdId, featured: query.featured, promoted: query.promoted, registered: query.registered, includeUnavailable, words },
        limit: query.limit + 1,
        after: cursor ? { rank: cursor[0], timeKey: cursor[1], id: cursor[2] } : undefined,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > query.limit && last ? encodeCursor([Number(last.rank), last.timeKey, last.id]) : null;
      return { items: page.map(toProductDto), nextCursor };
    },

    /** Spellings close to `q` that exist, best first (trigram word similarity of the search keys). */
    async suggestions(q: string): Promise<{ items: SearchSuggestion[]; nextCursor: null }> {
      const phrase = searchKey(q);
      if (phrase.length < 3) return { items: [], nextCursor: null };
      return { items: await catalogRepository.suggestions(phrase, SUGGESTIONS_MAX), nextCursor: null };
    },

    async getProduct(id: string): Promise<Product> {
      const row = await catalogRepository.findById(id);
      if (!row) throw notFound('Product');
      return toProductDto(row);
    },
  };
}
