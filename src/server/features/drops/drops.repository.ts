import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Language, OrderStatus } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isPublicHousehold, productColumns, productOfJoinedHouseholdIsPublicSql, type ProductReadRow } from '../../db/read-models.ts';
import {
  dropMembers, drops, handoverMarks, households, orderEvents, orderItems, orders, products, users,
} from '../../db/schema.ts';

/** The only module of the drops feature that touches the schema (docs/drops.md). */

export type DropRow = typeof drops.$inferSelect;
export type NewDropRow = typeof drops.$inferInsert;

export interface MemberRow { dropId: string; id: string; name: string; avatar: string | null; isPublic: boolean; joinedAt: Date }

export interface Person { id: string; email: string; name: string; language: Language; wantsMail: boolean }

/** Orders that still wait for their hand-over: a cancellation cancels these. */
export const OPEN_ORDER_STATUSES: OrderStatus[] = ['pending', 'confirmed', 'ready', 'awaiting_deposit'];

/** A person and whether they want mail of a notification kind (the profile's switch and the kind's setting). */
const personColumns = (kind: 'drop_announced' | 'drop_changed' | 'order_status') => ({
  id: users.id, email: users.email, name: users.name, language: users.language,
  wantsMail: sql<boolean>`(${users.notifyByEmail} AND ${users.deletedAt} IS NULL AND coalesce((${users.notificationSettings}->${kind}->>'mail')::boolean, true))`,
});

export function createDropsRepository() {
  return {
    async insertDrops(db: DbOrTx, rows: NewDropRow[]): Promise<DropRow[]> {
      return db.insert(drops).values(rows).returning();
    },

    /** Adds a member; true when it was not one yet. */
    async addMember(db: DbOrTx, dropId: string, householdId: string, now: Date): Promise<boolean> {
      const rows = await db.insert(dropMembers).values({ dropId, householdId, joinedAt: now }).onConflictDoNothing().returning({ dropId: dropMembers.dropId });
      return rows.length > 0;
    },

    async removeMember(db: DbOrTx, dropId: string, householdId: string): Promise<boolean> {
      const rows = await db.delete(dropMembers).where(and(eq(dropMembers.dropId, dropId), eq(dropMembers.householdId, householdId))).returning({ dropId: dropMembers.dropId });
      return rows.length > 0;
    },

    /** The drop under a row lock until commit: checkouts naming it (a share lock) wait, and it waits for them. */
    async lockDrop(db: DbOrTx, id: string): Promise<DropRow | null> {
      const [row] = await db.select().from(drops).where(eq(drops.id, id)).for('update');
      return row ?? null;
    },

    async drop(db: DbOrTx, id: string): Promise<DropRow | null> {
      const [row] = await db.select().from(drops).where(eq(drops.id, id));
      return row ?? null;
    },

    async updateDrop(db: DbOrTx, id: string, values: Partial<NewDropRow>): Promise<DropRow> {
      const [row] = await db.update(drops).set(values).where(eq(drops.id, id)).returning();
      return row!;
    },

    async isMember(db: DbOrTx, dropId: string, householdId: string): Promise<boolean> {
      const [row] = await db.select({ id: dropMembers.dropId }).from(dropMembers).where(and(eq(dropMembers.dropId, dropId), eq(dropMembers.householdId, householdId)));
      return row !== undefined;
    },

    /** Whether the household is public (read-models.ts), for a drop's host. */
    async householdIsPublic(db: DbOrTx, id: string): Promise<boolean> {
      const [row] = await db.select({ id: households.id }).from(households).where(and(eq(households.id, id), isPublicHousehold('households.id')));
      return row !== undefined;
    },

    async household(db: DbOrTx, id: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db.select({ id: households.id, name: households.name }).from(households).where(eq(households.id, id));
      return row ?? null;
    },

    /** The members of the drops, the host first, then in the order they joined. */
    async members(db: DbOrTx, dropIds: string[]): Promise<MemberRow[]> {
      if (dropIds.length === 0) return [];
      return db.select({
        dropId: dropMembers.dropId, id: households.id, name: households.name, avatar: households.avatar, joinedAt: dropMembers.joinedAt,
        isPublic: sql<boolean>`${isPublicHousehold('households.id')}`,
      }).from(dropMembers)
        .innerJoin(households, eq(households.id, dropMembers.householdId))
        .innerJoin(drops, eq(drops.id, dropMembers.dropId))
        .where(inArray(dropMembers.dropId, dropIds))
        .orderBy(asc(dropMembers.dropId), sql`${households.id} <> ${drops.hostHouseholdId}`, asc(dropMembers.joinedAt), asc(households.id));
    },

    /** Orders (not cancelled) per drop and household: `${dropId}:${householdId}` -> count. */
    async orderCountsByHousehold(db: DbOrTx, dropIds: string[]): Promise<Map<string, number>> {
      if (dropIds.length === 0) return new Map();
      const rows = await db.select({ dropId: orders.dropId, householdId: orders.householdId, count: sql<number>`count(*)::int` }).from(orders)
        .where(and(inArray(orders.dropId, dropIds), ne(orders.status, 'cancelled')))
        .groupBy(orders.dropId, orders.householdId);
      return new Map(rows.map((r) => [`${r.dropId}:${r.householdId}`, r.count]));
    },

    /** Orders (not cancelled) per drop; of one household when given. */
    async orderCounts(db: DbOrTx, dropIds: string[], householdId?: string): Promise<Map<string, number>> {
      if (dropIds.length === 0) return new Map();
      const rows = await db.select({ dropId: orders.dropId, count: sql<number>`count(*)::int` }).from(orders)
        .where(and(inArray(orders.dropId, dropIds), ne(orders.status, 'cancelled'), ...(householdId ? [eq(orders.householdId, householdId)] : [])))
        .groupBy(orders.dropId);
      return new Map(rows.map((r) => [r.dropId!, r.count]));
    },

    /**
     * Upcoming drops for anyone: not cancelled, from..to, hosted by a public household, with a
     * public member `householdId` when given, the town's key containing `townKey`; soonest first.
     */
    async listPublic(db: DbOrTx, q: { from: string; to: string; townKey: string; householdId?: string; after?: { date: string; opens: string; id: string }; limit: number }): Promise<DropRow[]> {
      const where: SQL[] = [isNull(drops.cancelledAt), gte(drops.date, q.from), lte(drops.date, q.to), isPublicHousehold('drops.host_household_id')];
      if (q.townKey) where.push(sql`strpos(${drops.townKey}, ${q.townKey}) > 0`);
      if (q.householdId) {
        where.push(sql`EXISTS (SELECT 1 FROM drop_members m WHERE m.drop_id = ${drops.id} AND m.household_id = ${q.householdId}::uuid AND ${isPublicHousehold('m.household_id')})`);
      }
      if (q.after) where.push(sql`(${drops.date}, ${drops.opens}, ${drops.id}) > (${q.after.date}::date, ${q.after.opens}, ${q.after.id}::uuid)`);
      return db.select().from(drops).where(and(...where)).orderBy(asc(drops.date), asc(drops.opens), asc(drops.id)).limit(q.limit + 1);
    },

    /** The drops a household hosts or is a member of, from..to (cancelled ones too), soonest first. */
    async listOwn(db: DbOrTx, q: { householdId: string; from: string; to: string; after?: { date: string; opens: string; id: string }; limit: number }): Promise<DropRow[]> {
      const where: SQL[] = [
        gte(drops.date, q.from), lte(drops.date, q.to),
        sql`EXISTS (SELECT 1 FROM drop_members m WHERE m.drop_id = ${drops.id} AND m.household_id = ${q.householdId}::uuid)`,
      ];
      if (q.after) where.push(sql`(${drops.date}, ${drops.opens}, ${drops.id}) > (${q.after.date}::date, ${q.after.opens}, ${q.after.id}::uuid)`);
      return db.select().from(drops).where(and(...where)).orderBy(asc(drops.date), asc(drops.opens), asc(drops.id)).limit(q.limit + 1);
    },

    /** The orderable products of the households: public, offered, not archived; by household then name. */
    async products(db: DbOrTx, householdIds: string[]): Promise<ProductReadRow[]> {
      if (householdIds.length === 0) return [];
      const rows = await db.select(productColumns).from(products)
        .innerJoin(households, eq(households.id, products.householdId))
        .where(and(inArray(products.householdId, householdIds), eq(products.availability, true), productOfJoinedHouseholdIsPublicSql('products', 'households')))
        .orderBy(asc(households.name), asc(products.name), asc(products.id));
      return rows as ProductReadRow[];
    },

    /**
     * Records that the followers of `householdId` were told of each drop; returns those told
     * now (a follower already told of the drop is not returned again: the primary key decides).
     */
    async announce(db: DbOrTx, dropIds: string[], householdId: string, now: Date): Promise<Person[]> {
      if (dropIds.length === 0) return [];
      const { rows } = await db.execute<{ user_id: string }>(sql`
        INSERT INTO drop_announcements (drop_id, user_id, household_id, created_at)
        SELECT d.id, f.user_id, f.household_id, ${now.toISOString()}::timestamptz
        FROM unnest(${`{${dropIds.join(',')}}`}::uuid[]) AS d(id)
        JOIN follows f ON f.household_id = ${householdId}::uuid AND f.user_id <> ${householdId}::uuid
        ON CONFLICT DO NOTHING
        RETURNING user_id`);
      const ids = [...new Set(rows.map((t) => t.user_id))];
      if (ids.length === 0) return [];
      return db.select(personColumns('drop_announced')).from(users).where(and(inArray(users.id, ids), isNull(users.suspendedAt)));
    },

    /** Orders of the drop, not cancelled, with their buyers (who want drop_changed mail). */
    async buyersOf(db: DbOrTx, dropId: string, statuses: OrderStatus[] = OPEN_ORDER_STATUSES): Promise<Person[]> {
      return db.selectDistinct(personColumns('drop_changed')).from(orders).innerJoin(users, eq(users.id, orders.buyerId))
        .where(and(eq(orders.dropId, dropId), inArray(orders.status, statuses)));
    },

    /** Orders of the drop waiting for their hand-over, locked. */
    async lockOpenOrders(db: DbOrTx, dropId: string): Promise<{ id: string; number: number; buyerId: string; householdId: string; updatedAt: Date }[]> {
      return db.select({ id: orders.id, number: orders.number, buyerId: orders.buyerId, householdId: orders.householdId, updatedAt: orders.updatedAt })
        .from(orders).where(and(eq(orders.dropId, dropId), inArray(orders.status, OPEN_ORDER_STATUSES))).orderBy(asc(orders.id)).for('update');
    },

    async people(db: DbOrTx, ids: string[], kind: 'drop_changed' | 'order_status'): Promise<Person[]> {
      if (ids.length === 0) return [];
      return db.select(personColumns(kind)).from(users).where(inArray(users.id, ids));
    },

    async setOrderStatus(db: DbOrTx, id: string, status: OrderStatus, at: Date, actorId: string): Promise<void> {
      await db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, id));
      await db.insert(orderEvents).values({ orderId: id, status, actorId, createdAt: at });
    },

    /** The stock of limited products back for every line of the orders, in product id order. */
    async returnStock(db: DbOrTx, orderIds: string[], now: Date): Promise<string[]> {
      if (orderIds.length === 0) return [];
      const lines = await db.select({ productId: orderItems.productId, quantity: sql<string>`sum(${orderItems.quantity})` })
        .from(orderItems).where(inArray(orderItems.orderId, orderIds)).groupBy(orderItems.productId).orderBy(asc(orderItems.productId));
      for (const line of lines) {
        await db.update(products).set({ stock: sql`${products.stock} + ${line.quantity}::numeric`, updatedAt: now })
          .where(and(eq(products.id, line.productId), sql`${products.stock} IS NOT NULL`));
      }
      return lines.map((l) => l.productId);
    },

    /** The drop's orders of one household that are not cancelled (leaving is refused while there are any). */
    async hasOrders(db: DbOrTx, dropId: string, householdId: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders)
        .where(and(eq(orders.dropId, dropId), eq(orders.householdId, householdId), ne(orders.status, 'cancelled'))).limit(1);
      return row !== undefined;
    },

    /** Keeps the orders' copied day and hour in step with their drop. */
    async moveOrders(db: DbOrTx, dropId: string, date: string, time: string, now: Date): Promise<void> {
      await db.update(orders).set({ pickupDate: date, pickupTime: time, updatedAt: now })
        .where(and(eq(orders.dropId, dropId), or(ne(orders.pickupDate, date), ne(orders.pickupTime, time))));
    },

    /** One household's orders for a drop (not cancelled) with lines and buyers, by order number. */
    async picklistOrders(db: DbOrTx, dropId: string, householdId: string) {
      const rows = await db.select({
        id: orders.id, number: orders.number, status: orders.status, buyerName: users.name, buyerDeleted: users.deletedAt,
        contactPhone: orders.contactPhone, notes: orders.notes, totalPara: orders.totalPara,
        paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus, paidAt: orders.paidAt, paymentReportedAt: orders.paymentReportedAt,
      }).from(orders).innerJoin(users, eq(users.id, orders.buyerId))
        .where(and(eq(orders.dropId, dropId), eq(orders.householdId, householdId), ne(orders.status, 'cancelled')))
        .orderBy(asc(orders.number));
      const items = rows.length === 0 ? [] : await db.select().from(orderItems)
        .where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.name), asc(orderItems.id));
      return rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.id) }));
    },

    async language(db: DbOrTx, userId: string): Promise<Language> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? 'sr';
    },

    // --- hand-over marks ---

    /** The household's orders among `ids`, locked in id order (two devices' requests wait for each other). */
    async lockOwnOrders(db: DbOrTx, ids: string[], householdId: string) {
      if (ids.length === 0) return [];
      return db.select({ id: orders.id, status: orders.status, updatedAt: orders.updatedAt }).from(orders)
        .where(and(inArray(orders.id, ids), eq(orders.householdId, householdId))).orderBy(asc(orders.id)).for('update');
    },

    async knownMarks(db: DbOrTx, clientIds: string[]): Promise<Set<string>> {
      if (clientIds.length === 0) return new Set();
      const rows = await db.select({ clientId: handoverMarks.clientId }).from(handoverMarks).where(inArray(handoverMarks.clientId, clientIds));
      return new Set(rows.map((r) => r.clientId));
    },

    /** Of `orderIds`, those with a line whose price is still an estimate (src/shared/weight-price.ts). */
    async unweighed(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db.selectDistinct({ orderId: orderItems.orderId }).from(orderItems)
        .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.pricing, 'weight'), isNull(orderItems.weight)));
      return new Set(rows.map((r) => r.orderId));
    },

    /** The `at` of the latest applied mark of each order. */
    async latestMarks(db: DbOrTx, orderIds: string[]): Promise<Map<string, Date>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db.select({ orderId: handoverMarks.orderId, at: sql<Date>`max(${handoverMarks.at})`.mapWith((v: string | Date) => new Date(v)) })
        .from(handoverMarks).where(and(inArray(handoverMarks.orderId, orderIds), eq(handoverMarks.applied, true))).groupBy(handoverMarks.orderId);
      return new Map(rows.map((r) => [r.orderId, r.at]));
    },

    async insertMarks(db: DbOrTx, rows: (typeof handoverMarks.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(handoverMarks).values(rows).onConflictDoNothing();
    },
  };
}

export type DropsRepository = ReturnType<typeof createDropsRepository>;
