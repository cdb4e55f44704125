import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Language, OrderStatus } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { households, idempotencyKeys, orderEvents, orderItems, orders, products, users } from '../../db/schema.ts';
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
  /** Whole units left; null = unlimited. */
  stock: number | null;
  availability: boolean;
  archived: boolean;
  /** The household's user (households.id = users.id); null only if it is gone. */
  producer: Person | null;
  buyer: Person;
}

export interface Person { email: string; name: string; language: Language }

export interface Recipient {
  id: string;
  email: string;
  name: string;
  language: 'sr' | 'en' | 'ru';
  notifyByEmail: boolean;
}

export interface FullOrder extends OrderRow {
  householdName: string;
  customerName: string;
  items: OrderItemRow[];
  events: { status: OrderStatus; createdAt: Date }[];
}

export interface OrdersPage { rows: FullOrder[]; hasMore: boolean }

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

    async findRecipients(db: DbOrTx, ids: string[]): Promise<Recipient[]> {
      if (ids.length === 0) return [];
      return db.select({ id: users.id, email: users.email, name: users.name, language: users.language, notifyByEmail: users.notifyByEmail })
        .from(users).where(inArray(users.id, ids));
    },

    /** Locks one order for a status change; `scope` limits it to its buyer or its household. */
    async lockOrder(db: DbOrTx, id: string, scope: { buyerId: string } | { householdId: string }): Promise<OrderRow | null> {
      const owner = 'buyerId' in scope ? eq(orders.buyerId, scope.buyerId) : eq(orders.householdId, scope.householdId);
      const [row] = await db.select().from(orders).where(and(eq(orders.id, id), owner)).for('update');
      return row ?? null;
    },

    async setStatus(db: DbOrTx, id: string, status: OrderStatus, now: Date): Promise<void> {
      await db.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, id));
    },

    itemsOf,

    /**
     * Orders with their lines, events, household and customer names, newest first.
     * `after` is the (createdAt, id) of the last row of the previous page.
     */
    async listOrders(db: DbOrTx, opts: {
      buyerId?: string; householdId?: string; id?: string; ids?: string[]; status?: OrderStatus;
      after?: { createdAt: Date; id: string }; limit: number;
    }): Promise<OrdersPage> {
      const where: SQL[] = [];
      if (opts.buyerId) where.push(eq(orders.buyerId, opts.buyerId));
      if (opts.householdId) where.push(eq(orders.householdId, opts.householdId));
      if (opts.id) where.push(eq(orders.id, opts.id));
      if (opts.ids) where.push(inArray(orders.id, opts.ids));
      if (opts.status) where.push(eq(orders.status, opts.status));
      if (opts.after) {
        where.push(or(
          lt(orders.createdAt, opts.after.createdAt),
          and(eq(orders.createdAt, opts.after.createdAt), lt(orders.id, opts.after.id)),
        )!);
      }
      const rows = await db.select({ order: orders, householdName: households.name, customerName: users.name })
        .from(orders)
        .innerJoin(households, eq(households.id, orders.householdId))
        .innerJoin(users, eq(users.id, orders.buyerId))
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

/** Everything one checkout writes, ids made by the caller (so the answer and mails need no read-back). */
export interface CheckoutWrite {
  checkoutId: string;
  buyerId: string;
  deliveryType: OrderRow['deliveryType'];
  pickupDate: string;
  pickupTime: string;
  deliveryAddress: string | null;
  contactPhone: string;
  notes: string | null;
  now: Date;
  orders: { id: string; householdId: string; totalPara: number }[];
  items: OrderItemRow[];
  mails: Mail[];
  key: KeyRecord & { responseStatus: number; responseBody: unknown };
}

/** The key's lock and row; `user` and `key` are SQL literals (see withKey). */
const lockKeySql = (user: string, key: string) => `
SELECT pg_try_advisory_xact_lock(hashtext(${user}), hashtext(${key})) AS locked,
       k.request_hash AS "requestHash", k.response_status AS "responseStatus",
       k.response_body AS "responseBody", k.expires_at AS "expiresAt"
FROM (SELECT 1) AS one
LEFT JOIN idempotency_keys k ON k.user_id = ${user}::uuid AND k.key = ${key}`;

// Rows are locked in id order (ORDER BY is applied before the lock), so two baskets never
// wait on each other in a cycle; FOR NO KEY UPDATE is what an UPDATE of the row would take,
// and READ COMMITTED hands back the newest version of a row it had to wait for.
const LOCK_PRODUCTS_SQL = `
SELECT p.id, p.household_id AS "householdId", h.name AS "householdName", p.name, p.unit,
       p.price_para AS "pricePara", p.stock, p.availability, p.archived_at IS NOT NULL AS archived,
       u.email AS "producerEmail", u.name AS "producerName", u.language AS "producerLanguage",
       b.email AS "buyerEmail", b.name AS "buyerName", b.language AS "buyerLanguage"
FROM products p
JOIN households h ON h.id = p.household_id
LEFT JOIN users u ON u.id = p.household_id
JOIN users b ON b.id = $2::uuid
WHERE p.id = ANY($1::uuid[])
ORDER BY p.id
FOR NO KEY UPDATE OF p`;

const TAKE_STOCK_SQL = `
UPDATE products p SET stock = p.stock - w.quantity, updated_at = $3
FROM unnest($1::uuid[], $2::int[]) AS w(id, quantity)
WHERE p.id = w.id AND p.stock >= w.quantity`;

// Order lines and events point at orders written by the same statement: foreign keys are
// checked when the whole statement has run.
const INSERT_CHECKOUT_SQL = `
WITH o AS (
  INSERT INTO orders (id, checkout_id, buyer_id, household_id, status, delivery_type, pickup_date, pickup_time,
                      delivery_address, contact_phone, notes, total_para, created_at, updated_at)
  SELECT o.id, $1::uuid, $2::uuid, o.household_id, 'pending', $3, $4::date, $5, $6, $7, $8, o.total_para, $9::timestamptz, $9::timestamptz
  FROM unnest($10::uuid[], $11::uuid[], $12::bigint[]) AS o(id, household_id, total_para)
  RETURNING id
), i AS (
  INSERT INTO order_items (id, order_id, product_id, name, unit, unit_price_para, quantity)
  SELECT * FROM unnest($13::uuid[], $14::uuid[], $15::uuid[], $16::text[], $17::text[], $18::bigint[], $19::int[])
), e AS (
  INSERT INTO order_events (order_id, status, actor_id, created_at)
  SELECT o.id, 'pending', $2::uuid, $9::timestamptz FROM o
), m AS (
  INSERT INTO mail_outbox ("to", subject, text, html)
  SELECT * FROM unnest($20::text[], $21::text[], $22::text[], $23::text[])
), k AS (
  INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at, expires_at)
  VALUES ($24::uuid, $25, $26, $27::int, $28::jsonb, $29::timestamptz, $30::timestamptz)
)
SELECT count(*)::int AS orders FROM o`;

const STORE_KEY_SQL = `
INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at, expires_at)
VALUES ($1::uuid, $2, $3, $4::int, $5::jsonb, $6::timestamptz, $7::timestamptz)`;

const DELETE_EXPIRED_KEY_SQL = 'DELETE FROM idempotency_keys WHERE user_id = $1::uuid AND key = $2 AND expires_at <= $3::timestamptz';

interface LockedRow {
  id: string; householdId: string; householdName: string; name: string; unit: OrderItemRow['unit']; pricePara: number;
  stock: number | null; availability: boolean; archived: boolean;
  producerEmail: string | null; producerName: string | null; producerLanguage: Language | null;
  buyerEmail: string; buyerName: string; buyerLanguage: Language;
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

    async storeKey(client: SqlClient, k: KeyRecord & { responseStatus: number; responseBody: unknown }): Promise<void> {
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

    /** The basket's products (ids sorted) under row locks, with household, producer and buyer. */
    async lockProducts(client: SqlClient, ids: string[], buyerId: string): Promise<LockedProduct[]> {
      const rows = await rowsOf<LockedRow>(client, 'orders.lock_products', LOCK_PRODUCTS_SQL, [ids, buyerId]);
      return rows.map((r) => ({
        id: r.id, householdId: r.householdId, householdName: r.householdName, name: r.name, unit: r.unit, pricePara: r.pricePara,
        stock: r.stock, availability: r.availability, archived: r.archived,
        producer: r.producerEmail === null ? null : { email: r.producerEmail, name: r.producerName!, language: r.producerLanguage! },
        buyer: { email: r.buyerEmail, name: r.buyerName, language: r.buyerLanguage },
      }));
    },

    /** Takes the units of limited products whose rows this transaction has locked and checked. */
    async takeStock(client: SqlClient, lines: { id: string; quantity: number }[], now: Date): Promise<void> {
      const res = await client.query({ name: 'orders.take_stock', text: TAKE_STOCK_SQL, values: [lines.map((l) => l.id), lines.map((l) => l.quantity), now] });
      if (res.rowCount !== lines.length) throw new Error(`stock changed under a row lock (${res.rowCount} of ${lines.length} lines)`);
    },

    /** Orders, their lines and events, the mails and the idempotency key: one statement. */
    async insertCheckout(client: SqlClient, w: CheckoutWrite): Promise<void> {
      const { items, mails, key } = w;
      await client.query({
        name: 'orders.insert_checkout', text: INSERT_CHECKOUT_SQL,
        values: [
          w.checkoutId, w.buyerId, w.deliveryType, w.pickupDate, w.pickupTime, w.deliveryAddress, w.contactPhone, w.notes, w.now,
          w.orders.map((o) => o.id), w.orders.map((o) => o.householdId), w.orders.map((o) => o.totalPara),
          items.map((i) => i.id), items.map((i) => i.orderId), items.map((i) => i.productId), items.map((i) => i.name),
          items.map((i) => i.unit), items.map((i) => i.unitPricePara), items.map((i) => i.quantity),
          mails.map((m) => m.to), mails.map((m) => m.subject), mails.map((m) => m.text), mails.map((m) => m.html),
          key.userId, key.key, key.requestHash, key.responseStatus, JSON.stringify(key.responseBody), key.createdAt, key.expiresAt,
        ],
      });
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
