import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OrderStatus } from '#shared/constants.ts';
import { checkRequest, mergeItems, planCheckout, type CheckoutProblem, type PlanDrop, type PlanHousehold } from '#shared/checkout-plan.ts';
import type { CreateOrderInput, Order, OrderWeightsBody, ProducerOrder } from '#shared/contracts/orders.ts';
import {
  depositDueAt, depositModel97Reference, depositPara, depositPercentOf, depositReference, isPreorder, remainderPara, type DepositStatus,
} from '#shared/deposit.ts';
import { ipsPayload, model97Reference } from '#shared/ips.ts';
import { paraToRsd } from '#shared/money.ts';
import { isEstimateLine, linePricePara, needsConsent } from '#shared/weight-price.ts';
import { qrPngDataUrl, qrSvg } from '../../lib/ips-qr.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.ts';
import { createNotification } from '../../domain/notifications.ts';
import { offerReturnedStock, releaseHoldsForCheckout, type WaitlistDeps } from '../../domain/waitlist.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import type { Mail } from '../../lib/mailer.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { createIdempotency, type Answer } from './idempotency.ts';
import { toOrderLineDto } from '../../db/read-models.ts';
import { cancelledByBuyerMail, confirmationMail, newOrderMail, statusChangeMail, weighedMail, type MailOrder } from './orders.mails.ts';
import {
  orderDropOf, type CheckoutDrop, type CheckoutStore, type CheckoutWrite, type FullOrder, type LockedProduct, type OrderItemRow, type OrdersRepository,
  type SqlClient,
} from './orders.repository.ts';

/** The purpose (S tag) of an order's IPS payment. */
export const ipsPurpose = (number: number) => `Porudžbina ${number}`;

/** True while a line sold by weight waits for its weight: the total is an estimate. */
export const isEstimateOrder = (o: Pick<FullOrder, 'items'>): boolean => o.items.some(isEstimateLine);

/** The lines' prices (weighed or estimated) plus the delivery fee, in para. */
const totalOf = (items: OrderItemRow[], deliveryFeePara: number): number =>
  items.reduce((sum, i) => sum + linePricePara(i), deliveryFeePara);

/**
 * True once the total is what the buyer pays: not waiting for the buyer's consent and no line
 * sold by weight still unweighed (docs/weight-pricing.md).
 */
export const totalIsFinal = (o: Pick<FullOrder, 'status' | 'items'>): boolean => o.status !== 'awaiting_buyer' && !isEstimateOrder(o);

/** Events of one order never share a timestamp, so the history reads in order. */
export const eventTime = (now: Date, lastChange: Date): Date => new Date(Math.max(now.getTime(), lastChange.getTime() + 1));

/** One order with its lines, events and names (the caller knows it exists). */
export async function loadOne(repo: Pick<OrdersRepository, 'listOrders'>, tx: DbOrTx, id: string): Promise<FullOrder> {
  const { rows } = await repo.listOrders(tx, { id, limit: 1 });
  return rows[0]!;
}

type DepositColumns = Pick<FullOrder, 'depositPercent' | 'depositPara' | 'depositStatus'>;

/** The order's deposit (src/shared/deposit.ts), or null. */
export function depositOf(o: DepositColumns): { percent: number; para: number; status: DepositStatus } | null {
  return o.depositStatus === null ? null : { percent: o.depositPercent ?? 0, para: o.depositPara ?? 0, status: o.depositStatus };
}

/** What the buyer pays for the order itself: the total less a paid deposit. */
export const amountDuePara = (o: Pick<FullOrder, 'totalPara'> & DepositColumns): number => remainderPara(o.totalPara, depositOf(o));

/**
 * The NBS IPS QR text of an ips_qr order (amount = what is due: its total less a paid deposit,
 * reference = its number), else null. An order sold by weight gets none while its total is an
 * estimate or waits for the buyer's consent: the QR carries only a final amount
 * (docs/weight-pricing.md); a pre-order none while its deposit is due (that QR comes first).
 */
export function orderIpsPayload(o: Pick<FullOrder, 'paymentMethod' | 'ipsAccount' | 'ipsPayeeName' | 'householdName' | 'totalPara' | 'number' | 'items' | 'status'> & DepositColumns): string | null {
  if (o.paymentMethod !== 'ips_qr' || !o.ipsAccount) return null;
  if (!totalIsFinal(o) || o.status === 'awaiting_deposit') return null;
  return ipsPayload({
    account: o.ipsAccount, payeeName: o.ipsPayeeName ?? o.householdName, amountPara: amountDuePara(o),
    purpose: ipsPurpose(o.number), reference: String(o.number),
  });
}

/** The IPS QR of a pre-order's deposit: its amount, RO = the order's reference with `-1`; null without an account. */
export function depositIps(o: Pick<FullOrder, 'ipsAccount' | 'ipsPayeeName' | 'householdName' | 'number'> & DepositColumns): { payload: string; reference: string } | null {
  const deposit = depositOf(o);
  if (!deposit || !o.ipsAccount) return null;
  return {
    payload: ipsPayload({
      account: o.ipsAccount, payeeName: o.ipsPayeeName ?? o.householdName, amountPara: deposit.para,
      purpose: ipsPurpose(o.number), reference: depositReference(o.number),
    }),
    reference: depositModel97Reference(o.number),
  };
}

export async function toOrder(o: FullOrder): Promise<Order> {
  const payload = orderIpsPayload(o);
  const dep = depositIps(o);
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
    drop: o.drop,
    contactPhone: o.contactPhone,
    notes: o.notes,
    deliveryFee: paraToRsd(o.deliveryFeePara),
    total: paraToRsd(o.totalPara),
    estimate: isEstimateOrder(o),
    estimateTotal: o.estimateTotalPara === null ? null : paraToRsd(o.estimateTotalPara),
    payment: {
      method: o.paymentMethod,
      status: o.paymentStatus,
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      reportedAt: o.paymentReportedAt ? o.paymentReportedAt.toISOString() : null,
      ips: payload ? { payload, qrSvg: await qrSvg(payload) } : null,
    },
    deposit: o.depositStatus === null ? null : {
      percent: o.depositPercent ?? 0, amount: paraToRsd(o.depositPara ?? 0), status: o.depositStatus,
      ips: dep ? { ...dep, qrSvg: await qrSvg(dep.payload) } : null,
    },
    items: o.items.map(toOrderLineDto),
    events: o.events.map((e) => ({ status: e.status, createdAt: e.createdAt.toISOString() })),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export async function toProducerOrder(o: FullOrder): Promise<ProducerOrder> {
  return { ...(await toOrder(o)), customerId: o.buyerId, customerName: o.customerName };
}

export async function toMailOrder(o: FullOrder): Promise<MailOrder> {
  const deposit = depositOf(o);
  // While the deposit is due, the mail's QR is the deposit's.
  const dep = o.status === 'awaiting_deposit' && deposit?.status === 'due' ? depositIps(o) : null;
  const payload = orderIpsPayload(o);
  const ips = dep && o.ipsAccount
    ? { account: o.ipsAccount, amountPara: deposit!.para, reference: dep.reference, qrPng: await qrPngDataUrl(dep.payload) }
    : payload && o.ipsAccount
      ? { account: o.ipsAccount, amountPara: amountDuePara(o), reference: model97Reference(String(o.number)), qrPng: await qrPngDataUrl(payload) }
      : null;
  return { ...o, items: o.items, estimate: isEstimateOrder(o), ips, deposit };
}

/** Orders page on (created_at, id), the time to the millisecond as the repository compares it. */
const ordersCursor = z.tuple([z.iso.datetime(), z.uuid()]).transform(([at, id]) => ({ createdAt: new Date(at), id }));

const orderCursorOf = (o: FullOrder): string => encodeCursor([o.createdAt.toISOString(), o.id]);

/** A refusal of the checkout plan as the error the API answers. */
const problemError = (p: CheckoutProblem) => new AppError(p.status, p.code, p.message, p.details);

/** A locked product's household in the plan's terms, with the drops of the request it is a member of. */
function planHousehold(p: LockedProduct, drops: readonly CheckoutDrop[]): PlanHousehold {
  const h = p.household;
  return {
    id: p.householdId, name: p.householdName, pickupPoints: h.pickupPoints, delivery: h.delivery, minimumOrderPara: h.minimumOrderPara,
    payment: { cash: h.paymentCash, ipsAccount: h.ipsAccount },
    drops: drops.filter((d) => d.members.includes(p.householdId)).map((d): PlanDrop => ({
      id: d.id, date: d.date, opens: d.opens, closes: d.closes, orderBy: d.orderBy, cancelled: d.cancelled,
    })),
  };
}

/** The drops a checkout body names (per household, or the flat body's one). */
function dropIdsOf(body: CreateOrderInput): string[] {
  const ids = body.households ? body.households.map((h) => h.dropId) : [body.dropId];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
}

export interface OrdersServiceDeps {
  db: Db;
  repo: OrdersRepository;
  /** The checkout's plain-SQL statements, on the pool under `db`. */
  checkoutStore: CheckoutStore;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
  /** Stock returned by a cancellation is offered to the waitlist (src/server/domain/waitlist.ts), whichever path cancels. */
  waitlist: WaitlistDeps;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function createOrdersService({ db, repo, checkoutStore: store, clock, outbox, waitlist }: OrdersServiceDeps) {
  const once = createIdempotency({ store, clock });

  /**
   * Prices and checks the whole basket inside the key's transaction, by the checkout plan
   * (src/shared/checkout-plan.ts) on the product rows locked here: all orders or none.
   * Every refusal comes before anything is written (no savepoint); the orders, lines, events
   * and mails go back as the `write` the key is stored with.
   */
  async function placeOrders(client: SqlClient, buyerId: string, body: CreateOrderInput, now: Date): Promise<Answer & { write: CheckoutWrite }> {
    const early = checkRequest(body, now);
    if (early) throw problemError(early);

    // Lines of the same product are merged; rows are locked in id order (no deadlocks).
    const wanted = mergeItems(body.items);
    const ids = [...wanted.keys()].sort();
    const notes = body.notes ? body.notes : null;

    // The newest version of every row, locked until commit: what is checked here is what is sold.
    const locked = await store.lockProducts(client, ids, buyerId);
    // The buyer's waitlist holds go back into the stock this checkout buys from (rolled back with it).
    const held = await releaseHoldsForCheckout(client, buyerId, ids, now);
    for (const p of locked.products) if (p.stock !== null && held.has(p.id)) p.stock = Math.round((p.stock + held.get(p.id)!) * 1000) / 1000;
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

    const lines = ids.map((id) => ({ product: found.get(id)!, quantity: wanted.get(id)!, itemIndex: body.items.findIndex((i) => i.productId === id) }));
    await checkPreorderLimits(client, lines, now);
    // The drops named, share-locked until commit (cancel, change and leave wait for this checkout).
    const drops = await store.lockDrops(client, dropIdsOf(body));
    const households = new Map(locked.products.map((p) => [p.householdId, planHousehold(p, drops)]));
    const plan = planCheckout({ lines, households, choices: body.households, body, now });
    if (!plan.ok) throw problemError(plan.problem);

    // Only limited stock changes; a product with unlimited stock keeps its row (and the public
    // caches) untouched, its row lock alone orders this checkout against edits of it.
    const limited = lines.filter((l) => l.product.stock !== null).map((l) => ({ id: l.product.id, quantity: l.quantity }));
    if (limited.length > 0) await store.takeStock(client, limited, now);

    const buyer = lines[0]!.product.buyer;
    const checkoutId = randomUUID();
    const result: FullOrder[] = plan.parts.map((part, n) => {
      const id = randomUUID();
      const number = locked.numbers[n];
      if (number === undefined) throw new Error('no order number left for a household');
      const { fulfilment: f } = part;
      const first = part.lines[0]!.product;
      const settings = first.household;
      const items: OrderItemRow[] = part.lines.map(({ product: p, quantity }) => ({
        id: randomUUID(), orderId: id, productId: p.id, name: p.name, unit: p.unit, unitPricePara: p.pricePara, quantity,
        pricing: p.pricing, pieceWeight: p.pricing === 'weight' ? p.pieceWeight : null, weight: null,
        preorder: isPreorder(p.availableFrom, now),
      }));
      // An order with lines sold by weight keeps its estimated total for the 15 % rule.
      const estimated = items.some((i) => i.pricing === 'weight');
      // A pre-order of a product asking a deposit waits for it (src/shared/deposit.ts).
      const percent = depositPercentOf(part.lines.map((l) => ({ preorder: isPreorder(l.product.availableFrom, now), depositPercent: l.product.depositPercent })));
      const totalPara = part.subtotalPara + part.feePara;
      const status: OrderStatus = percent > 0 ? 'awaiting_deposit' : 'pending';
      // The deposit is paid by IPS whatever pays the rest: the account is copied for it too.
      const ips = f.paymentMethod === 'ips_qr' || percent > 0;
      return {
        id, number, checkoutId, buyerId, householdId: part.household.id, status, deliveryType: f.deliveryType,
        pickupDate: f.date, pickupTime: f.time, deliveryAddress: f.deliveryAddress, deliveryArea: f.deliveryArea,
        pickupPointId: f.point?.id ?? null, pickupPointName: f.point?.name ?? null, pickupPointAddress: f.point?.address ?? null,
        contactPhone: body.contactPhone, notes,
        deliveryFeePara: part.feePara, totalPara,
        paymentMethod: f.paymentMethod, paymentStatus: 'unpaid', paidAt: null, paymentReportedAt: null,
        ipsAccount: ips ? settings.ipsAccount : null, ipsPayeeName: ips ? (settings.ipsPayeeName ?? first.householdName) : null,
        estimateTotalPara: estimated ? part.subtotalPara + part.feePara : null,
        dropId: f.dropId, drop: orderDropOf(drops.find((d) => d.id === f.dropId) ?? null),
        depositPercent: percent > 0 ? percent : null, depositPara: percent > 0 ? depositPara(totalPara, percent) : null,
        depositStatus: percent > 0 ? 'due' : null, depositDueAt: percent > 0 ? depositDueAt(now, settings.depositDays) : null,
        depositReportedAt: null, depositPaidAt: null, depositRefundedAt: null,
        createdAt: now, updatedAt: now,
        householdName: first.householdName,
        customerName: buyer.name,
        items: items.sort(byName),
        events: [{ status, createdAt: now }],
      };
    });

    // Confirmations always go out (not subject to notify_by_email): they are receipts.
    const mailOrders = await Promise.all(result.map(toMailOrder));
    const mails: Mail[] = [confirmationMail(buyer, mailOrders)];
    plan.parts.forEach((part, i) => {
      const producer = part.lines[0]!.product.producer;
      if (producer) mails.push(newOrderMail(producer, mailOrders[i]!));
    });
    return {
      status: 201,
      body: { orders: await Promise.all(result.map(toOrder)) },
      write: { checkoutId, buyerId, contactPhone: body.contactPhone, notes, now, orders: result, items: result.flatMap((o) => o.items), mails },
    };
  }

  /**
   * A pre-ordered line may not take its product past its preorderLimit: what orders not
   * cancelled hold, read after the product's row lock (so every checkout before is counted).
   */
  async function checkPreorderLimits(client: SqlClient, lines: { product: LockedProduct; quantity: number; itemIndex: number }[], now: Date) {
    const capped = lines.filter((l) => l.product.preorderLimit !== null && isPreorder(l.product.availableFrom, now));
    const over: { productId: string; name: string; message: string; field: string }[] = [];
    for (const l of capped) {
      const taken = await store.preorderedQuantity(client, l.product.id);
      const left = Math.max(0, l.product.preorderLimit! - taken);
      if (l.quantity > left) over.push({ productId: l.product.id, name: l.product.name, field: `items.${l.itemIndex}.quantity`, message: `Only ${left} left to pre-order` });
    }
    if (over.length > 0) throw conflict('order.preorder_limit', 'The pre-order limit of some products is reached', over);
  }

  /** Stock back for every line of a cancelled order, in product id order like checkout. */
  async function restock(tx: DbOrTx, orderId: string, now: Date) {
    const items = (await repo.itemsOf(tx, [orderId])).sort((a, b) => (a.productId < b.productId ? -1 : 1));
    for (const item of items) {
      await repo.returnStock(tx, item.productId, item.quantity, now);
      await offerReturnedStock(tx, item.productId, now, waitlist);
    }
  }

  /** The status an order had before it started waiting for the buyer (pending or confirmed). */
  async function statusBeforeConsent(tx: DbOrTx, id: string): Promise<OrderStatus> {
    const events = (await loadOne(repo, tx, id)).events;
    const before = events.filter((e) => e.status !== 'awaiting_buyer').at(-1)?.status;
    return before === 'confirmed' ? 'confirmed' : 'pending';
  }

  return {
    /** POST /api/orders under its Idempotency-Key. */
    async checkout(buyerId: string, key: string, body: CreateOrderInput): Promise<Answer> {
      const answer = await once(buyerId, key, body, (client, now) => placeOrders(client, buyerId, body, now));
      if (!answer.replayed && answer.status === 201) outbox.kick();
      return answer;
    },

    async listForBuyer(buyerId: string, query: { status?: OrderStatus; depositStatus?: DepositStatus; cursor?: string; limit: number }) {
      const page = await repo.listOrders(db, { buyerId, status: query.status, depositStatus: query.depositStatus, after: decodeCursor(query.cursor, ordersCursor), limit: query.limit });
      return { items: await Promise.all(page.rows.map(toOrder)), nextCursor: page.hasMore ? orderCursorOf(page.rows.at(-1)!) : null };
    },

    async listForProducer(householdId: string, query: { status?: OrderStatus; depositStatus?: DepositStatus; cursor?: string; limit: number }) {
      const page = await repo.listOrders(db, { householdId, status: query.status, depositStatus: query.depositStatus, after: decodeCursor(query.cursor, ordersCursor), limit: query.limit });
      return { items: await Promise.all(page.rows.map(toProducerOrder)), nextCursor: page.hasMore ? orderCursorOf(page.rows.at(-1)!) : null };
    },

    /** Another buyer's order answers 404, as if it did not exist. */
    async getForBuyer(buyerId: string, id: string): Promise<Order> {
      const { rows } = await repo.listOrders(db, { buyerId, id, limit: 1 });
      if (!rows[0]) throw notFound('Order');
      return toOrder(rows[0]);
    },

    /**
     * The buyer cancels while the order is pending, or while a weighed total waits for their
     * consent (awaiting_buyer); the stock comes back in the same transaction.
     */
    async cancelByBuyer(buyerId: string, id: string): Promise<Order> {
      const order = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { buyerId });
        if (!row) throw notFound('Order');
        if (row.status !== 'pending' && row.status !== 'awaiting_buyer' && row.status !== 'awaiting_deposit') {
          throw conflict('order.not_cancellable', 'Only pending orders (or orders awaiting your consent or deposit) can be cancelled');
        }
        const at = eventTime(now, row.updatedAt);
        await repo.setStatus(tx, id, 'cancelled', at);
        await restock(tx, id, at);
        await repo.insertEvent(tx, { orderId: id, status: 'cancelled', actorId: buyerId, createdAt: at });
        const full = await loadOne(repo, tx, id);
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
     * `reason` (a decline by SMS, features/sms) is told to the buyer in their mail.
     */
    async setStatusByProducer(householdId: string, id: string, status: OrderStatus, reason?: string): Promise<ProducerOrder> {
      const { order, changed } = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { householdId });
        if (!row) throw notFound('Order');
        if (row.status === status) return { order: await loadOne(repo, tx, id), changed: false };
        if (row.status === 'cancelled') throw conflict('order.status_final', 'A cancelled order cannot change');
        if (status === 'cancelled' && row.status === 'completed') throw conflict('order.not_cancellable', 'A completed order cannot be cancelled');
        // Sold by weight (docs/weight-pricing.md): a weighed total above the 15 % waits for the
        // buyer (only a cancel goes past it), and nothing is ready before every line is weighed.
        if (row.status === 'awaiting_buyer' && status !== 'cancelled') {
          throw conflict('order.awaiting_buyer', 'The buyer has not accepted the weighed total yet');
        }
        if (status === 'ready' || status === 'completed') {
          const unweighed = (await repo.itemsOf(tx, [id])).filter(isEstimateLine);
          if (unweighed.length > 0) {
            throw conflict('order.weights_missing', 'Enter the weight of every line sold by weight first',
              unweighed.map((i) => ({ productId: i.productId, name: i.name, message: `${i.name} is not weighed yet` })));
          }
        }
        // Taking a pre-order on from awaiting its deposit is the producer's word that it is paid.
        let from = row;
        if (row.status === 'awaiting_deposit' && status !== 'cancelled') {
          await repo.markDepositsPaid(tx, [id], householdId, eventTime(now, row.updatedAt));
          from = (await repo.lockOrder(tx, id, { householdId }))!;
          if (from.status === status) return { order: await loadOne(repo, tx, id), changed: true };
        }
        const at = eventTime(now, from.updatedAt);
        await repo.setStatus(tx, id, status, at);
        if (status === 'cancelled') await restock(tx, id, at);
        await repo.insertEvent(tx, { orderId: id, status, actorId: householdId, createdAt: at });
        const full = await loadOne(repo, tx, id);
        const [buyer] = await repo.findRecipients(tx, [row.buyerId]);
        if (buyer?.notifyByEmail) await enqueueMail(tx, [statusChangeMail(buyer, await toMailOrder(full), reason)]);
        return { order: full, changed: true };
      });
      if (changed) outbox.kick();
      return toProducerOrder(order);
    },

    /**
     * PATCH /api/producer/orders/:id/weights: the owning producer enters the weight of lines sold
     * by weight, before the order is ready (again to correct one). Once every such line is
     * weighed the total is final: the buyer is notified and mailed, and a total more than 15 %
     * above the estimate puts the order in awaiting_buyer (src/shared/weight-price.ts).
     */
    async setWeights(householdId: string, id: string, body: OrderWeightsBody): Promise<ProducerOrder> {
      const { order, told } = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { householdId });
        if (!row) throw notFound('Order');
        if (row.status !== 'pending' && row.status !== 'confirmed' && row.status !== 'awaiting_buyer') {
          throw conflict('order.weights_closed', 'Weights can be entered only before the order is ready');
        }
        const items = await repo.itemsOf(tx, [id]);
        const wrong = body.lines.map((l, n) => ({ l, n })).filter(({ l }) => !items.some((i) => i.productId === l.productId && i.pricing === 'weight'));
        if (wrong.length > 0) {
          throw validationFailed(wrong.map(({ n }) => ({ field: `lines.${n}.productId`, message: 'Not a line sold by weight of this order' })));
        }
        const weights = new Map(body.lines.map((l) => [l.productId, l.weight]));
        const weighed = items.map((i) => (weights.has(i.productId) ? { ...i, weight: weights.get(i.productId)! } : i));
        const totalPara = totalOf(weighed, row.deliveryFeePara);
        const at = eventTime(now, row.updatedAt);
        await repo.setWeights(tx, id, body.lines, totalPara, at);
        const final = !weighed.some(isEstimateLine);
        if (!final) return { order: await loadOne(repo, tx, id), told: false };

        const consent = needsConsent(row.estimateTotalPara ?? totalPara, totalPara);
        // Into awaiting_buyer when above the 15 %; back to where it was when a correction brings it under.
        const previous = row.status === 'awaiting_buyer' ? await statusBeforeConsent(tx, id) : row.status;
        const next = consent ? 'awaiting_buyer' : previous;
        if (next !== row.status) {
          await repo.setStatus(tx, id, next, at);
          await repo.insertEvent(tx, { orderId: id, status: next, actorId: householdId, createdAt: at });
        }
        const full = await loadOne(repo, tx, id);
        // One notice per weighing: awaiting_buyer's status notice (migration 0009's trigger) asks
        // for consent; otherwise order_weighed tells the final total.
        if (!consent) {
          await createNotification(tx, {
            userId: row.buyerId, type: 'order_weighed', orderId: id, createdAt: at,
            data: { householdName: full.householdName, total: paraToRsd(totalPara), estimateTotal: paraToRsd(row.estimateTotalPara ?? totalPara) },
          });
        }
        const [buyer] = await repo.findRecipients(tx, [row.buyerId]);
        if (buyer?.notifyByEmail) await enqueueMail(tx, [weighedMail(buyer, await toMailOrder(full), consent)]);
        return { order: full, told: true };
      });
      if (told) outbox.kick();
      return toProducerOrder(order);
    },

    /** POST /api/orders/:id/accept: the buyer accepts a weighed total above the 15 %; the order goes on from where it was. */
    async acceptByBuyer(buyerId: string, id: string): Promise<Order> {
      const order = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockOrder(tx, id, { buyerId });
        if (!row) throw notFound('Order');
        if (row.status !== 'awaiting_buyer') throw conflict('order.not_awaiting_buyer', 'This order does not wait for your consent');
        const next = await statusBeforeConsent(tx, id);
        const at = eventTime(now, row.updatedAt);
        await repo.setStatus(tx, id, next, at);
        // The event's trigger (migration 0009) tells the producer.
        await repo.insertEvent(tx, { orderId: id, status: next, actorId: buyerId, createdAt: at });
        return loadOne(repo, tx, id);
      });
      return toOrder(order);
    },

    /**
     * POST /api/producer/orders/:id/deposit-refunded: the producer gave a deposit back
     * (refund_due -> refunded). Said again: 200, unchanged; no deposit: 409 order.no_deposit;
     * a deposit not due back: 409 order.deposit_not_refund_due.
     */
    async depositRefunded(householdId: string, id: string): Promise<ProducerOrder> {
      const order = await db.transaction(async (tx) => {
        const row = await repo.lockOrder(tx, id, { householdId });
        if (!row) throw notFound('Order');
        if (row.depositStatus === null) throw conflict('order.no_deposit', 'This order has no deposit');
        if (row.depositStatus === 'refunded') return loadOne(repo, tx, id);
        if (row.depositStatus !== 'refund_due') throw conflict('order.deposit_not_refund_due', 'Only a paid deposit of a cancelled order is refunded');
        await repo.setDepositRefunded(tx, id, eventTime(clock(), row.updatedAt));
        return loadOne(repo, tx, id);
      });
      return toProducerOrder(order);
    },

    /**
     * run-expiries' deposits (src/server/wiring/expiries.ts): every pre-order whose
     * deposit is unpaid (and not reported paid) by `at` is cancelled, its stock returned and its
     * buyer told. Each is re-read under its row lock and cancelled only if it still awaits its
     * deposit, so however many instances run this at once, an order expires once.
     */
    async expireDeposits(at: Date, limit = 200): Promise<{ expired: string[]; seen: number }> {
      const ids = await repo.dueDeposits(db, at, limit);
      const expired: string[] = [];
      for (const id of ids) {
        const done = await db.transaction(async (tx) => {
          const row = await repo.lockOrder(tx, id, 'system');
          if (!row || row.status !== 'awaiting_deposit' || row.depositReportedAt !== null || !row.depositDueAt || row.depositDueAt > at) return false;
          const when = eventTime(at, row.updatedAt);
          await repo.setStatus(tx, id, 'cancelled', when);
          await restock(tx, id, when);
          // No actor: the status notice (migration 0009's trigger) goes to the buyer.
          await repo.insertEvent(tx, { orderId: id, status: 'cancelled', actorId: null, createdAt: when });
          const full = await loadOne(repo, tx, id);
          const [buyer] = await repo.findRecipients(tx, [row.buyerId]);
          if (buyer?.notifyByEmail) await enqueueMail(tx, [statusChangeMail(buyer, await toMailOrder(full))]);
          return true;
        });
        if (done) expired.push(id);
      }
      if (expired.length > 0) outbox.kick();
      return { expired, seen: ids.length };
    },

    /** PATCH /api/producer/orders/:id: status and/or payment received, by the owning producer. */
    async updateByProducer(householdId: string, id: string, body: { status?: OrderStatus; paymentStatus?: 'paid' | 'unpaid' }): Promise<ProducerOrder> {
      if (body.paymentStatus !== undefined) {
        await db.transaction(async (tx) => {
          const row = await repo.lockOrder(tx, id, { householdId });
          if (!row) throw notFound('Order');
          // While a pre-order's deposit is due, the payment the producer confirms is the deposit's
          // (src/shared/deposit.ts); unpaid then clears the buyer's report of it. Confirmed on an
          // order cancelled meanwhile, the deposit is owed back (refund_due, migration 0023).
          if (row.depositStatus === 'due') {
            const now = eventTime(clock(), row.updatedAt);
            if (body.paymentStatus === 'paid') await repo.markDepositsPaid(tx, [id], householdId, now);
            else if (row.depositReportedAt) await repo.clearDepositReported(tx, id, now);
            return;
          }
          // reported -> paid confirms the buyer's word; reported -> unpaid says the money did not come.
          if (row.paymentStatus !== body.paymentStatus) {
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
