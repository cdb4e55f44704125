import type { Category, Unit } from '../src/shared/constants.ts';
import { productSearchKey } from '../src/shared/category-search.ts';
import { households, products } from '../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import type { TestApp } from './app.ts';

export interface ProductFixture {
  name?: string;
  category?: Category;
  unit?: Unit;
  priceRsd?: number;
  availability?: boolean;
  featured?: boolean;
  promoted?: boolean;
  stock?: number | null;
  archived?: boolean;
  description?: string;
  image?: string | null;
  createdAt?: Date;
}

/** A product of `householdId` written straight to the database, with its search key. */
export async function createProduct(t: TestApp, householdId: string, opts: ProductFixture = {}): Promise<string> {
  const db = t.database.db;
  const [household] = await db.select({ name: households.name, location: households.location }).from(households).where(eq(households.id, householdId));
  if (!household) throw new Error(`no household ${householdId}`);
  const name = opts.name ?? 'Домаћи производ';
  const category = opts.category ?? 'other';
  const [row] = await db.insert(products).values({
    householdId,
    name,
    description: opts.description ?? 'Опис производа.',
    pricePara: Math.round((opts.priceRsd ?? 500) * 100),
    unit: opts.unit ?? 'kg',
    category,
    image: opts.image === undefined ? '/media/test.webp' : opts.image,
    availability: opts.availability ?? true,
    featured: opts.featured ?? false,
    promoted: opts.promoted ?? false,
    stock: opts.stock ?? null,
    archivedAt: opts.archived ? new Date() : null,
    searchKey: productSearchKey(name, household.name, category, household.location),
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  }).returning({ id: products.id });
  return row!.id;
}
