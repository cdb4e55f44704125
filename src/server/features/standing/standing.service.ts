import { z } from 'zod';
import { planCheckout, type PlanHousehold, type PlanLine } from '#shared/checkout-plan.ts';
import type { CreateOrderInput } from '#shared/contracts/orders.ts';
import type {
  CreateStandingOrderInput, StandingDemand, StandingOrder, UpdateStandingOrderInput,
} from '#shared/contracts/standing-orders.ts';
import {
  cycleDatesBetween, cycleDueAt, firstCycleDate, isCycleDate, isOrderedDate, nextCycleDate, pauseEndAllowed,
} from '#shared/standing-schedule.ts';
import { addDays, belgradeToday, type IsoDate } from '#shared/time.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { mapLimit } from '../../lib/map-limit.ts';
import { createNotification } from '../../domain/notifications.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { standingSkippedMail } from './standing.mails.ts';
import type { DueCandidate, StandingHousehold, StandingProduct, StandingRepository, StandingRow, StandingValues } from './standing.repository.ts';

/**
 * Standing orders (docs/standing-orders.md): the buyer's schedule, and the cycles that turn it
 * into real orders through the checkout itself (`placeOrder`, the orders feature's POST
 * /api/orders path, handed in by app.ts), at most once per (standing order, date): the
 * standing_order_cycles primary key decides who places a cycle.
 */

/** What the checkout answers: 201 with the orders, or a refusal as the API gives it. */
export interface PlaceAnswer { status: number; body: unknown }
export type PlaceOrder = (buyerId: string, idempotencyKey: string, body: CreateOrderInput) => Promise<PlaceAnswer>;

export interface StandingServiceDeps {
  db: Db;
  repo: StandingRepository;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
  placeOrder: PlaceOrder;
  publicUrl: string;
  log?: { warn: (obj: object, msg: string) => void };
}

/** A claim older than this is an instance that died mid-cycle; its cycle is tried again with the same checkout key. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** ...but only while that key can still replay (the checkout keeps keys 24 h: orders/idempotency.ts). */
export const RECLAIM_WINDOW_MS = 20 * 3_600_000;
/** Past cycles further back than this are not caught up after downtime (nothing is said about them). */
export const CATCH_UP_DAYS = 28;
/** Cycles placed per run; the scheduler runs every minute, the CLI until nothing is left. */
export const CYCLES_PER_RUN = 1000;
/**
 * Standing orders placed at once in a run (each one's cycles one after another, oldest first):
 * a checkout waits on the database most of its time. Bounded below the pool's connections, so
 * requests served beside the scheduler still find one.
 */
export const CYCLE_CONCURRENCY = 4;
/** Standing orders read per page when looking for due cycles. */
const SCHEDULE_PAGE = 2000;

export interface RunResult { ordered: number; skipped: number; failed: number; remaining: boolean }

/** How much one run may place: at most `max` cycles, `concurrency` standing orders at a time. */
export interface RunLimits { max?: number; concurrency?: number }

const standingCursor = z.tuple([z.iso.datetime(), z.uuid()]).transform(([at, id]) => ({ createdAt: new Date(at), id }));

/** The checkout's refusal code as the reason a cycle was skipped. */
function reasonOf(answer: PlaceAnswer): string {
  const code = (answer.body as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('order.')) return code.slice('order.'.length);
  return 'other';
}

const planHousehold = (h: StandingHousehold): PlanHousehold => ({
  id: h.id, name: h.name, pickupPoints: h.pickupPoints, delivery: h.delivery, minimumOrderPara: h.minimumOrderPara,
  payment: { cash: h.paymentCash, ipsAccount: h.ipsAccount },
});

type Fulfilment = Pick<StandingRow, 'deliveryType' | 'pickupPointId' | 'time' | 'deliveryArea' | 'deliveryAddress' | 'paymentMethod' | 'contactPhone' | 'notes'>;

/** The checkout body of one cycle: the per-household form of POST /api/orders. */
export function cycleOrderBody(so: Pick<StandingRow, 'householdId' | 'items'> & Fulfilment, date: IsoDate): CreateOrderInput {
  return {
    items: so.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    contactPhone: so.contactPhone,
    notes: so.notes,
    households: [{
      householdId: so.householdId, deliveryType: so.deliveryType, pickupPointId: so.pickupPointId ?? undefined, dropId: undefined, date,
      time: so.time ?? undefined, deliveryArea: so.deliveryArea ?? undefined, deliveryAddress: so.deliveryAddress ?? undefined,
      paymentMethod: so.paymentMethod,
    }],
  };
}

export function createStandingService({ db, repo, clock, outbox, placeOrder, publicUrl, log }: StandingServiceDeps) {
  async function toDtos(rows: StandingRow[], now: Date): Promise<StandingOrder[]> {
    const today = belgradeToday(now);
    const [names, cycles] = await Promise.all([
      repo.names(db, [...new Set(rows.flatMap((r) => r.items.map((i) => i.productId)))], [...new Set(rows.map((r) => r.householdId))]),
      repo.cyclesFrom(db, rows.map((r) => r.id), today),
    ]);
    return rows.map((r) => {
      const handled = new Set(cycles.filter((c) => c.standingOrderId === r.id).map((c) => c.date));
      return {
        id: r.id, householdId: r.householdId, householdName: names.households.get(r.householdId) ?? '',
        items: r.items.map((i) => ({ productId: i.productId, name: names.products.get(i.productId)?.name ?? '', quantity: i.quantity })),
        everyWeeks: r.everyWeeks, weekday: r.weekday, deliveryType: r.deliveryType, pickupPointId: r.pickupPointId, time: r.time,
        deliveryArea: r.deliveryArea, deliveryAddress: r.deliveryAddress, paymentMethod: r.paymentMethod, contactPhone: r.contactPhone,
        notes: r.notes, status: r.status, pausedUntil: r.pausedUntil, skipDates: [...r.skipDates].filter((d) => d >= today).sort(),
        nextDate: nextCycleDate({ anchor: r.anchorDate, everyWeeks: r.everyWeeks, status: r.status, pausedUntil: r.pausedUntil, skipDates: r.skipDates }, today, handled),
        lastOrderId: r.lastOrderId,
      };
    });
  }
  const toDto = async (row: StandingRow, now: Date) => (await toDtos([row], now))[0]!;

  /**
   * The products (all orderable, of one household, not the buyer's own) and the household;
   * then the checkout plan of 13.1 for `date` as it will be judged when the cycle is due.
   */
  async function checkSchedule(tx: DbOrTx, buyerId: string, items: { productId: string; quantity: number }[], f: Fulfilment, date: (h: StandingHousehold) => IsoDate) {
    const merged = new Map<string, number>();
    for (const i of items) merged.set(i.productId, Math.round(((merged.get(i.productId) ?? 0) + i.quantity) * 1000) / 1000);
    const found = new Map((await repo.products(tx, [...merged.keys()])).map((p) => [p.id, p]));
    const unavailable = [...merged.keys()].filter((id) => !found.get(id)?.orderable);
    if (unavailable.length > 0) {
      throw conflict('order.product_unavailable', 'Some products are no longer available',
        unavailable.map((productId) => ({ productId, message: 'Product is not available' })));
    }
    const products = [...merged.keys()].map((id) => found.get(id)!);
    const householdId = products[0]!.householdId;
    if (products.some((p) => p.householdId !== householdId)) {
      throw validationFailed([{ field: 'items', message: 'A standing order holds the products of one household' }]);
    }
    if (householdId === buyerId) throw new AppError(403, 'order.own_product', 'You cannot order your own products');
    const household = (await repo.household(tx, householdId))!;
    const first = date(household);
    const body = cycleOrderBody({ householdId, items: [...merged].map(([productId, quantity]) => ({ productId, quantity })), ...f }, first);
    const lines: PlanLine[] = products.map((p: StandingProduct, itemIndex) => ({
      product: {
        id: p.id, householdId: p.householdId, name: p.name, pricePara: p.pricePara, pricing: p.pricing, pieceWeight: p.pieceWeight,
        quantityStep: p.quantityStep, availableFrom: p.availableFrom,
      },
      quantity: merged.get(p.id)!, itemIndex,
    }));
    const plan = planCheckout({ lines, households: new Map([[householdId, planHousehold(household)]]), choices: body.households, body, now: cycleDueAt(first, household.standingCutoffHours) });
    if (!plan.ok) throw new AppError(plan.problem.status, plan.problem.code, plan.problem.message, plan.problem.details);
    return { household, first, items: [...merged].map(([productId, quantity]) => ({ productId, quantity })) };
  }

  const fulfilmentOf = (b: Partial<CreateStandingOrderInput>, current?: Fulfilment): Fulfilment => {
    const deliveryType = b.deliveryType ?? current?.deliveryType ?? 'pickup';
    const changedType = b.deliveryType !== undefined && b.deliveryType !== current?.deliveryType;
    const keep = <K extends keyof Fulfilment>(k: K, v: Fulfilment[K] | undefined): Fulfilment[K] | null =>
      v !== undefined ? v : changedType ? null : (current?.[k] ?? null);
    return {
      deliveryType,
      pickupPointId: keep('pickupPointId', b.pickupPointId),
      time: keep('time', b.time),
      deliveryArea: keep('deliveryArea', b.deliveryArea),
      deliveryAddress: keep('deliveryAddress', b.deliveryAddress),
      paymentMethod: b.paymentMethod ?? current?.paymentMethod ?? 'cash',
      contactPhone: b.contactPhone ?? current?.contactPhone ?? '',
      notes: b.notes !== undefined ? (b.notes || null) : (current?.notes ?? null),
    };
  };

  /** Tells the buyer (notification centre and mail) that a cycle was not ordered, with the outcome, in one transaction. */
  async function skipAndTell(c: DueCandidate, date: IsoDate, reason: string, now: Date) {
    await db.transaction(async (tx) => {
      await repo.finishCycle(tx, c.id, date, { status: 'skipped', reason, orderId: null }, now);
      await createNotification(tx, { userId: c.buyerId, type: 'standing_skipped', data: { reason, date, householdName: c.householdName, standingOrderId: c.id }, createdAt: now });
      if (c.buyerWantsMail) {
        await enqueueMail(tx, standingSkippedMail({ email: c.buyerEmail, name: c.buyerName, language: c.buyerLanguage }, { householdName: c.householdName, date, reason, publicUrl }));
      }
    });
  }

  /** One claimed cycle: ordered through the checkout, or skipped (silently when the buyer skipped or paused it). */
  async function runCycle(c: DueCandidate, date: IsoDate, now: Date): Promise<'ordered' | 'skipped' | 'failed'> {
    // Read again after the claim: a skip or pause committed before it is seen here.
    const fresh = await repo.byId(db, c.id);
    if (!fresh || fresh.status === 'cancelled') {
      await repo.finishCycle(db, c.id, date, { status: 'skipped', reason: 'cancelled', orderId: null }, now);
      return 'skipped';
    }
    const state = { anchor: fresh.anchorDate, everyWeeks: fresh.everyWeeks, status: fresh.status, pausedUntil: fresh.pausedUntil, skipDates: fresh.skipDates };
    if (!isOrderedDate(state, date)) {
      await repo.finishCycle(db, c.id, date, { status: 'skipped', reason: fresh.skipDates.includes(date) ? 'skipped_by_buyer' : 'paused', orderId: null }, now);
      return 'skipped';
    }
    if (fresh.status === 'paused') await repo.endPause(db, c.id, now);
    if (date < belgradeToday(now)) {
      await skipAndTell(c, date, 'date_passed', now);
      return 'skipped';
    }
    let answer: PlaceAnswer;
    try {
      answer = await placeOrder(c.buyerId, `standing:${c.id}:${date}`, cycleOrderBody(fresh, date));
    } catch (err) {
      // Left claimed: tried again with the same checkout key once the claim is stale.
      log?.warn({ err, standingOrderId: c.id, date }, 'standing order cycle failed');
      return 'failed';
    }
    if (answer.status === 201) {
      const orderId = (answer.body as { orders: { id: string }[] }).orders[0]!.id;
      await repo.finishCycle(db, c.id, date, { status: 'ordered', reason: null, orderId }, now);
      return 'ordered';
    }
    if (answer.status === 409 && reasonOf(answer) === 'other') {
      // idempotency.in_progress: another attempt of the same cycle is still running.
      return 'failed';
    }
    await skipAndTell(c, date, reasonOf(answer), now);
    return 'skipped';
  }

  return {
    async list(buyerId: string, query: { status?: StandingRow['status']; cursor?: string; limit: number }) {
      const page = await repo.listOwn(db, buyerId, { status: query.status, after: decodeCursor(query.cursor, standingCursor), limit: query.limit });
      const last = page.rows.at(-1);
      return { items: await toDtos(page.rows, clock()), nextCursor: page.hasMore && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null };
    },

    async create(buyerId: string, body: CreateStandingOrderInput): Promise<StandingOrder> {
      const now = clock();
      const f = fulfilmentOf(body);
      const row = await db.transaction(async (tx) => {
        const { household, first, items } = await checkSchedule(tx, buyerId, body.items, f, (h) => firstCycleDate(body.weekday, h.standingCutoffHours, now));
        const values: StandingValues = {
          buyerId, householdId: household.id, items, everyWeeks: body.everyWeeks, weekday: body.weekday, anchorDate: first, ...f,
          status: 'active', pausedUntil: null, skipDates: [], lastOrderId: null, updatedAt: now,
        };
        return repo.insert(tx, { ...values, createdAt: now });
      });
      return toDto(row, now);
    },

    async update(buyerId: string, id: string, body: UpdateStandingOrderInput): Promise<StandingOrder> {
      const now = clock();
      const today = belgradeToday(now);
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockOwn(tx, buyerId, id);
        if (!current) throw notFound('Standing order');
        if (current.status === 'cancelled') throw conflict('standing.cancelled', 'This standing order is cancelled');
        const values: Partial<StandingValues> = { updatedAt: now };
        const scheduleChanged = body.weekday !== undefined || body.everyWeeks !== undefined;
        const fulfilmentChanged = (['deliveryType', 'pickupPointId', 'time', 'deliveryArea', 'deliveryAddress', 'paymentMethod', 'contactPhone', 'notes'] as const).some((k) => body[k] !== undefined);
        if (body.items || scheduleChanged || fulfilmentChanged) {
          const f = fulfilmentOf(body, current);
          const weekday = body.weekday ?? current.weekday;
          const everyWeeks = body.everyWeeks ?? current.everyWeeks;
          const checked = await checkSchedule(tx, buyerId, body.items ?? current.items, f, (h) => {
            const first = firstCycleDate(weekday, h.standingCutoffHours, now);
            if (scheduleChanged) return first;
            // The same schedule: the first of its dates whose cutoff is still ahead.
            let d = first;
            while (!isCycleDate(d, current.anchorDate, current.everyWeeks)) d = addDays(d, 7);
            return d;
          });
          if (checked.household.id !== current.householdId) throw validationFailed([{ field: 'items', message: 'A standing order stays with its household' }]);
          Object.assign(values, f, { items: checked.items });
          if (scheduleChanged) Object.assign(values, { weekday, everyWeeks, anchorDate: checked.first });
        }
        if (body.pausedUntil !== undefined && body.pausedUntil !== null && !pauseEndAllowed(body.pausedUntil, today)) {
          throw validationFailed([{ field: 'pausedUntil', message: 'The pause cannot end before today' }]);
        }
        if (body.status === 'cancelled') values.status = 'cancelled';
        else if (body.status === 'active') Object.assign(values, { status: 'active', pausedUntil: null });
        else if (body.status === 'paused') Object.assign(values, { status: 'paused', pausedUntil: body.pausedUntil ?? null });
        else if (body.pausedUntil !== undefined) {
          Object.assign(values, body.pausedUntil === null ? { status: 'active', pausedUntil: null } : { status: 'paused', pausedUntil: body.pausedUntil });
        }
        return repo.update(tx, id, values);
      });
      return toDto(row, now);
    },

    async cancel(buyerId: string, id: string): Promise<StandingOrder> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockOwn(tx, buyerId, id);
        if (!current) throw notFound('Standing order');
        if (current.status === 'cancelled') return current;
        return repo.update(tx, id, { status: 'cancelled', updatedAt: now });
      });
      return toDto(row, now);
    },

    /**
     * Skips one cycle. Decided by the cycles key: a cycle already ordered (or being placed)
     * cannot be skipped (409 standing.already_ordered; cancel that order instead); skipping a
     * skipped date again changes nothing.
     */
    async skip(buyerId: string, id: string, date: IsoDate): Promise<StandingOrder> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockOwn(tx, buyerId, id);
        if (!current) throw notFound('Standing order');
        if (current.status === 'cancelled') throw conflict('standing.cancelled', 'This standing order is cancelled');
        if (date < belgradeToday(now) || !isCycleDate(date, current.anchorDate, current.everyWeeks)) {
          throw validationFailed([{ field: 'date', message: 'Not one of this standing order\'s coming dates' }]);
        }
        const existing = await repo.insertSkip(tx, id, date, now);
        if (existing && existing.status !== 'skipped') {
          throw conflict('standing.already_ordered', 'This date has already been ordered; cancel that order instead', [{ field: 'date', message: 'Already ordered', orderId: existing.orderId }]);
        }
        if (current.skipDates.includes(date)) return current;
        const today = belgradeToday(now);
        return repo.update(tx, id, { skipDates: [...current.skipDates.filter((d) => d >= today), date].sort(), updatedAt: now });
      });
      return toDto(row, now);
    },

    /** What the household's live standing orders commit on each day of the window (skips, pauses and everyWeeks honoured). */
    async demand(householdId: string, query: { from?: string; days: number }): Promise<StandingDemand> {
      const now = clock();
      const from = query.from ?? belgradeToday(now);
      const to = addDays(from, query.days - 1);
      const rows = await repo.ofHousehold(db, householdId);
      const skipped = new Set((await repo.cyclesFrom(db, rows.map((r) => r.id), from)).filter((c) => c.status === 'skipped').map((c) => `${c.standingOrderId}:${c.date}`));
      const names = await repo.names(db, [...new Set(rows.flatMap((r) => r.items.map((i) => i.productId)))], []);
      const byDay = new Map<string, Map<string, number>>();
      for (const r of rows) {
        const state = { anchor: r.anchorDate, everyWeeks: r.everyWeeks, status: r.status, pausedUntil: r.pausedUntil, skipDates: r.skipDates };
        for (const d of cycleDatesBetween(from, to, r.anchorDate, r.everyWeeks)) {
          if (!isOrderedDate(state, d) || skipped.has(`${r.id}:${d}`)) continue;
          const day = byDay.get(d) ?? new Map<string, number>();
          for (const i of r.items) day.set(i.productId, Math.round(((day.get(i.productId) ?? 0) + i.quantity) * 1000) / 1000);
          byDay.set(d, day);
        }
      }
      const days = Array.from({ length: query.days }, (_, n) => addDays(from, n)).map((date) => ({
        date,
        products: [...(byDay.get(date) ?? new Map<string, number>())].map(([productId, quantity]) => {
          const p = names.products.get(productId);
          return { productId, name: p?.name ?? '', unit: p?.unit ?? 'pc', quantity };
        }).sort((a, b) => a.name.localeCompare(b.name)),
      }));
      return { days };
    },

    /**
     * Makes every cycle due by `at` (default now) an order, or skips it and tells the buyer;
     * the scheduler (app.ts) runs it every minute and `npm run admin -- run-cycles` on demand.
     * Safe to run anywhere, any number of times, at once: each (standing order, date) is
     * claimed by inserting its standing_order_cycles row. A cycle whose date has passed when
     * it is caught up is skipped and told (`date_passed`); one still ahead is ordered late.
     */
    async runCycles(at: Date = clock(), { max = CYCLES_PER_RUN, concurrency = CYCLE_CONCURRENCY }: RunLimits = {}): Promise<RunResult> {
      const now = clock();
      const result: RunResult = { ordered: 0, skipped: 0, failed: 0, remaining: false };
      const stale = { before: new Date(now.getTime() - STALE_CLAIM_MS), notBefore: new Date(now.getTime() - RECLAIM_WINDOW_MS) };
      const oldest = addDays(belgradeToday(now), -CATCH_UP_DAYS);
      // The oldest `max` due cycles, read a page of standing orders at a time (memory bounded by
      // the page and `max`, not by how many standing orders there are).
      let due: { id: string; date: IsoDate }[] = [];
      let more = false;
      const byDate = (a: { date: IsoDate }, b: { date: IsoDate }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
      // Dates due by `at`: up to the day whose cutoff (at most 168 h before it) has passed.
      const last = addDays(belgradeToday(at), 8);
      for (let after: string | null = null; ;) {
        const page = await repo.schedulePage(db, after, SCHEDULE_PAGE);
        const pageDue: { id: string; date: IsoDate }[] = [];
        for (const c of page) {
          for (const date of cycleDatesBetween(oldest > c.anchorDate ? oldest : c.anchorDate, last, c.anchorDate, c.everyWeeks)) {
            if (cycleDueAt(date, c.cutoffHours).getTime() > at.getTime()) break;
            pageDue.push({ id: c.id, date });
          }
        }
        const done = new Set((await repo.cyclesFrom(db, [...new Set(pageDue.map((d) => d.id))], oldest))
          .filter((c) => c.status !== 'claimed' || c.claimedAt >= stale.before || c.claimedAt < stale.notBefore)
          .map((c) => `${c.standingOrderId}:${c.date}`));
        due.push(...pageDue.filter((d) => !done.has(`${d.id}:${d.date}`)));
        if (due.length > max) {
          more = true;
          due = due.sort(byDate).slice(0, max);
        }
        if (page.length < SCHEDULE_PAGE) break;
        after = page.at(-1)!.id;
      }
      due.sort(byDate);
      // Grouped by standing order: one standing order's dates are placed in order by one worker,
      // different standing orders side by side.
      const details = new Map((await repo.dueCandidates(db, [...new Set(due.map((d) => d.id))])).map((c) => [c.id, c]));
      const byStandingOrder = new Map<string, { c: DueCandidate; dates: IsoDate[] }>();
      for (const { id, date } of due) {
        const c = details.get(id);
        if (!c) continue;
        const group = byStandingOrder.get(id) ?? { c, dates: [] };
        group.dates.push(date);
        byStandingOrder.set(id, group);
      }
      await mapLimit([...byStandingOrder.values()], concurrency, async ({ c, dates }) => {
        for (const date of dates) {
          if (!(await repo.claim(db, c.id, date, now, stale))) continue;
          const outcome = await runCycle(c, date, now).catch((err: unknown) => {
            log?.warn({ err, standingOrderId: c.id, date }, 'standing order cycle failed');
            return 'failed' as const;
          });
          result[outcome] += 1;
        }
      });
      result.remaining = more;
      if (result.ordered + result.skipped > 0) outbox.kick();
      return result;
    },
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
