import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Language, Unit } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { productIsPublicSql } from '../../db/read-models.ts';
import { households, products, standingOrderCycles, standingOrders, users, type StoredDelivery, type StoredPickupPoint } from '../../db/schema.ts';

/** The only module of the standing feature that touches the schema. */

export type StandingRow = typeof standingOrders.$inferSelect;
export type StandingValues = Omit<typeof standingOrders.$inferInsert, 'id'>;
export type CycleRow = typeof standingOrderCycles.$inferSelect;

export interface StandingProduct {
  id: string; householdId: string; name: string; unit: Unit; pricePara: number;
  stock: number | null; quantityStep: number; availableFrom: string | null; orderable: boolean;
  pricing: 'unit' | 'weight'; pieceWeight: number | null;
}

export interface StandingHousehold {
  id: string; name: string; pickupPoints: StoredPickupPoint[]; delivery: StoredDelivery; minimumOrderPara: number;
  paymentCash: boolean; ipsAccount: string | null; standingCutoffHours: number;
}

/** A standing order with what the cycles need: its household's cutoff and name, and who to tell. */
export interface DueCandidate extends StandingRow {
  cutoffHours: number; householdName: string;
  buyerEmail: string; buyerName: string; buyerLanguage: Language; buyerWantsMail: boolean;
}

/** When a standing order's cycles fall: its first date, every how many weeks, its household's cutoff. */
export interface ScheduleRow { id: string; anchorDate: string; everyWeeks: number; cutoffHours: number }

export function createStandingRepository() {
  return {
    async products(db: DbOrTx, ids: string[]): Promise<StandingProduct[]> {
      if (ids.length === 0) return [];
      return db.select({
        id: products.id, householdId: products.householdId, name: products.name, unit: products.unit, pricePara: products.pricePara,
        stock: products.stock, quantityStep: products.quantityStep, availableFrom: products.availableFrom,
        pricing: products.pricing, pieceWeight: products.pieceWeight,
        orderable: sql<boolean>`(${products.availability} AND ${productIsPublicSql('products')})`,
      }).from(products).where(inArray(products.id, ids));
    },

    async household(db: DbOrTx, id: string): Promise<StandingHousehold | null> {
      const [row] = await db.select({
        id: households.id, name: households.name, pickupPoints: households.pickupPoints, delivery: households.delivery,
        minimumOrderPara: households.minimumOrderPara, paymentCash: households.paymentCash, ipsAccount: households.ipsAccount,
        standingCutoffHours: households.standingCutoffHours,
      }).from(households).where(eq(households.id, id));
      return row ?? null;
    },

    async insert(db: DbOrTx, values: StandingValues): Promise<StandingRow> {
      const [row] = await db.insert(standingOrders).values(values).returning();
      return row!;
    },

    async update(db: DbOrTx, id: string, values: Partial<StandingValues>): Promise<StandingRow> {
      const [row] = await db.update(standingOrders).set(values).where(eq(standingOrders.id, id)).returning();
      return row!;
    },

    /** The buyer's own standing order, locked for a change; null for anyone else's. */
    async lockOwn(db: DbOrTx, buyerId: string, id: string): Promise<StandingRow | null> {
      const [row] = await db.select().from(standingOrders).where(and(eq(standingOrders.id, id), eq(standingOrders.buyerId, buyerId))).for('update');
      return row ?? null;
    },

    async byId(db: DbOrTx, id: string): Promise<StandingRow | null> {
      const [row] = await db.select().from(standingOrders).where(eq(standingOrders.id, id));
      return row ?? null;
    },

    /** The buyer's standing orders, newest first, after the (createdAt, id) of the previous page. */
    async listOwn(db: DbOrTx, buyerId: string, opts: { status?: StandingRow['status']; after?: { createdAt: Date; id: string }; limit: number }) {
      const where = [eq(standingOrders.buyerId, buyerId)];
      if (opts.status) where.push(eq(standingOrders.status, opts.status));
      if (opts.after) {
        where.push(or(lt(standingOrders.createdAt, opts.after.createdAt),
          and(eq(standingOrders.createdAt, opts.after.createdAt), lt(standingOrders.id, opts.after.id)))!);
      }
      const rows = await db.select().from(standingOrders).where(and(...where))
        .orderBy(desc(standingOrders.createdAt), desc(standingOrders.id)).limit(opts.limit + 1);
      return { rows: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
    },

    /** Names of products and households, for the answers. */
    async names(db: DbOrTx, productIds: string[], householdIds: string[]) {
      const [p, h] = await Promise.all([
        productIds.length ? db.select({ id: products.id, name: products.name, unit: products.unit }).from(products).where(inArray(products.id, productIds)) : [],
        householdIds.length ? db.select({ id: households.id, name: households.name }).from(households).where(inArray(households.id, householdIds)) : [],
      ]);
      return { products: new Map(p.map((r) => [r.id, r])), households: new Map(h.map((r) => [r.id, r.name])) };
    },

    /** Cycle rows (any status) of these standing orders on or after `from`. */
    async cyclesFrom(db: DbOrTx, ids: string[], from: string): Promise<CycleRow[]> {
      if (ids.length === 0) return [];
      // One array parameter, not one parameter per id: the scheduler passes every live standing
      // order (50,000 in the scale bench), past the protocol's 65,535 parameters at 66,000.
      return db.select().from(standingOrderCycles)
        .where(and(sql`${standingOrderCycles.standingOrderId} = ANY(${sql.param(ids)}::uuid[])`, gte(standingOrderCycles.date, from)));
    },

    /**
     * A page of the standing orders that may have a cycle to place (active, or paused until a
     * date), in id order after `after`: only what says when their cycles fall. The scheduler
     * reads them page by page, so its memory does not grow with the number of standing orders.
     */
    async schedulePage(db: DbOrTx, after: string | null, limit: number): Promise<ScheduleRow[]> {
      return db.select({ id: standingOrders.id, anchorDate: standingOrders.anchorDate, everyWeeks: standingOrders.everyWeeks, cutoffHours: households.standingCutoffHours })
        .from(standingOrders)
        .innerJoin(households, eq(households.id, standingOrders.householdId))
        .where(and(
          or(eq(standingOrders.status, 'active'), and(eq(standingOrders.status, 'paused'), sql`${standingOrders.pausedUntil} IS NOT NULL`)),
          after ? sql`${standingOrders.id} > ${after}` : undefined,
        ))
        .orderBy(standingOrders.id).limit(limit);
    },

    /** What placing or skipping the cycles of these standing orders needs: the order, its household's name, its buyer's address. */
    async dueCandidates(db: DbOrTx, ids: string[]): Promise<DueCandidate[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({
        so: standingOrders, cutoffHours: households.standingCutoffHours, householdName: households.name,
        buyerEmail: users.email, buyerName: users.name, buyerLanguage: users.language,
        buyerWantsMail: sql<boolean>`(${users.notifyByEmail} AND coalesce((${users.notificationSettings}->'standing_skipped'->>'mail')::boolean, true))`,
      }).from(standingOrders)
        .innerJoin(households, eq(households.id, standingOrders.householdId))
        .innerJoin(users, eq(users.id, standingOrders.buyerId))
        .where(sql`${standingOrders.id} = ANY(${sql.param(ids)}::uuid[])`);
      return rows.map((r) => ({ ...r.so, cutoffHours: r.cutoffHours, householdName: r.householdName, buyerEmail: r.buyerEmail, buyerName: r.buyerName, buyerLanguage: r.buyerLanguage, buyerWantsMail: r.buyerWantsMail }));
    },

    /**
     * Claims one cycle: inserts its row, or takes over a claim left `staleBefore` by an
     * instance that died (only after `notBefore`, while the checkout's idempotency key of the
     * first attempt still exists to replay its answer). True when this caller now owns it.
     */
    async claim(db: DbOrTx, id: string, date: string, now: Date, stale: { before: Date; notBefore: Date }): Promise<boolean> {
      const inserted = await db.insert(standingOrderCycles).values({ standingOrderId: id, date, status: 'claimed', claimedAt: now })
        .onConflictDoNothing().returning({ date: standingOrderCycles.date });
      if (inserted.length > 0) return true;
      const taken = await db.update(standingOrderCycles).set({ claimedAt: now })
        .where(and(eq(standingOrderCycles.standingOrderId, id), eq(standingOrderCycles.date, date), eq(standingOrderCycles.status, 'claimed'),
          lt(standingOrderCycles.claimedAt, stale.before), gte(standingOrderCycles.claimedAt, stale.notBefore)))
        .returning({ date: standingOrderCycles.date });
      return taken.length > 0;
    },

    /** The buyer's skip, decided by the same key as the cycles: false when the cycle was already acted on. */
    async insertSkip(db: DbOrTx, id: string, date: string, now: Date): Promise<CycleRow | null> {
      const inserted = await db.insert(standingOrderCycles).values({ standingOrderId: id, date, status: 'skipped', reason: 'skipped_by_buyer', claimedAt: now, doneAt: now })
        .onConflictDoNothing().returning();
      if (inserted[0]) return null;
      const [existing] = await db.select().from(standingOrderCycles).where(and(eq(standingOrderCycles.standingOrderId, id), eq(standingOrderCycles.date, date)));
      return existing ?? null;
    },

    async finishCycle(db: DbOrTx, id: string, date: string, outcome: { status: 'ordered' | 'skipped'; reason: string | null; orderId: string | null }, now: Date) {
      await db.update(standingOrderCycles).set({ ...outcome, doneAt: now })
        .where(and(eq(standingOrderCycles.standingOrderId, id), eq(standingOrderCycles.date, date)));
      if (outcome.orderId) await db.update(standingOrders).set({ lastOrderId: outcome.orderId }).where(eq(standingOrders.id, id));
    },

    /** A pause whose last day has passed ends: the standing order is active again. */
    async endPause(db: DbOrTx, id: string, now: Date) {
      await db.update(standingOrders).set({ status: 'active', pausedUntil: null, updatedAt: now })
        .where(and(eq(standingOrders.id, id), eq(standingOrders.status, 'paused')));
    },

    /** The household's live standing orders (not cancelled), for the demand forecast. */
    async ofHousehold(db: DbOrTx, householdId: string): Promise<StandingRow[]> {
      return db.select().from(standingOrders).where(and(eq(standingOrders.householdId, householdId), ne(standingOrders.status, 'cancelled')));
    },
  };
}

export type StandingRepository = ReturnType<typeof createStandingRepository>;
