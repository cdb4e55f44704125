import { randomUUID } from 'node:crypto';
import { BUSINESS_TIME_ZONE, LIMITS, type OrderStatus } from '#shared/constants.ts';
import { CHECKOUT_MESSAGES, type CreateOrderInput, type Order, type ProducerOrder } from '#shared/contracts/orders.ts';
import { paraToRsd } from '#shared/money.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mailer.ts';
import { enqueueMail, type MailOutbox } from '../../lib/outbox.ts';
import { createIdempotency, type Answer, type KeyRecord } from './idempotency.ts';
import { cancelledByBuyerMail, confirmationMail, newOrderMail, statusChangeMail, type MailOrder } from './orders.mails.ts';
import { type CheckoutStore, type FullOrder, type OrderItemRow, type OrdersRepository, type SqlClient } from './orders.repository.ts';

// Building an Intl formatter costs far more than using one, and using one with a time zone
// still costs: one formatter per zone, and the last answer per zone kept for its second
// (time zone offsets are whole seconds, so a day never changes within one). en-CA writes
// dates as YYYY-MM-DD.
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; day: string }>();

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const second = Math.floor(at.getTime() / 1000);
  let cached = dayFormats.get(timeZone);
  if (!cached) {
    cached = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), second: NaN, day: '' };
    dayFormats.set(timeZone, cached);
  }
  if (cached.second !== second) {
    cached.day = cached.format.format(at);
    cached.second = second;
  }
  return cached.day;
}

export function toOrder(o: FullOrder): Order {
  return {
    id: o.id,
    checkoutId: o.checkoutId,
    householdId: o.householdId,
    householdName: o.householdName,
    status: o.status,
    deliveryType: o.deliveryType,
    pickupDate: o.pickupDate,
    pickupTime: o.pickupTime,
    deliveryAddress: o.deliveryAddress,
    contactPhone: o.contactPhone,
    notes: o.notes,
    total: paraToRsd(o.totalPara),
    items: o.items.map((i) => ({
      productId: i.productId,
      name: i.name,
      unit: i.unit,
      unitPrice: paraToRsd(i.unitPricePara),
      quantity: i.quantity,
      lineTotal: paraToRsd(i.unitPricePara * i.quantity),
    })),
    events: o.events.map((e) => ({ status: e.status, createdAt: e.createdAt.toISOString() })),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toProducerOrder(o: FullOrder): ProducerOrder {
  return { ...toOrder(o), customerId: o.buyerId, customerName: o.customerName };
}

const toMailOrder = (o: FullOrder): MailOrder => ({ ...o, items: o.items });

function encodeCursor(o: FullOrder): string {
  return Buffer.from(JSON.stringify([o.createdAt.toISOString(), o.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw validationFailed([{ field: 'cursor', message: 'Invalid cursor' }]);
  }
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
    if (body.pickupDate < dayIn(now)) {
      throw validationFailed([{ field: 'pickupDate', message: CHECKOUT_MESSAGES.datePast }], CHECKOUT_MESSAGES.datePast);
    }

    // Lines of the same product are merged; rows are locked in id order (no deadlocks).
    const wanted = new Map<string, number>();
    for (const item of body.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
    const tooMany = [...wanted].filter(([, q]) => q > LIMITS.orderQuantityMax);
    if (tooMany.length > 0) {
      throw validationFailed(tooMany.map(([productId]) => ({ field: 'items', productId, message: `Quantity must be at most ${LIMITS.orderQuantityMax}` })));
    }
    const ids = [...wanted.keys()].sort();

    const deliveryAddress = body.deliveryType === 'delivery' ? (body.deliveryAddress ?? null) : null;
    const notes = body.notes ? body.notes : null;

    // The newest version of every row, locked until commit: what is checked here is what is sold.
    const found = new Map((await store.lockProducts(client, ids, buyerId)).map((p) => [p.id, p]));
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

    // Only limited stock changes; a product with unlimited stock keeps its row (and the public
    // caches) untouched, its row lock alone orders this checkout against edits of it.
    const limited = lines.filter((l) => l.product.stock !== null).map((l) => ({ id: l.product.id, quantity: l.quantity }));
    if (limited.length > 0) await store.takeStock(client, limited, now);

    const households = new Map<string, typeof lines>();
    for (const line of lines) households.set(line.product.householdId, [...(households.get(line.product.householdId) ?? []), line]);

    const buyer = lines[0]!.product.buyer;
    const checkoutId = randomUUID();
    const result: FullOrder[] = [];
    for (const [householdId, group] of households) {
      const id = randomUUID();
      const items: OrderItemRow[] = group.map(({ product: p, quantity }) => ({
        id: randomUUID(), orderId: id, productId: p.id, name: p.name, unit: p.unit, unitPricePara: p.pricePara, quantity,
      }));
      result.push({
        id, checkoutId, buyerId, householdId, status: 'pending', deliveryType: body.deliveryType,
        pickupDate: body.pickupDate, pickupTime: body.pickupTime, deliveryAddress, contactPhone: body.contactPhone, notes,
        totalPara: group.reduce((sum, l) => sum + l.product.pricePara * l.quantity, 0), createdAt: now, updatedAt: now,
        householdName: group[0]!.product.householdName,
        customerName: buyer.name,
        items: items.sort(byName),
        events: [{ status: 'pending', createdAt: now }],
      });
    }

    // Confirmations always go out (not subject to notify_by_email): they are receipts.
    const mails: Mail[] = [confirmationMail(buyer, result.map(toMailOrder))];
    for (const o of result) {
      const producer = households.get(o.householdId)![0]!.product.producer;
      if (producer) mails.push(newOrderMail(producer, toMailOrder(o)));
    }
    const answer = { status: 201, body: { orders: result.map(toOrder) } };
    await store.insertCheckout(client, {
      checkoutId, buyerId, deliveryType: body.deliveryType, pickupDate: body.pickupDate, pickupTime: body.pickupTime,
      deliveryAddress, contactPhone: body.contactPhone, notes, now,
      orders: result.map((o) => ({ id: o.id, householdId: o.householdId, totalPara: o.totalPara })),
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
      const page = await repo.listOrders(db, { buyerId, status: query.status, after: decodeCursor(query.cursor), limit: query.limit });
      return { items: page.rows.map(toOrder), nextCursor: page.hasMore ? encodeCursor(page.rows.at(-1)!) : null };
    },

    async listForProducer(householdId: string, query: { status?: OrderStatus; cursor?: string; limit: number }) {
      const page = await repo.listOrders(db, { householdId, status: query.status, after: decodeCursor(query.cursor), limit: query.limit });
      return { items: page.rows.map(toProducerOrder), nextCursor: page.hasMore ? encodeCursor(page.rows.at(-1)!) : null };
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
        if (producer?.notifyByEmail) await enqueueMail(tx, [cancelledByBuyerMail(producer, toMailOrder(full))]);
        return full;
      });
      outbox.kick();
      return toOrder(order);
    },

    /**
     * The producer sets any of the spec's statuses (no ordering, as the spec allows);
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
        if (buyer?.notifyByEmail) await enqueueMail(tx, [statusChangeMail(buyer, toMailOrder(full))]);
        return { order: full, changed: true };
      });
      if (changed) outbox.kick();
      return toProducerOrder(order);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
