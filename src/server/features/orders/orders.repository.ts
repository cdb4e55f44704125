import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { households, idempotencyKeys, orderEvents, orderItems, orders, products, users } from '../../db/schema.ts';

/** The only module of the orders feature that touches the schema. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export interface ProductForOrder {
  id: string;
  householdId: string;
  householdName: string;
  name: string;
  availability: boolean;
  archived: boolean;
  stock: number | null;
}

export interface ReservedProduct {
  id: string;
  householdId: string;
  name: string;
  unit: OrderItemRow['unit'];
  pricePara: number;
}

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
    async findProducts(db: DbOrTx, ids: string[]): Promise<ProductForOrder[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({
        id: products.id,
        householdId: products.householdId,
        householdName: households.name,
        name: products.name,
        availability: products.availability,
        archivedAt: products.archivedAt,
        stock: products.stock,
      }).from(products).innerJoin(households, eq(households.id, products.householdId)).where(inArray(products.id, ids));
      return rows.map(({ archivedAt, ...r }) => ({ ...r, archived: archivedAt !== null }));
    },

    /**
     * Takes `quantity` units in one conditional statement: the row lock serialises
     * concurrent checkouts and the WHERE is re-checked on the newest row, so stock never
     * goes below zero. Returns null when the product is short or no longer sold.
     */
    async reserveStock(db: DbOrTx, productId: string, quantity: number, now: Date): Promise<ReservedProduct | null> {
      const [row] = await db.update(products)
        .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: now })
        .where(and(
          eq(products.id, productId),
          isNull(products.archivedAt),
          eq(products.availability, true),
          or(isNull(products.stock), gte(products.stock, quantity)),
        ))
        .returning({ id: products.id, householdId: products.householdId, name: products.name, unit: products.unit, pricePara: products.pricePara });
      return row ?? null;
    },

    async returnStock(db: DbOrTx, productId: string, quantity: number, now: Date): Promise<void> {
      await db.update(products)
        .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: now })
        .where(and(eq(products.id, productId), isNotNull(products.stock)));
    },

    async insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async insertItems(db: DbOrTx, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
      return db.insert(orderItems).values(values).returning();
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

    // --- idempotency keys (table idempotency_keys, pk (user_id, key)) ---

    /** Claims the key; false when a row for it exists already. Expired keys are cleared first. */
    /** Held until the transaction ends; false when another request holds (user, key). */
    async tryLockKey(tx: DbOrTx, userId: string, key: string): Promise<boolean> {
      const res = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext(${userId}), hashtext(${key})) AS locked`);
      return res.rows[0]?.locked === true;
    },

    async findKey(db: DbOrTx, userId: string, key: string) {
      const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row ?? null;
    },

    async deleteKey(db: DbOrTx, userId: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    async storeKey(db: DbOrTx, v: typeof idempotencyKeys.$inferInsert): Promise<void> {
      await db.insert(idempotencyKeys).values(v);
    },

    async deleteExpiredKeys(db: DbOrTx, now: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
