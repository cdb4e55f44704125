import { productSearchKey } from '#shared/category-search.ts';
import { BUSINESS_TIME_ZONE } from '#shared/constants.ts';
import type { updateHouseholdBody } from '#shared/contracts/households.ts';
import type { ProducerOverview } from '#shared/contracts/producer.ts';
import type { createProductBody, updateProductBody } from '#shared/contracts/products.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { searchKey } from '#shared/search-key.ts';
import type { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { ProducerRepository, ProductValues } from './producer.repository.ts';

type CreateProduct = z.output<typeof createProductBody>;
type UpdateProduct = z.output<typeof updateProductBody>;
type UpdateHousehold = z.output<typeof updateHouseholdBody>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const OVERVIEW_DAYS = 30;
export const WEEK_DAYS = 7;

/** YYYY-MM-DD of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function dayRange(lastDay: string, count: number): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export interface ProducerServiceDeps {
  repository: ProducerRepository;
  clock: () => Date;
}

export function createProducerService({ repository, clock }: ProducerServiceDeps) {
  /** An image the producer uploaded itself, or a clear refusal. */
  async function ownImage(mediaId: string, userId: string, field: string) {
    const row = await repository.mediaById(mediaId);
    if (!row) throw new AppError(400, 'validation_failed', 'Unknown image', [{ field, message: 'No uploaded image has this id' }]);
    if (row.ownerId !== userId) throw forbidden('You can only use images you uploaded');
    if (row.type !== 'image') throw new AppError(400, 'validation_failed', 'Not an image', [{ field, message: 'This upload is not an image' }]);
    return row;
  }

  async function ownHousehold(userId: string) {
    const household = await repository.householdById(userId);
    if (!household) throw notFound('Household');
    return household;
  }

  /** The live product if it belongs to the user: unknown or archived 404, someone else's 403. */
  async function ownProduct(productId: string, userId: string) {
    const product = await repository.productOwner(productId);
    if (!product) throw notFound('Product');
    if (product.householdId !== userId) throw forbidden('You can only change your own products');
    return product;
  }

  return {
    async createProduct(userId: string, body: CreateProduct) {
      const household = await ownHousehold(userId);
      const image = body.imageId ? await ownImage(body.imageId, userId, 'imageId') : null;
      return repository.insertProduct({
        householdId: userId,
        name: body.name,
        description: body.description,
        pricePara: rsdToPara(body.price),
        unit: body.unit,
        category: body.category,
        availability: body.availability,
        featured: body.featured,
        promoted: body.promoted,
        stock: body.stock,
        image: image?.url ?? null,
        thumbnail: image ? (image.thumbnailUrl ?? image.url) : null,
        searchKey: productSearchKey(body.name, household.name, body.category),
      });
    },

    async updateProduct(userId: string, productId: string, body: UpdateProduct) {
      const current = await ownProduct(productId, userId);
      const { price, imageId, ...rest } = body;
      const values: Partial<ProductValues> = { ...rest };
      if (price !== undefined) values.pricePara = rsdToPara(price);
      if (imageId === null) {
        values.image = null;
        values.thumbnail = null;
      } else if (imageId !== undefined) {
        const image = await ownImage(imageId, userId, 'imageId');
        values.image = image.url;
        values.thumbnail = image.thumbnailUrl ?? image.url;
      }
      if (body.name !== undefined || body.category !== undefined) {
        const household = await ownHousehold(userId);
        values.searchKey = productSearchKey(body.name ?? current.name, household.name, body.category ?? current.category);
      }
      const updated = await repository.updateProduct(productId, values, clock());
      if (!updated) throw notFound('Product');
      return updated;
    },

    async archiveProduct(userId: string, productId: string) {
      await ownProduct(productId, userId);
      if (!(await repository.archiveProduct(productId, clock()))) throw notFound('Product');
    },

    async ownProducts(userId: string, limit: number, cursor?: string) {
      return repository.ownProducts(userId, limit, cursor);
    },

    async updateHousehold(userId: string, householdId: string, body: UpdateHousehold) {
      const household = await repository.householdById(householdId);
      if (!household) throw notFound('Household');
      if (household.id !== userId) throw forbidden('You can only change your own household');
      const { avatarId, ...fields } = body;
      const values: Parameters<ProducerRepository['updateHousehold']>[1] = { ...fields };
      if (avatarId === null) values.avatar = null;
      else if (avatarId !== undefined) {
        const image = await ownImage(avatarId, userId, 'avatarId');
        values.avatar = image.thumbnailUrl ?? image.url;
      }
      const name = fields.name ?? household.name;
      if (fields.name !== undefined || fields.location !== undefined) values.searchKey = searchKey(name, fields.location ?? household.location);
      const nameChanged = fields.name !== undefined && fields.name !== household.name;
      await repository.updateHousehold(householdId, values, clock(),
        nameChanged ? (p) => productSearchKey(p.name, name, p.category) : null);
      return (await repository.householdDto(householdId, userId, clock()))!;
    },

    async overview(userId: string): Promise<ProducerOverview> {
      const now = clock();
      const days = dayRange(localDate(now, BUSINESS_TIME_ZONE), OVERVIEW_DAYS);
      const [ordersWaiting, weekPara, rows] = await Promise.all([
        repository.pendingOrderCount(userId),
        repository.salesSince(userId, new Date(now.getTime() - WEEK_DAYS * DAY_MS), now),
        repository.dailySales(userId, BUSINESS_TIME_ZONE, days[0]!, now),
      ]);
      const byDay = new Map(rows.map((r) => [r.date, r]));
      return {
        ordersWaiting,
        weekSales: paraToRsd(weekPara),
        daily: days.map((date) => {
          const row = byDay.get(date);
          return { date, total: paraToRsd(Number(row?.totalPara ?? 0)), orders: row?.orders ?? 0 };
        }),
      };
    },
  };
}
export type ProducerService = ReturnType<typeof createProducerService>;
