import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { productSearchKey } from '#shared/category-search.ts';
import { isMultipleOfStep } from '#shared/quantity.ts';
import { BUSINESS_TIME_ZONE, belgradeToday, dayRange } from '#shared/time.ts';
import type { updateHouseholdBody } from '#shared/contracts/households.ts';
import type { ProducerOverview } from '#shared/contracts/producer.ts';
import type { createProductBody, updateProductBody } from '#shared/contracts/products.ts';
import { weightPricingIssues } from '#shared/contracts/products.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { searchKey } from '#shared/search-key.ts';
import type { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors.ts';
import type { WaitlistDeps } from '../../domain/waitlist.ts';
import type { ProducerRepository, ProductValues } from './producer.repository.ts';

type CreateProduct = z.output<typeof createProductBody>;
type UpdateProduct = z.output<typeof updateProductBody>;
type UpdateHousehold = z.output<typeof updateHouseholdBody>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const OVERVIEW_DAYS = 30;
export const WEEK_DAYS = 7;

export interface ProducerServiceDeps {
  repository: ProducerRepository;
  clock: () => Date;
  /** Stock raised by an edit is offered to the product's waitlist (src/server/domain/waitlist.ts). */
  waitlist?: WaitlistDeps;
  kick?: () => void;
}

export function createProducerService({ repository, clock, waitlist, kick }: ProducerServiceDeps) {
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
        stock: body.stock,
        quantityStep: body.quantityStep,
        pricing: body.pricing,
        pieceWeight: body.pieceWeight,
        availableFrom: body.availableFrom,
        ingredients: body.ingredients,
        allergens: body.allergens,
        storage: body.storage,
        depositPercent: body.depositPercent,
        preorderLimit: body.preorderLimit,
        image: image?.url ?? null,
        thumbnail: image ? (image.thumbnailUrl ?? image.url) : null,
        searchKey: productSearchKey(body.name, household.name, body.category, household.location),
      });
    },

    async updateProduct(userId: string, productId: string, body: UpdateProduct) {
      const current = await ownProduct(productId, userId);
      const step = body.quantityStep ?? current.quantityStep;
      const stock = body.stock === undefined ? current.stock : body.stock;
      if ((body.stock !== undefined || body.quantityStep !== undefined) && stock !== null && !isMultipleOfStep(stock, step)) {
        throw validationFailed([{ field: 'stock', message: 'Stock must be a multiple of the quantity step' }]);
      }
      // Sold by weight or by the unit: the product as it will be must hold together.
      if (body.pricing !== undefined || body.unit !== undefined || body.pieceWeight !== undefined) {
        const pricing = body.pricing ?? current.pricing;
        // Back to the unit, a piece weight not named in the same PATCH is dropped.
        const pieceWeight = body.pieceWeight !== undefined ? body.pieceWeight : (pricing === 'unit' ? null : current.pieceWeight);
        const issues = weightPricingIssues({ pricing, unit: body.unit ?? current.unit, pieceWeight });
        if (issues.length > 0) throw validationFailed(issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
        body = { ...body, pieceWeight };
      }
      // A cap below what buyers have already pre-ordered would break promises made: refused.
      if (body.preorderLimit !== undefined && body.preorderLimit !== null) {
        const ordered = await repository.preorderedQuantity(productId);
        if (body.preorderLimit < ordered) {
          throw new AppError(409, 'product.preorder_limit_below_ordered', `${ordered} are already pre-ordered; the limit cannot be lower`,
            [{ field: 'preorderLimit', message: `${ordered} are already pre-ordered; the limit cannot be lower` }]);
        }
      }
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
        values.searchKey = productSearchKey(body.name ?? current.name, household.name, body.category ?? current.category, household.location);
      }
      const now = clock();
      const updated = await repository.updateProduct(productId, values, now);
      if (!updated) throw notFound('Product');
      // Stock came back by an edit: the buyers waiting are offered it in join order.
      if (waitlist && body.stock !== undefined && body.stock !== null && (current.stock === null || body.stock > current.stock)) {
        if ((await repository.offerWaitlist(productId, now, waitlist)) > 0) {
          kick?.();
          return (await repository.productById(productId)) ?? updated;
        }
      }
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
      const { avatarId, pickupPoints, delivery, minimumOrder, payment, legal, ...fields } = body;
      const values: Parameters<ProducerRepository['updateHousehold']>[1] = { ...fields };
      if (pickupPoints !== undefined) {
        const known = new Set(household.pickupPoints.map((p) => p.id));
        const sent = new Set<string>();
        pickupPoints.forEach((p, i) => {
          if (p.id !== undefined && (!known.has(p.id) || sent.has(p.id))) {
            throw validationFailed([{ field: `pickupPoints.${i}.id`, message: 'Not one of this household\'s pickup points (new points have no id)' }]);
          }
          if (p.id) sent.add(p.id);
        });
        values.pickupPoints = pickupPoints.map((p) => ({
          id: p.id ?? randomUUID(), name: p.name, address: p.address, note: p.note ?? null,
          hours: [...p.hours].sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens)),
        }));
      }
      if (delivery !== undefined) {
        const current = household.delivery;
        const d = {
          enabled: delivery.enabled ?? current.enabled,
          areas: delivery.areas ?? current.areas,
          feePara: delivery.fee === undefined ? current.feePara : rsdToPara(delivery.fee),
          freeFromPara: delivery.freeFrom === undefined ? current.freeFromPara : delivery.freeFrom === null ? null : rsdToPara(delivery.freeFrom),
          leadDays: delivery.leadDays ?? current.leadDays,
          weekdays: delivery.weekdays ?? current.weekdays,
        };
        if (d.enabled && d.areas.length === 0) throw validationFailed([{ field: 'delivery.areas', message: 'Name at least one town you deliver to' }]);
        if (d.enabled && d.weekdays.length === 0) throw validationFailed([{ field: 'delivery.weekdays', message: 'Choose at least one delivery day' }]);
        values.delivery = { ...d, areas: [...new Set(d.areas)], weekdays: [...new Set(d.weekdays)].sort((a, b) => a - b) };
      }
      if (minimumOrder !== undefined) values.minimumOrderPara = rsdToPara(minimumOrder);
      if (payment !== undefined) {
        values.paymentCash = payment.cash ?? household.paymentCash;
        values.ipsAccount = payment.ipsAccount === undefined ? household.ipsAccount : payment.ipsAccount;
        values.ipsPayeeName = payment.ipsPayeeName === undefined ? household.ipsPayeeName : payment.ipsPayeeName;
        if (!values.paymentCash && values.ipsAccount === null) {
          throw validationFailed([{ field: 'payment.cash', message: 'Accept cash or give an account for IPS payments' }]);
        }
      }
      if (legal !== undefined) {
        const current = household.legal;
        const next = {
          form: legal.form ?? current.form,
          holdingNumber: legal.holdingNumber === undefined ? current.holdingNumber : legal.holdingNumber,
          pib: legal.pib === undefined ? current.pib : legal.pib,
          registrations: legal.registrations ?? current.registrations,
        };
        // An operator checked the papers as they were: any change of them needs a new check
        // (docs/papers-and-labels.md). Sending the same papers again keeps the check.
        if (!isDeepStrictEqual(next, { form: current.form, holdingNumber: current.holdingNumber, pib: current.pib, registrations: current.registrations })) {
          values.legal = next;
          values.legalVerifiedAt = null;
        }
      }
      if (avatarId === null) values.avatar = null;
      else if (avatarId !== undefined) {
        const image = await ownImage(avatarId, userId, 'avatarId');
        values.avatar = image.thumbnailUrl ?? image.url;
      }
      const name = fields.name ?? household.name;
      if (fields.name !== undefined || fields.location !== undefined) values.searchKey = searchKey(name, fields.location ?? household.location);
      const location = fields.location ?? household.location;
      const keyChanged = name !== household.name || location !== household.location;
      await repository.updateHousehold(householdId, values, clock(),
        keyChanged ? (p) => productSearchKey(p.name, name, p.category, location) : null);
      return (await repository.householdDto(householdId, userId, clock()))!;
    },

    async overview(userId: string): Promise<ProducerOverview> {
      const now = clock();
      const days = dayRange(belgradeToday(now), OVERVIEW_DAYS);
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
