import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Language, OrderStatus } from '#shared/constants.ts';
import type { Pricing } from '#shared/weight-price.ts';
import type { DepositStatus } from '#shared/deposit.ts';
import type { OrderDrop } from '#shared/contracts/orders.ts';
import type { DbOrTx } from '../../db/client.ts';
import { publicHouseholdCondition } from '../../db/read-models.ts';
import {
  drops, households, idempotencyKeys, orderEvents, orderItems, orders, products, users, type StoredDelivery, type StoredPickupPoint,
} from '../../db/schema.ts';
import { PREORDERED_QUANTITY_SQL, productIsPublicText } from '../../db/read-models.ts';
import { markDepositsPaid } from '../../domain/deposits.ts';
import type { Mail } from '../../lib/mailer.ts';

/** The only module of the orders feature that touches the schema. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A basket's product as checkout sees it: read under its row lock, with who gets mail. */
export interface LockedProduct {
  id: string;
  householdId: string;
  householdName: string;
  name: string;
  unit: OrderItemRow['unit'];
  pricePara: number;
  pricing: Pricing;
  pieceWeight: number | null;
  /** Units left (3 decimals); null = unlimited. */
  stock: number | null;
  quantityStep: number;
  /** YYYY-MM-DD or null */
  availableFrom: string | null;
  availability: boolean;
  archived: boolean;
  /** Percent of a pre-order's total asked as a deposit (src/shared/deposit.ts). */
  depositPercent: number;
  /** The most that may be pre-ordered; null = no cap. */
  preorderLimit: number | null;
  /** The household's logistics and payment settings (the same on every product of it). */
  household: CheckoutHousehold;
  /** The household's user (households.id = users.id) to mail about the order; null if it is gone or turned the new-order mail off. */
  producer: Person | null;
  buyer: Person;
}

export interface Person { email: string; name: string; language: Language }

export interface CheckoutHousehold {
  pickupPoints: StoredPickupPoint[];
  delivery: StoredDelivery;
  minimumOrderPara: number;
  paymentCash: boolean;
  ipsAccount: string | null;
  ipsPayeeName: string | null;
  /** Days to pay a pre-order's deposit. */
  depositDays: number;
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
  language: Language;
  notifyByEmail: boolean;
}

export interface FullOrder extends OrderRow {
  householdName: string;
  customerName: string;
  /** The drop of a drop order (docs/drops.md). */
  drop: OrderDrop | null;
  items: OrderItemRow[];
  events: { status: OrderStatus; createdAt: Date }[];
}

export interface OrdersPage { rows: FullOrder[]; hasMore: boolean }

/** A drop's columns as an order shows them (null when the order has no drop). */
const dropColumns = {
  id: drops.id, title: drops.title, placeName: drops.placeName, placeAddress: drops.placeAddress, placeTown: drops.placeTown,
  lat: drops.lat, lng: drops.lng, date: drops.date, opens: drops.opens, closes: drops.closes,
};
type DropColumns = { [K in keyof typeof dropColumns]: (typeof dropColumns)[K]['_']['data'] | null };

/** The order's `drop`, from its joined row (or a checkout's locked drop). */
export function orderDropOf(d: DropColumns | null): OrderDrop | null {
  if (!d?.id) return null;
  return {
    id: d.id, title: d.title ?? '', place: { name: d.placeName ?? '', address: d.placeAddress ?? '', town: d.placeTown ?? '', lat: d.lat, lng: d.lng },
    date: d.date ?? '', opens: d.opens ?? '', closes: d.closes ?? '',
  };
}

async function itemsOf(db: DbOrTx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.name), asc(orderItems.id));
}

export function createOrdersRepository() {
  return {
    async returnStock(db: DbOrTx, productId: string, quantity: number, now: Date): Promise<void> {
      await db.update(products)
        .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: now })
        .where(and(eq(products.id, productId), isNotNull(products.stock)));
    },

    async insertEvent(db: DbOrTx, values: typeof orderEvents.$inferInsert): Promise<void> {
      await db.insert(orderEvents).values(values);
    },

    /**
     * The users to mail about `kind` (notification settings; status mails by default), each
     * with whether they want that mail.
     */
    async findRecipients(db: DbOrTx, ids: string[], kind: 'order_status' | 'payment_reported' = 'order_status'): Promise<Recipient[]> {
      if (ids.length === 0) return [];
      const notifyByEmail = sql<boolean>`${users.notifyByEmail} AND coalesce((${users.notificationSettings}->${kind}->>'mail')::boolean, true)`;
      return db.select({ id: users.id, email: users.email, name: users.name, language: users.language, notifyByEmail })
        .from(users).where(inArray(users.id, ids));
    },

    /** Locks one order for a status change; `scope` limits it to its buyer or its household ('system': run-expiries). */
    async lockOrder(db: DbOrTx, id: string, scope: { buyerId: string } | { householdId: string } | 'system'): Promise<OrderRow | null> {
      const owner = scope === 'system' ? undefined : 'buyerId' in scope ? eq(orders.buyerId, scope.buyerId) : eq(orders.householdId, scope.householdId);
      const [row] = await db.select().from(orders).where(and(eq(orders.id, id), owner)).for('update');
      return row ?? null;
    },

    async setStatus(db: DbOrTx, id: string, status: OrderStatus, now: Date): Promise<void> {
      await db.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, id));
    },

    /** The weights of an order's lines (by product) and its new total. */
    async setWeights(db: DbOrTx, orderId: string, lines: { productId: string; weight: number }[], totalPara: number, now: Date): Promise<void> {
      for (const line of lines) {
        await db.update(orderItems).set({ weight: line.weight })
          .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, line.productId), eq(orderItems.pricing, 'weight')));
      }
      await db.update(orders).set({ totalPara, updatedAt: now }).where(eq(orders.id, orderId));
    },

    async setPayment(db: DbOrTx, id: string, paid: boolean, now: Date): Promise<void> {
      await db.update(orders).set({ paymentStatus: paid ? 'paid' : 'unpaid', paidAt: paid ? now : null, updatedAt: now }).where(eq(orders.id, id));
    },

    /** The buyer said they paid (payment-sent): reported, with the time. */
    async setPaymentReported(db: DbOrTx, id: string, now: Date): Promise<void> {
      await db.update(orders).set({ paymentStatus: 'reported', paymentReportedAt: now, updatedAt: now }).where(eq(orders.id, id));
    },

    itemsOf,

    /** The buyer said the deposit is paid (payment-sent on an order awaiting it). */
    async setDepositReported(db: DbOrTx, id: string, now: Date): Promise<void> {
      await db.update(orders).set({ depositReportedAt: now, updatedAt: now }).where(eq(orders.id, id));
    },

    /** The producer said the deposit did not come after all: the buyer's report is cleared. */
    async clearDepositReported(db: DbOrTx, id: string, now: Date): Promise<void> {
      await db.update(orders).set({ depositReportedAt: null, updatedAt: now }).where(eq(orders.id, id));
    },

    markDepositsPaid,

    /** refund_due -> refunded; false when the deposit was not due back. */
    async setDepositRefunded(db: DbOrTx, id: string, now: Date): Promise<boolean> {
      const rows = await db.update(orders).set({ depositStatus: 'refunded', depositRefundedAt: now, updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.depositStatus, 'refund_due'))).returning({ id: orders.id });
      return rows.length === 1;
    },

    /** Pre-orders whose unpaid (and not reported) deposit is due by `at`, oldest first. */
    async dueDeposits(db: DbOrTx, at: Date, limit: number): Promise<string[]> {
      const rows = await db.select({ id: orders.id }).from(orders)
        .where(and(eq(orders.status, 'awaiting_deposit'), lte(orders.depositDueAt, at), isNull(orders.depositReportedAt)))
        .orderBy(asc(orders.depositDueAt), asc(orders.id)).limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Orders with their lines, events, household and customer names, newest first.
     * `after` is the (createdAt, id) of the last row of the previous page.
     */
    async listOrders(db: DbOrTx, opts: {
      buyerId?: string; householdId?: string; id?: string; ids?: string[]; status?: OrderStatus; depositStatus?: DepositStatus;
      after?: { createdAt: Date; id: string }; limit: number;
    }): Promise<OrdersPage> {
      const where: SQL[] = [];
      if (opts.buyerId) where.push(eq(orders.buyerId, opts.buyerId));
      if (opts.householdId) where.push(eq(orders.householdId, opts.householdId));
      if (opts.id) where.push(eq(orders.id, opts.id));
      if (opts.ids) where.push(inArray(orders.id, opts.ids));
      if (opts.status) where.push(eq(orders.status, opts.status));
      if (opts.depositStatus) where.push(eq(orders.depositStatus, opts.depositStatus));
      // A row comparison, so (buyer_id | household_id[, status], created_at DESC, id DESC) seeks
      // straight to the page (migration 0019) instead of filtering every newer order.
      if (opts.after) where.push(sql`(${orders.createdAt}, ${orders.id}) < (${opts.after.createdAt.toISOString()}::timestamptz, ${opts.after.id}::uuid)`);
      const rows = await db.select({ order: orders, householdName: households.name, customerName: users.name, drop: dropColumns })
        .from(orders)
        .innerJoin(households, eq(households.id, orders.householdId))
        .innerJoin(users, eq(users.id, orders.buyerId))
        .leftJoin(drops, eq(drops.id, orders.dropId))
        .where(and(...where))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(opts.limit + 1);
      const hasMore = rows.length > opts.limit;
      const page = rows.slice(0, opts.limit);
      const ids = page.map((r) => r.order.id);
      const [items, events] = ids.length === 0 ? [[], []] : await Promise.all([
        itemsOf(db, ids),
        db.select({ orderId: orderEvents.orderId, status: orderEvents.status, createdAt: orderEvents.createdAt })
          .from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
      ]);
      return {
        hasMore,
        rows: page.map((r) => ({
          ...r.order,
          householdName: r.householdName,
          customerName: r.customerName,
          drop: orderDropOf(r.drop),
          items: items.filter((i) => i.orderId === r.order.id),
          events: events.filter((e) => e.orderId === r.order.id).map(({ status, createdAt }) => ({ status, createdAt })),
        })),
      };
    },

    // --- idempotency keys (table idempotency_keys, pk (user_id, key)); checkout's own use is in createCheckoutStore ---

    async deleteExpiredKeys(db: DbOrTx, now: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

// --- checkout: the hot path, in plain SQL on one pooled connection ---------------------------
//
// A checkout is BEGIN with the key's lock and lookup, the basket's products under their row
// locks, [the stock of limited products], one statement writing orders, lines, events, mails
// and the key, COMMIT: 4–5 round trips whatever the basket holds. The statements are named,
// so each connection parses and plans them once. Arrays go in through unnest(), so the text
// never depends on the number of lines or households.

export type SqlClient = Pick<pg.ClientBase, 'query'>;

async function rowsOf<R extends pg.QueryResultRow>(client: SqlClient, name: string, text: string, values: unknown[]): Promise<R[]> {
  return (await client.query<R>({ name, text, values })).rows;
}

export interface StoredKey { requestHash: string; responseStatus: number | null; responseBody: unknown; expiresAt: Date }

export interface KeyRecord { userId: string; key: string; requestHash: string; createdAt: Date; expiresAt: Date }

/** The key's row as it is stored: the request's hash and its final answer. */
export type KeyRow = KeyRecord & { responseStatus: number; responseBody: unknown };

/** Everything one checkout writes beside its key, ids made by the caller (so the answer and mails need no read-back). */
export interface CheckoutWrite {
  checkoutId: string;
  buyerId: string;
  contactPhone: string;
  notes: string | null;
  now: Date;
  orders: Pick<OrderRow, 'id' | 'householdId' | 'totalPara' | 'number' | 'deliveryType' | 'pickupDate' | 'pickupTime' | 'deliveryAddress'
    | 'deliveryArea' | 'pickupPointId' | 'pickupPointName' | 'pickupPointAddress' | 'deliveryFeePara' | 'paymentMethod' | 'ipsAccount' | 'ipsPayeeName'
    | 'estimateTotalPara' | 'dropId' | 'status' | 'depositPercent' | 'depositPara' | 'depositStatus' | 'depositDueAt'>[];
  items: OrderItemRow[];
  mails: Mail[];
}

/** The key's lock and row; `user` and `key` are SQL literals (see withKey). */
const lockKeySql = (user: string, key: string) => `
SELECT pg_try_advisory_xact_lock(hashtext(${user}), hashtext(${key})) AS locked,
       k.request_hash AS "requestHash", k.response_status AS "responseStatus",
       k.response_body AS "responseBody", k.expires_at AS "expiresAt"
FROM (SELECT 1) AS one
LEFT JOIN idempotency_keys k ON k.user_id = ${user}::uuid AND k.key = ${key}`;

// Only products of public households (read-models.ts) can be ordered; others are "unavailable".
// Rows are locked in id order (ORDER BY is applied before the lock), so two baskets never
// wait on each other in a cycle; FOR NO KEY UPDATE is what an UPDATE of the row would take,
// and READ COMMITTED hands back the newest version of a row it had to wait for.
const LOCK_PRODUCTS_SQL = `
SELECT p.id, p.household_id AS "householdId", h.name AS "householdName", p.name, p.unit,
       p.price_para AS "pricePara", p.pricing, p.piece_weight::float8 AS "pieceWeight", p.stock::float8 AS stock, p.quantity_step::float8 AS "quantityStep",
       to_char(p.available_from, 'YYYY-MM-DD') AS "availableFrom", p.availability, NOT ${productIsPublicText('p')} AS archived,
       h.pickup_points AS "pickupPoints", h.delivery, h.minimum_order_para AS "minimumOrderPara", h.payment_cash AS "paymentCash",
       h.ips_account AS "ipsAccount", h.ips_payee_name AS "ipsPayeeName", h.deposit_days AS "depositDays",
       p.deposit_percent AS "depositPercent", p.preorder_limit AS "preorderLimit",
       (SELECT array_agg(nextval('order_number_seq')) FROM generate_series(1,
          (SELECT count(DISTINCT q.household_id)::int FROM products q WHERE q.id = ANY($1::uuid[])))) AS numbers,
       u.email AS "producerEmail", u.name AS "producerName", u.language AS "producerLanguage",
       coalesce((u.notification_settings->'order_placed'->>'mail')::boolean, true) AS "producerWantsMail",
       b.email AS "buyerEmail", b.name AS "buyerName", b.language AS "buyerLanguage"
FROM products p
JOIN households h ON h.id = p.household_id
LEFT JOIN users u ON u.id = p.household_id
JOIN users b ON b.id = $2::uuid
WHERE p.id = ANY($1::uuid[]) AND ${publicHouseholdCondition('p.household_id')}
ORDER BY p.id
FOR NO KEY UPDATE OF p`;

/** A drop as the checkout reads it (docs/drops.md). */
export interface CheckoutDrop {
  id: string; title: string; placeName: string; placeAddress: string; placeTown: string; lat: number | null; lng: number | null;
  date: string; opens: string; closes: string; orderBy: string; cancelled: boolean; members: string[];
}

const LOCK_DROPS_SQL = `
SELECT d.id, d.title, d.place_name AS "placeName", d.place_address AS "placeAddress", d.place_town AS "placeTown", d.lat, d.lng,
       to_char(d.date, 'YYYY-MM-DD') AS date, d.opens, d.closes,
       to_char(d.order_by AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "orderBy",
       d.cancelled_at IS NOT NULL AS cancelled,
       ARRAY(SELECT m.household_id::text FROM drop_members m WHERE m.drop_id = d.id) AS members
FROM drops d
WHERE d.id = ANY($1::uuid[])
ORDER BY d.id
FOR SHARE OF d`;

const TAKE_STOCK_SQL = `
UPDATE products p SET stock = p.stock - w.quantity, updated_at = $3
FROM unnest($1::uuid[], $2::numeric[]) AS w(id, quantity)
WHERE p.id = w.id AND p.stock >= w.quantity`;

// Order lines and events point at orders written by the same statement: foreign keys are
// checked when the whole statement has run.
const INSERT_CHECKOUT_SQL = `
WITH o AS (
  INSERT INTO orders (id, checkout_id, buyer_id, household_id, status, delivery_type, pickup_date, pickup_time,
                      delivery_address, contact_phone, notes, total_para, created_at, updated_at,
                      number, pickup_point_id, pickup_point_name, pickup_point_address, delivery_area, delivery_fee_para,
                      payment_method, ips_account, ips_payee_name, estimate_total_para, drop_id,
                      deposit_percent, deposit_para, deposit_status, deposit_due_at)
  SELECT o.id, $1::uuid, $2::uuid, o.household_id, o.status, o.delivery_type, o.pickup_date, o.pickup_time, o.delivery_address,
         $3, $4, o.total_para, $5::timestamptz, $5::timestamptz,
         o.number, o.pickup_point_id, o.pickup_point_name, o.pickup_point_address, o.delivery_area, o.delivery_fee_para,
         o.payment_method, o.ips_account, o.ips_payee_name, o.estimate_total_para, o.drop_id,
         o.deposit_percent, o.deposit_para, o.deposit_status, o.deposit_due_at
  FROM unnest($6::uuid[], $7::uuid[], $8::bigint[], $9::text[], $10::date[], $11::text[], $12::text[], $13::bigint[],
              $14::uuid[], $15::text[], $16::text[], $17::text[], $18::bigint[], $19::text[], $20::text[], $21::text[], $40::bigint[], $43::uuid[],
              $44::text[], $45::int[], $46::bigint[], $47::text[], $48::timestamptz[])
       AS o(id, household_id, total_para, delivery_type, pickup_date, pickup_time, delivery_address, number,
            pickup_point_id, pickup_point_name, pickup_point_address, delivery_area, delivery_fee_para, payment_method, ips_account, ips_payee_name,
            estimate_total_para, drop_id, status, deposit_percent, deposit_para, deposit_status, deposit_due_at)
  RETURNING id, status
), i AS (
  INSERT INTO order_items (id, order_id, product_id, name, unit, unit_price_para, quantity, pricing, piece_weight, preorder)
  SELECT * FROM unnest($22::uuid[], $23::uuid[], $24::uuid[], $25::text[], $26::text[], $27::bigint[], $28::numeric[], $41::text[], $42::numeric[], $49::boolean[])
), e AS (
  INSERT INTO order_events (order_id, status, actor_id, created_at)
  SELECT o.id, o.status, $2::uuid, $5::timestamptz FROM o
), m AS (
  INSERT INTO mail_outbox ("to", subject, text, html)
  SELECT * FROM unnest($29::text[], $30::text[], $31::text[], $32::text[])
), k AS (
  INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at, expires_at)
  VALUES ($33::uuid, $34, $35, $36::int, $37::jsonb, $38::timestamptz, $39::timestamptz)
)
SELECT count(*)::int AS orders FROM o`;

const STORE_KEY_SQL = `
INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at, expires_at)
VALUES ($1::uuid, $2, $3, $4::int, $5::jsonb, $6::timestamptz, $7::timestamptz)`;

const DELETE_EXPIRED_KEY_SQL = 'DELETE FROM idempotency_keys WHERE user_id = $1::uuid AND key = $2 AND expires_at <= $3::timestamptz';

interface LockedRow extends CheckoutHousehold {
  id: string; householdId: string; householdName: string; name: string; unit: OrderItemRow['unit']; pricePara: number;
  pricing: Pricing; pieceWeight: number | null;
  stock: number | null; quantityStep: number; availableFrom: string | null; availability: boolean; archived: boolean;
  depositPercent: number; preorderLimit: number | null; depositDays: number;
  numbers: number[] | null;
  producerEmail: string | null; producerName: string | null; producerLanguage: Language | null; producerWantsMail: boolean;
  buyerEmail: string; buyerName: string; buyerLanguage: Language;
}

/** Orders, their lines and events, the mails and the idempotency key: one statement. */
async function insertCheckout(client: SqlClient, w: CheckoutWrite, key: KeyRow): Promise<void> {
  const { items, mails } = w;
  await client.query({
    name: 'orders.insert_checkout', text: INSERT_CHECKOUT_SQL,
    values: [
      w.checkoutId, w.buyerId, w.contactPhone, w.notes, w.now,
      w.orders.map((o) => o.id), w.orders.map((o) => o.householdId), w.orders.map((o) => o.totalPara),
      w.orders.map((o) => o.deliveryType), w.orders.map((o) => o.pickupDate), w.orders.map((o) => o.pickupTime),
      w.orders.map((o) => o.deliveryAddress), w.orders.map((o) => o.number), w.orders.map((o) => o.pickupPointId),
      w.orders.map((o) => o.pickupPointName), w.orders.map((o) => o.pickupPointAddress), w.orders.map((o) => o.deliveryArea),
      w.orders.map((o) => o.deliveryFeePara), w.orders.map((o) => o.paymentMethod), w.orders.map((o) => o.ipsAccount),
      w.orders.map((o) => o.ipsPayeeName),
      items.map((i) => i.id), items.map((i) => i.orderId), items.map((i) => i.productId), items.map((i) => i.name),
      items.map((i) => i.unit), items.map((i) => i.unitPricePara), items.map((i) => i.quantity),
      mails.map((m) => m.to), mails.map((m) => m.subject), mails.map((m) => m.text), mails.map((m) => m.html),
      key.userId, key.key, key.requestHash, key.responseStatus, JSON.stringify(key.responseBody), key.createdAt, key.expiresAt,
      w.orders.map((o) => o.estimateTotalPara), items.map((i) => i.pricing), items.map((i) => i.pieceWeight),
      w.orders.map((o) => o.dropId),
      w.orders.map((o) => o.status), w.orders.map((o) => o.depositPercent), w.orders.map((o) => o.depositPara),
      w.orders.map((o) => o.depositStatus), w.orders.map((o) => o.depositDueAt), items.map((i) => i.preorder),
    ],
  });
  }

export function createCheckoutStore(pool: pg.Pool) {
  return {
    /**
     * Opens a transaction on one pooled connection whose first statement takes the
     * transaction-scoped lock on (user, key) and reads the key's row, runs `fn`, and commits
     * when it resolves (rolls back when it throws). BEGIN and that statement travel in one
     * round trip, as one simple query: its two values are literals escaped by pg.
     */
    async withKey<T>(userId: string, key: string, fn: (client: pg.PoolClient, lock: { locked: boolean; row: StoredKey | null }) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const results = (await client.query(`BEGIN;${lockKeySql(client.escapeLiteral(userId), client.escapeLiteral(key))}`)) as unknown as pg.QueryResult[];
        const r = results[1]?.rows[0] as (StoredKey & { locked: boolean; requestHash: string | null }) | undefined;
        const result = await fn(client, { locked: r?.locked === true, row: r?.requestHash ? r : null });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query('ROLLBACK').catch((e: unknown) => { broken = e instanceof Error ? e : new Error(String(e)); });
        throw err;
      } finally {
        client.release(broken);
      }
    },

    /** Only an expired row: one that a duplicate committed after our lookup stays, and our insert then clashes with it. */
    async deleteExpiredKey(client: SqlClient, userId: string, key: string, now: Date): Promise<void> {
      await client.query({ name: 'orders.delete_expired_key', text: DELETE_EXPIRED_KEY_SQL, values: [userId, key, now] });
    },

    /**
     * The key's row; with a checkout, its orders, lines, events and mails too, all in one
     * statement (the idempotency wrapper is the only caller: docs/checkout.md).
     */
    async storeKey(client: SqlClient, k: KeyRow, checkout?: CheckoutWrite): Promise<void> {
      if (checkout) return insertCheckout(client, checkout, k);
      await client.query({
        name: 'orders.store_key', text: STORE_KEY_SQL,
        values: [k.userId, k.key, k.requestHash, k.responseStatus, JSON.stringify(k.responseBody), k.createdAt, k.expiresAt],
      });
    },

    /** The unique violation of a key row that another transaction committed after our lookup. */
    isKeyTaken(err: unknown): boolean {
      const e = err as { code?: string; constraint?: string } | null;
      return e?.code === '23505' && e.constraint === 'idempotency_keys_user_id_key_pk';
    },

    /**
     * The basket's products (ids sorted) under row locks, with household settings, producer and
     * buyer, and one fresh order number per household of the basket (numbers may skip when a
     * checkout is refused; they stay unique).
     */
    async lockProducts(client: SqlClient, ids: string[], buyerId: string): Promise<{ products: LockedProduct[]; numbers: number[] }> {
      const rows = await rowsOf<LockedRow>(client, 'orders.lock_products', LOCK_PRODUCTS_SQL, [ids, buyerId]);
      const numbers = (rows[0]?.numbers ?? []).map(Number);
      const products = rows.map((r) => ({
        id: r.id, householdId: r.householdId, householdName: r.householdName, name: r.name, unit: r.unit, pricePara: r.pricePara,
        pricing: r.pricing, pieceWeight: r.pieceWeight,
        stock: r.stock, quantityStep: r.quantityStep, availableFrom: r.availableFrom, availability: r.availability, archived: r.archived,
        depositPercent: r.depositPercent, preorderLimit: r.preorderLimit,
        household: {
          pickupPoints: r.pickupPoints, delivery: r.delivery, minimumOrderPara: r.minimumOrderPara, paymentCash: r.paymentCash,
          ipsAccount: r.ipsAccount, ipsPayeeName: r.ipsPayeeName, depositDays: r.depositDays,
        },
        producer: r.producerEmail === null || !r.producerWantsMail ? null : { email: r.producerEmail, name: r.producerName!, language: r.producerLanguage! },
        buyer: { email: r.buyerEmail, name: r.buyerName, language: r.buyerLanguage },
      }));
      return { products, numbers };
    },

    /**
     * The drops a checkout names, with their members, under a share lock until commit: a
     * cancellation, a change or a member leaving (which lock the drop's row) waits for the
     * checkout, and a checkout waits for them, so no order lands on a cancelled drop or a
     * household that has just left.
     */
    async lockDrops(client: SqlClient, ids: string[]): Promise<CheckoutDrop[]> {
      if (ids.length === 0) return [];
      return rowsOf<CheckoutDrop>(client, 'orders.lock_drops', LOCK_DROPS_SQL, [ids]);
    },

    /** PREORDERED_QUANTITY_SQL on the checkout's connection, after the product's row lock. */
    async preorderedQuantity(client: SqlClient, productId: string): Promise<number> {
      const rows = await rowsOf<{ n: number }>(client, 'orders.preordered_quantity', PREORDERED_QUANTITY_SQL, [productId]);
      return Number(rows[0]?.n ?? 0);
    },

    /** Takes the units of limited products whose rows this transaction has locked and checked. */
    async takeStock(client: SqlClient, lines: { id: string; quantity: number }[], now: Date): Promise<void> {
      const res = await client.query({ name: 'orders.take_stock', text: TAKE_STOCK_SQL, values: [lines.map((l) => l.id), lines.map((l) => l.quantity), now] });
      if (res.rowCount !== lines.length) throw new Error(`stock changed under a row lock (${res.rowCount} of ${lines.length} lines)`);
    },

  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
