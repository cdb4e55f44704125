import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LIMITS, type DeliveryType, type OrderStatus } from '#shared/constants.ts';
import {
  CHECKOUT_MESSAGES, type CreateOrderInput, type HouseholdCheckout, type Order, type PaymentMethod, type ProducerOrder,
} from '#shared/contracts/orders.ts';
import { ipsPayload, model97Reference } from '#shared/ips.ts';
import { belgradeToday } from '#shared/time.ts';
import { paraToRsd } from '#shared/money.ts';
import { addQuantities, isMultipleOfStep, lineTotalPara } from '#shared/quantity.ts';
import { deliversOn, pickupFits, servedArea, timePassed } from '#shared/slots.ts';
import { qrPngDataUrl, qrSvg } from '../../lib/ips-qr.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import type { Mail } from '../../lib/mailer.ts';
import { enqueueMail, type MailOutbox } from '../../mail/outbox.ts';
import { createIdempotency, type Answer, type KeyRecord } from './idempotency.ts';
import { cancelledByBuyerMail, confirmationMail, newOrderMail, statusChangeMail, type MailOrder } from './orders.mails.ts';
import { type CheckoutHousehold, type CheckoutStore, type FullOrder, type OrderItemRow, type OrdersRepository, type SqlClient } from './orders.repository.ts';

/** The purpose (S tag) of an order's IPS payment. */
export const ipsPurpose = (number: number) => `Porudžbina ${number}`;

/** The NBS IPS QR text of an ips_qr order (amount = its total, reference = its number), else null. */
export function orderIpsPayload(o: Pick<FullOrder, 'paymentMethod' | 'ipsAccount' | 'ipsPayeeName' | 'householdName' | 'totalPara' | 'number'>): string | null {
  if (o.paymentMethod !== 'ips_qr' || !o.ipsAccount) return null;
  return ipsPayload({
    account: o.ipsAccount, payeeName: o.ipsPayeeName ?? o.householdName, amountPara: o.totalPara,
    purpose: ipsPurpose(o.number), reference: String(o.number),
  });
}

export async function toOrder(o: FullOrder): Promise<Order> {
  const payload = orderIpsPayload(o);
  return {
    id: o.id,
    number: o.number,
    checkoutId: o.checkoutId,
    householdId: o.householdId,
    householdName: o.householdName,
    status: o.status,
    deliveryType: o.deliveryType,
    pickupDate: o.pickupDate,
    pickupTime: o.pickupTime,
    deliveryAddress: o.deliveryAddress,
    deliveryArea: o.deliveryArea,
    pickupPoint: o.pickupPointId ? { id: o.pickupPointId, name: o.pickupPointName ?? '', address: o.pickupPointAddress ?? '' } : null,
    contactPhone: o.contactPhone,
    notes: o.notes,
    deliveryFee: paraToRsd(o.deliveryFeePara),
    total: paraToRsd(o.totalPara),
    payment: {
      method: o.paymentMethod,
      status: o.paymentStatus,
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      ips: payload ? { payload, qrSvg: await qrSvg(payload) } : null,
    },
    items: o.items.map((i) => ({
      productId: i.productId,
      name: i.name,
      unit: i.unit,
      unitPrice: paraToRsd(i.unitPricePara),
      quantity: Number(i.quantity),
      lineTotal: paraToRsd(lineTotalPara(i.unitPricePara, Number(i.quantity))),
    })),
    events: o.events.map((e) => ({ status: e.status, createdAt: e.createdAt.toISOString() })),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export async function toProducerOrder(o: FullOrder): Promise<ProducerOrder> {
  return { ...(await toOrder(o)), customerId: o.buyerId, customerName: o.customerName };
}

async function toMailOrder(o: FullOrder): Promise<MailOrder> {
  const payload = orderIpsPayload(o);
  return {
    ...o,
    items: o.items.map((i) => ({ ...i, quantity: Number(i.quantity) })),
    ips: payload && o.ipsAccount ? { account: o.ipsAccount, reference: model97Reference(String(o.number)), qrPng: await qrPngDataUrl(payload) } : null,
  };
}

/** Orders page on (created_at, id), the time to the millisecond as the repository compares it. */
const ordersCursor = z.tuple([z.iso.datetime(), z.uuid()]).transform(([at, id]) => ({ createdAt: new Date(at), id }));

const orderCursorOf = (o: FullOrder): string => encodeCursor([o.createdAt.toISOString(), o.id]);

/** One household's part of a checkout, decided before anything is written. */
interface Plan {
  deliveryType: DeliveryType;
  date: string;
  time: string;
  deliveryAddress: string | null;
  deliveryArea: string | null;
  point: { id: string; name: string; address: string } | null;
  paymentMethod: PaymentMethod;
  /** Whether the household's delivery fee applies (freeFrom aside). */
  chargesFee: boolean;
}

/**
 * Checks one household's entry of the per-household checkout against its settings at `now`
 * : pickup point and hours, delivery towns, days and lead time, payment method.
 */
export function planFor(settings: CheckoutHousehold, h: HouseholdCheckout, index: number, now: Date): Plan {
  const field = (name: string) => `households.${index}.${name}`;
  const paymentOk = h.paymentMethod === 'ips_qr' ? settings.ipsAccount !== null : settings.paymentCash;
  if (!paymentOk) {
    throw conflict('order.payment_unavailable', h.paymentMethod === 'ips_qr' ? 'This household takes no IPS QR payments' : 'This household takes no cash',
      [{ field: field('paymentMethod'), householdId: h.householdId, message: 'This payment method is not offered by the household' }]);
  }
  if (h.deliveryType === 'delivery') {
    const d = settings.delivery;
    const area = servedArea(d, h.deliveryArea);
    const refuse = (message: string, name: string) => conflict('order.delivery_unavailable', message, [{ field: field(name), householdId: h.householdId, message }]);
    if (!d.enabled) throw refuse('This household does not deliver', 'deliveryType');
    if (!area) throw refuse('This household does not deliver to this town', 'deliveryArea');
    if (!deliversOn(d, h.date, now)) throw refuse('This household does not deliver on this day', 'date');
    return {
      deliveryType: 'delivery', date: h.date, time: h.time ?? '', deliveryAddress: h.deliveryAddress ?? null, deliveryArea: area, point: null,
      paymentMethod: h.paymentMethod, chargesFee: true,
    };
  }
  const slotRefused = (message: string, name: string) => conflict('order.slot_unavailable', message, [{ field: field(name), householdId: h.householdId, message }]);
  if (h.time !== undefined && timePassed(h.date, h.time, now)) throw slotRefused('This pickup time has already passed', 'time');
  let point: Plan['point'] = null;
  let time = h.time ?? '';
  if (settings.pickupPoints.length > 0) {
    const stored = settings.pickupPoints.find((p) => p.id === h.pickupPointId);
    if (!stored) throw slotRefused(h.pickupPointId ? 'Not a pickup point of this household' : 'Choose a pickup point', 'pickupPointId');
    const window = pickupFits(stored, h.date, h.time, now);
    if (!window) throw slotRefused('The pickup point is not open then', h.time === undefined ? 'date' : 'time');
    point = { id: stored.id, name: stored.name, address: stored.address };
    time = h.time ?? window.opens;
  } else if (h.pickupPointId) {
    throw slotRefused('Not a pickup point of this household', 'pickupPointId');
  }
  return { deliveryType: 'pickup', date: h.date, time, deliveryAddress: null, deliveryArea: null, point, paymentMethod: h.paymentMethod, chargesFee: false };
}

export interface OrdersServiceDeps {
  db: Db;
  repo: OrdersRepository;
  /** The checkout's plain-SQL statements, on the pool under `db`. */
  checkoutStore: CheckoutStore;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function createOrdersService({ db, repo, checkoutStore: store, clock, outbox }: OrdersServiceDeps) {
  const once = createIdempotency({ store, clock });

  /**
   * Prices, checks and writes the whole basket inside the key's transaction: all orders or
   * none. Every refusal is decided on the locked rows before anything is written (the
   * idempotency contract: no savepoint), then one statement writes orders, lines, events,
   * mails and the key's answer.
   */
  async function placeOrders(client: SqlClient, buyerId: string, body: CreateOrderInput, record: KeyRecord): Promise<Answer & { keyStored: true }> {
    const now = clock();
    const today = belgradeToday(now);
    // The flat body: the same details for every household.
    if (!body.households) {
      if (body.pickupDate! < today) {
        throw validationFailed([{ field: 'pickupDate', message: CHECKOUT_MESSAGES.datePast }], CHECKOUT_MESSAGES.datePast);
      }
      if (timePassed(body.pickupDate!, body.pickupTime!, now)) {
        throw conflict('order.slot_unavailable', 'This pickup time has already passed', [{ field: 'pickupTime', message: 'This pickup time has already passed' }]);
      }
    } else {
      const past = body.households.findIndex((h) => h.date < today);
      if (past >= 0) throw validationFailed([{ field: `households.${past}.date`, message: CHECKOUT_MESSAGES.datePast }], CHECKOUT_MESSAGES.datePast);
    }

    // Lines of the same product are merged; rows are locked in id order (no deadlocks).
    const wanted = new Map<string, number>();
    for (const item of body.items) wanted.set(item.productId, addQuantities(wanted.get(item.productId) ?? 0, item.quantity));
    const tooMany = [...wanted].filter(([, q]) => q > LIMITS.orderQuantityMax);
    if (tooMany.length > 0) {
      throw validationFailed(tooMany.map(([productId]) => ({ field: 'items', productId, message: `Quantity must be at most ${LIMITS.orderQuantityMax}` })));
    }
    const ids = [...wanted.keys()].sort();
    const notes = body.notes ? body.notes : null;

    // The newest version of every row, locked until commit: what is checked here is what is sold.
    const locked = await store.lockProducts(client, ids, buyerId);
    const found = new Map(locked.products.map((p) => [p.id, p]));
    const unavailable = ids.filter((id) => { const p = found.get(id); return !p || p.archived || !p.availability; });
    if (unavailable.length > 0) {
      throw conflict('order.product_unavailable', 'Some products are no longer available',
        unavailable.map((productId) => ({ productId, ...(found.get(productId) ? { name: found.get(productId)!.name } : {}), message: 'Product is not available' })));
    }
    const own = ids.filter((id) => found.get(id)!.householdId === buyerId);
    if (own.length > 0) {
      throw new AppError(403, 'order.own_product', 'You cannot order your own products',
        own.map((productId) => ({ productId, message: 'This is your own product' })));
    }
    const lines = ids.map((id) => ({ product: found.get(id)!, quantity: wanted.get(id)! }));
    const offStep = lines.filter((l) => !isMultipleOfStep(l.quantity, l.product.quantityStep));
    if (offStep.length > 0) {
      throw validationFailed(offStep.map(({ product: p, quantity }) => ({
        field: `items.${body.items.findIndex((i) => i.productId === p.id)}.quantity`, productId: p.id, quantity, quantityStep: p.quantityStep, message: `The quantity of ${p.name} must be a multiple of ${p.quantityStep}`,
      })), 'Quantity is not a multiple of the quantity step');
    }

    const groups = new Map<string, typeof lines>();
    for (const line of lines) groups.set(line.product.householdId, [...(groups.get(line.product.householdId) ?? []), line]);

    // Where, when and how each household's part goes.
    const plans = new Map<string, Plan>();
    if (body.households) {
      const entries = new Map(body.households.map((h, i) => [h.householdId, { h, i }]));
      const missing = [...groups.keys()].filter((id) => !entries.has(id));
      const extra = body.households.map((h, i) => ({ h, i })).filter(({ h }) => !groups.has(h.householdId));
      if (missing.length > 0 || extra.length > 0) {
        throw validationFailed([
          ...missing.map((householdId) => ({ field: 'households', householdId, message: 'Say how this household\'s products are collected or delivered' })),
          ...extra.map(({ h, i }) => ({ field: `households.${i}.householdId`, householdId: h.householdId, message: 'No product of this household is in the basket' })),
        ]);
      }
      for (const [householdId, group] of groups) {
        const { h, i } = entries.get(householdId)!;
        plans.set(householdId, planFor(group[0]!.product.household, h, i, now));
      }
    } else {
      for (const [householdId, group] of groups) {
        const settings = group[0]!.product.household;
        const delivery = body.deliveryType === 'delivery';
        plans.set(householdId, {
          deliveryType: body.deliveryType!, date: body.pickupDate!, time: body.pickupTime!,
          deliveryAddress: delivery ? (body.deliveryAddress ?? null) : null, deliveryArea: null, point: null,
          // Old clients know only cash; a household that takes IPS payments only gets its QR.
          paymentMethod: !settings.paymentCash && settings.ipsAccount ? 'ips_qr' : 'cash',
          chargesFee: delivery && settings.delivery.enabled,
        });
      }
    }

    const early = lines.filter((l) => l.product.availableFrom !== null && plans.get(l.product.householdId)!.date < l.product.availableFrom);
    if (early.length > 0) {
      throw conflict('order.not_yet_available', 'Some products cannot be had before their harvest', early.map(({ product: p }) => ({
        productId: p.id, name: p.name, availableFrom: p.availableFrom, message: `${p.name} is available from ${p.availableFrom}`,
      })));
    }

    const short = lines.filter((l) => l.product.stock !== null && l.product.stock < l.quantity);
    if (short.length > 0) {
      throw conflict('order.out_of_stock', 'Not enough stock for some products', short.map(({ product: p, quantity }) => ({
        productId: p.id,
        name: p.name,
        requested: quantity,
        available: p.stock ?? 0,
        message: `Only ${p.stock ?? 0} left of ${p.name}`,
      })));
    }

    const subtotals = new Map([...groups].map(([id, group]) => [id, group.reduce((sum, l) => sum + lineTotalPara(l.product.pricePara, l.quantity), 0)]));
    const below = [...groups].filter(([id, group]) => subtotals.get(id)! < group[0]!.product.household.minimumOrderPara);
    if (below.length > 0) {
      throw conflict('order.below_minimum', 'Some households have a minimum order', below.map(([householdId, group]) => ({
        householdId,
        minimum: paraToRsd(group[0]!.product.household.minimumOrderPara),
        subtotal: paraToRsd(subtotals.get(householdId)!),
        message: `The minimum order of ${group[0]!.product.householdName} is ${paraToRsd(group[0]!.product.household.minimumOrderPara)} RSD`,
      })));
    }

    // Only limited stock changes; a product with unlimited stock keeps its row (and the public
    // caches) untouched, its row lock alone orders this checkout against edits of it.
    const limited = lines.filter((l) => l.product.stock !== null).map((l) => ({ id: l.product.id, quantity: l.quantity }));
    if (limited.length > 0) await store.takeStock(client, limited, now);

    const buyer = lines[0]!.product.buyer;
    const checkoutId = randomUUID();
    const result: FullOrder[] = [];
    let n = 0;
    for (const [householdId, group] of groups) {
      const id = randomUUID();
      const number = locked.numbers[n++];
      if (number === undefined) throw new Error('no order number left for a household');
      const plan = plans.get(householdId)!;
      const settings = group[0]!.product.household;
      const subtotal = subtotals.get(householdId)!;
      const d = settings.delivery;
      const fee = plan.chargesFee && !(d.freeFromPara !== null && subtotal >= d.freeFromPara) ? d.feePara : 0;
      const items: OrderItemRow[] = group.map(({ product: p, quantity }) => ({
        id: randomUUID(), orderId: id, productId: p.id, name: p.name, unit: p.unit, unitPricePara: p.pricePara, quantity,
      }));
      const ips = plan.paymentMethod === 'ips_qr';
      result.push({
        id, number, checkoutId, buyerId, householdId, status: 'pending', deliveryType: plan.deliveryType,
        pickupDate: plan.date, pickupTime: plan.time, deliveryAddress: plan.deliveryAddress, deliveryArea: plan.deliveryArea,
        pickupPointId: plan.point?.id ?? null, pickupPointName: plan.point?.name ?? null, pickupPointAddress: plan.point?.address ?? null,
        contactPhone: body.contactPhone, notes,
        deliveryFeePara: fee, totalPara: subtotal + fee,
        paymentMethod: plan.paymentMethod, paymentStatus: 'unpaid', paidAt: null,
        ipsAccount: ips ? settings.ipsAccount : null, ipsPayeeName: ips ? (settings.ipsPayeeName ?? group[0]!.product.householdName) : null,
        createdAt: now, updatedAt: now,
        householdName: group[0]!.product.householdName,
        customerName: buyer.name,
        items: items.sort(byName),
        events: [{ status: 'pending', createdAt: now }],
      });
    }

    // Confirmations always go out (not subject to notify_by_email): they are receipts.
    const mailOrders = await Promise.all(result.map(toMailOrder));
    const mails: Mail[] = [confirmationMail(buyer, mailOrders)];
    result.forEach((o, i) => {
      const producer = groups.get(o.householdId)![0]!.product.producer;
      if (producer) mails.push(newOrderMail(producer, mailOrders[i]!));
    });
    const answer = { status: 201, body: { orders: await Promise.all(result.map(toOrder)) } };
    await store.insertCheckout(client, {
      checkoutId, buyerId, contactPhone: body.contactPhone, notes, now,
      orders: result,
      items: result.flatMap((o) => o.items),
      mails,
      key: { ...record, responseStatus: answer.status, responseBody: answer.body },
    });
    return { ...answer, keyStored: true };
  }

  async function loadOne(tx: DbOrTx, id: string): Promise<FullOrder> {
    const { rows } = await repo.listOrders(tx, { id, limit: 1 });
    return rows[0]!;
  }

  /** Stock back for every line of a cancelled order, in product id order like checkout. */
  async function restock(tx: DbOrTx, orderId: string, now: Date) {
    const items = (await repo.itemsOf(tx, [orderId])).sort((a, b) => (a.productId < b.productId ? -1 : 1));
    for (const item of items) await repo.returnStock(tx, item.productId, item.quantity, now);
  }

  /** Events of one order never share a timestamp, so the history reads in order. */
  const eventTime = (now: Date, lastChange: Date) => new Date(Math.max(now.getTime(), lastChange.getTime() + 1));

  return {
    /** POST /api/orders under its Idempotency-Key. */
    async checkout(buyerId: string, key: string, body: CreateOrderInput): Promise<Answer> {
      const answer = await once(buyerId, key, body, (client, record) => placeOrders(client, buyerId, body, record));
      if (!answer.replayed && answer.status === 201) outbox.kick();
      return answer;
    },

    async listForBuyer(buyerId: string, query: { status?: OrderStatus; cursor?: string; limit: number }) {
      const page = await repo.listOrders(db, { buyerId, status: query.status, after: decodeCursor(query.cursor, ordersCursor), limit: query.limit });
      return { items: await Promise.all(page.rows.map(toOrder)), nextCursor: page.hasMore ? orderCursorOf(page.rows.at(-1)!) : null };
    },

    async listForProducer(householdId: string, query: { status?: OrderStatus; cursor?: string; limit: number }) {
      const page = await repo.listOrders(db, { householdId, status: query.status, after: decodeCursor(query.cursor, ordersCursor), limit: query.limit });
      return { items: await Promise.all(page.rows.map(toProducerOrder)), nextCursor: page.hasMore ? orderCursorOf(page.rows.at(-1)!) : null };
    },

    /** Another buyer's order answers 404, as if it did not exist. */
    async getForBuyer(buyerId: string, id: string): Promise<Order> {
      const { rows } = await repo.listOrders(db, { buyerId, id, limit: 1 });
      if (!rows[0]) throw notFound('Order');
      return toOrder(rows[0]);
    },

    /** The buyer cancels while the order is pending; the stock comes back in the same transaction. */
    async cancelByBuyer(buyerId: string, id: string): Promise<Order> {
      const order = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { buyerId });
        if (!row) throw notFound('Order');
        if (row.status !== 'pending') throw conflict('order.not_cancellable', 'Only pending orders can be cancelled');
        const at = eventTime(now, row.updatedAt);
        await repo.setStatus(tx, id, 'cancelled', at);
        await restock(tx, id, at);
        await repo.insertEvent(tx, { orderId: id, status: 'cancelled', actorId: buyerId, createdAt: at });
        const full = await loadOne(tx, id);
        const [producer] = await repo.findRecipients(tx, [row.householdId]);
        if (producer?.notifyByEmail) await enqueueMail(tx, [cancelledByBuyerMail(producer, await toMailOrder(full))]);
        return full;
      });
      outbox.kick();
      return toOrder(order);
    },

    /**
     * The producer sets any of the statuses (in any order: docs/product.md, Orders);
     * cancelled is terminal and returns the stock; a completed order cannot be cancelled.
     */
    async setStatusByProducer(householdId: string, id: string, status: OrderStatus): Promise<ProducerOrder> {
      const { order, changed } = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { householdId });
        if (!row) throw notFound('Order');
        if (row.status === status) return { order: await loadOne(tx, id), changed: false };
        if (row.status === 'cancelled') throw conflict('order.status_final', 'A cancelled order cannot change');
        if (status === 'cancelled' && row.status === 'completed') throw conflict('order.not_cancellable', 'A completed order cannot be cancelled');
        const at = eventTime(now, row.updatedAt);
        await repo.setStatus(tx, id, status, at);
        if (status === 'cancelled') await restock(tx, id, at);
        await repo.insertEvent(tx, { orderId: id, status, actorId: householdId, createdAt: at });
        const full = await loadOne(tx, id);
        const [buyer] = await repo.findRecipients(tx, [row.buyerId]);
        if (buyer?.notifyByEmail) await enqueueMail(tx, [statusChangeMail(buyer, await toMailOrder(full))]);
        return { order: full, changed: true };
      });
      if (changed) outbox.kick();
      return toProducerOrder(order);
    },

    /** PATCH /api/producer/orders/:id: status and/or payment received, by the owning producer. */
    async updateByProducer(householdId: string, id: string, body: { status?: OrderStatus; paymentStatus?: 'paid' | 'unpaid' }): Promise<ProducerOrder> {
      if (body.paymentStatus !== undefined) {
        await db.transaction(async (tx) => {
          const row = await repo.lockOrder(tx, id, { householdId });
          if (!row) throw notFound('Order');
          if ((row.paymentStatus === 'paid') !== (body.paymentStatus === 'paid')) {
            await repo.setPayment(tx, id, body.paymentStatus === 'paid', eventTime(clock(), row.updatedAt));
          }
        });
      }
      if (body.status !== undefined) return this.setStatusByProducer(householdId, id, body.status);
      const { rows } = await repo.listOrders(db, { householdId, id, limit: 1 });
      if (!rows[0]) throw notFound('Order');
      return toProducerOrder(rows[0]);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
