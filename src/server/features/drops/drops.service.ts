import { z } from 'zod';
import { dropTakesOrders } from '#shared/checkout-plan.ts';
import type { OrderStatus } from '#shared/constants.ts';
import type {
  CreateDropInput, CreateDropResponse, Drop, DropDetail, DropStatus, DropsQueryInput, HandoverInput, HandoverResponse, Picklist, ProducerDrop,
  ProducerDropsQueryInput, UpdateDropInput,
} from '#shared/contracts/drops.ts';
import { DROP_DAYS_AHEAD_MAX, type DropPlaceInput } from '#shared/contracts/drops.ts';
import { paraToRsd } from '#shared/money.ts';
import { addQuantities } from '#shared/quantity.ts';
import { searchKey } from '#shared/search-key.ts';
import { addDays, belgradeInstant, belgradeParts, belgradeToday, isCalendarDay, isClockTime } from '#shared/time.ts';
import { toOrderLineDto, toProductDto } from '../../db/read-models.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createNotification } from '../../domain/notifications.ts';
import { offerReturnedStock, type WaitlistDeps } from '../../domain/waitlist.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import type { Mail } from '../../lib/mailer.ts';
import { dropAnnouncedMail, dropCancelledMail, dropChangedMail, type MailDrop } from './drops.mails.ts';
import type { DropRow, DropsRepository, MemberRow } from './drops.repository.ts';
import { renderPicklist } from './picklist.pdf.ts';

/**
 * Drops (docs/drops.md): announced by a host household, joined and left by others, changed and
 * cancelled by the host, listed for anyone; the pick list and the hand-over marks of each
 * household. The checkout's rule for drop orders is in src/shared/checkout-plan.ts.
 */

export interface DropsServiceDeps {
  db: Db;
  repo: DropsRepository;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
  publicUrl: string;
  /** Stock returned by a drop's cancellation is offered to the waitlist (src/server/domain/waitlist.ts). */
  waitlist?: WaitlistDeps;
}

/** Who looks at a drop: nobody in particular, or a household (the caller's; a producer's user id is its household's). */
type Viewer = string | null;

const dropCursor = z.tuple([z.string().refine(isCalendarDay), z.string().refine(isClockTime), z.uuid()])
  .transform(([date, opens, id]) => ({ date, opens, id }));

/** Further than this from today no drop can be (60 days ahead, 12 weekly copies); days beyond are not asked of the database. */
const FAR_DAYS = DROP_DAYS_AHEAD_MAX + 7 * 13;

/** When the drop starts and ends, as instants (Europe/Belgrade wall clock). */
const startOf = (d: Pick<DropRow, 'date' | 'opens'>) => belgradeInstant(d.date, d.opens);
const endOf = (d: Pick<DropRow, 'date' | 'closes'>) => belgradeInstant(d.date, d.closes);

/** closed = past orderBy (orders are taken while now < orderBy), done = past its closing time. */
export function dropStatus(d: Pick<DropRow, 'cancelledAt' | 'date' | 'closes' | 'orderBy'>, now: Date): DropStatus {
  if (d.cancelledAt) return 'cancelled';
  if (now.getTime() >= endOf(d).getTime()) return 'done';
  if (!dropTakesOrders(d, now)) return 'closed';
  return 'open';
}

/** The same Belgrade wall-clock time `weeks` weeks later (to the millisecond), across summer time. */
export function weeksLater(instant: Date, weeks: number): Date {
  const p = belgradeParts(instant);
  const date = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const hm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  return new Date(belgradeInstant(addDays(date, 7 * weeks), hm).getTime() + p.second * 1000 + (instant.getTime() % 1000 + 1000) % 1000);
}

const mailDrop = (d: DropRow): MailDrop => ({
  id: d.id, title: d.title, place: { name: d.placeName, address: d.placeAddress, town: d.placeTown }, date: d.date, opens: d.opens, closes: d.closes,
});

const placeColumns = (p: DropPlaceInput) => ({ placeName: p.name, placeAddress: p.address, placeTown: p.town, townKey: searchKey(p.town), lat: p.lat, lng: p.lng });

/** The rules of a drop's day and hours at `now`: refusals name the field (400). */
function checkSchedule(v: { date: string; opens: string; closes: string; orderBy: Date }, now: Date, opts: { dateChanged: boolean }) {
  const today = belgradeToday(now);
  if (opts.dateChanged && v.date < today) throw validationFailed([{ field: 'date', message: 'The drop\'s day cannot be before today' }]);
  if (opts.dateChanged && v.date > addDays(today, DROP_DAYS_AHEAD_MAX)) {
    throw validationFailed([{ field: 'date', message: `A drop is announced at most ${DROP_DAYS_AHEAD_MAX} days ahead` }]);
  }
  if (v.closes <= v.opens) throw validationFailed([{ field: 'closes', message: 'The drop must close after it opens' }]);
  if (v.orderBy.getTime() > startOf(v).getTime()) {
    throw validationFailed([{ field: 'orderBy', message: 'Orders must close no later than the drop starts (Europe/Belgrade)' }]);
  }
}

export function createDropsService({ db, repo, clock, outbox, publicUrl, waitlist }: DropsServiceDeps) {
  /** Drops as the API shows them to `viewer`: public households only (all of them to a member), orderCount for host and members. */
  async function toDtos(tx: DbOrTx, rows: DropRow[], viewer: Viewer, now: Date): Promise<Drop[]> {
    const ids = rows.map((r) => r.id);
    const members = await repo.members(tx, ids);
    const byDrop = new Map<string, MemberRow[]>();
    for (const m of members) byDrop.set(m.dropId, [...(byDrop.get(m.dropId) ?? []), m]);
    const mine = viewer ? rows.filter((r) => byDrop.get(r.id)?.some((m) => m.id === viewer)) : [];
    const hosted = mine.filter((r) => r.hostHouseholdId === viewer).map((r) => r.id);
    const joined = mine.filter((r) => r.hostHouseholdId !== viewer).map((r) => r.id);
    const [all, own] = await Promise.all([repo.orderCounts(tx, hosted), viewer ? repo.orderCounts(tx, joined, viewer) : new Map<string, number>()]);
    return rows.map((r) => {
      const list = byDrop.get(r.id) ?? [];
      const isMember = viewer !== null && list.some((m) => m.id === viewer);
      const dto: Drop = {
        id: r.id, title: r.title, hostHouseholdId: r.hostHouseholdId,
        place: { name: r.placeName, address: r.placeAddress, town: r.placeTown, lat: r.lat, lng: r.lng },
        date: r.date, opens: r.opens, closes: r.closes, orderBy: r.orderBy.toISOString(), note: r.note,
        status: dropStatus(r, now), cancelReason: r.cancelReason,
        households: list.filter((m) => m.isPublic || isMember).map((m) => ({ id: m.id, name: m.name, avatar: m.avatar })),
      };
      if (isMember) dto.orderCount = (r.hostHouseholdId === viewer ? all.get(r.id) : own.get(r.id)) ?? 0;
      return dto;
    });
  }
  const toDto = async (tx: DbOrTx, row: DropRow, viewer: Viewer, now: Date) => (await toDtos(tx, [row], viewer, now))[0]!;

  /** Tells the followers of `householdId` of the drops (once per drop and follower), in the transaction. */
  async function announce(tx: DbOrTx, rows: DropRow[], householdId: string, householdName: string, now: Date): Promise<boolean> {
    const first = rows[0];
    if (!first) return false;
    const told = await repo.announce(tx, rows.map((r) => r.id), householdId, now);
    if (told.length === 0) return false;
    // One notification and mail per follower for a series: the first drop, and how many follow.
    await createNotification(tx, told.map((p) => ({
      userId: p.id, type: 'drop_announced' as const, createdAt: now,
      data: { dropId: first.id, title: first.title, householdName, town: first.placeTown, date: first.date, repeats: rows.length - 1 },
    })));
    const mails = told.filter((p) => p.wantsMail).map((p) => dropAnnouncedMail(p, householdName, mailDrop(first), rows.length - 1, publicUrl));
    await enqueueMail(tx, mails);
    return mails.length > 0;
  }

  /** The drop for a change by its host: 404 when unknown, 403 for anyone else (nothing changed). */
  async function lockHosted(tx: DbOrTx, householdId: string, id: string): Promise<DropRow> {
    const row = await repo.lockDrop(tx, id);
    if (!row) throw notFound('Drop');
    if (row.hostHouseholdId !== householdId) throw forbidden('Only the host can change or cancel a drop');
    return row;
  }

  async function visible(tx: DbOrTx, id: string, viewer: Viewer): Promise<DropRow> {
    const row = await repo.drop(tx, id);
    if (!row) throw notFound('Drop');
    if (!(await repo.householdIsPublic(tx, row.hostHouseholdId)) && !(viewer && await repo.isMember(tx, id, viewer))) throw notFound('Drop');
    return row;
  }

  const eventTime = (now: Date, lastChange: Date) => new Date(Math.max(now.getTime(), lastChange.getTime() + 1));

  return {
    /** GET /api/drops */
    async list(query: DropsQueryInput): Promise<{ items: Drop[]; nextCursor: string | null }> {
      const now = clock();
      const today = belgradeToday(now);
      const from = query.from && query.from > today ? query.from : today;
      if (from > addDays(today, FAR_DAYS)) return { items: [], nextCursor: null };
      const rows = await repo.listPublic(db, {
        from, to: addDays(from, query.days - 1), townKey: searchKey(query.town ?? ''),
        householdId: query.householdId, after: decodeCursor(query.cursor, dropCursor), limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: await toDtos(db, page, null, now), nextCursor: rows.length > query.limit && last ? encodeCursor([last.date, last.opens, last.id]) : null };
    },

    /** GET /api/drops/:id */
    async get(id: string, viewer: Viewer): Promise<DropDetail> {
      const now = clock();
      const row = await visible(db, id, viewer);
      const dto = await toDto(db, row, viewer, now);
      const products = await repo.products(db, dto.households.map((h) => h.id));
      return { ...dto, products: products.map(toProductDto) };
    },

    /** GET /api/producer/drops */
    async mine(householdId: string, query: ProducerDropsQueryInput): Promise<{ items: ProducerDrop[]; nextCursor: string | null }> {
      const now = clock();
      const today = belgradeToday(now);
      const from = query.from ?? addDays(today, -7);
      if (from > addDays(today, FAR_DAYS)) return { items: [], nextCursor: null };
      const rows = await repo.listOwn(db, { householdId, from, to: addDays(from, query.days - 1), after: decodeCursor(query.cursor, dropCursor), limit: query.limit });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const dtos = await toDtos(db, page, householdId, now);
      // The host sees how many orders each member has (the members see their own: orderCount).
      const perMember = await repo.orderCountsByHousehold(db, dtos.filter((d) => d.hostHouseholdId === householdId).map((d) => d.id));
      const items = dtos.map((d): ProducerDrop => d.hostHouseholdId === householdId
        ? { ...d, role: 'host', memberOrders: d.households.map((h) => ({ householdId: h.id, name: h.name, orderCount: perMember.get(`${d.id}:${h.id}`) ?? 0 })) }
        : { ...d, role: 'member' });
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor([last.date, last.opens, last.id]) : null };
    },

    /** POST /api/drops: the drop and its weekly copies, the host a member of each; the host's followers are told. */
    async create(householdId: string, body: CreateDropInput): Promise<CreateDropResponse> {
      const now = clock();
      const orderBy = new Date(body.orderBy);
      checkSchedule({ ...body, orderBy }, now, { dateChanged: true });
      const { result, mailed } = await db.transaction(async (tx) => {
        const host = await repo.household(tx, householdId);
        if (!host) throw notFound('Household');
        const seriesId = crypto.randomUUID();
        const rows = await repo.insertDrops(tx, Array.from({ length: body.repeatWeeks + 1 }, (_, k) => ({
          seriesId, hostHouseholdId: householdId, title: body.title, ...placeColumns(body.place),
          date: addDays(body.date, 7 * k), opens: body.opens, closes: body.closes, orderBy: k === 0 ? orderBy : weeksLater(orderBy, k),
          note: body.note, createdAt: now, updatedAt: now,
        })));
        rows.sort((a, b) => (a.date < b.date ? -1 : 1));
        for (const r of rows) await repo.addMember(tx, r.id, householdId, now);
        const mailed = await announce(tx, rows, householdId, host.name, now);
        const first = await toDto(tx, rows[0]!, householdId, now);
        return { result: { ...first, copies: rows.slice(1).map((r) => ({ id: r.id, date: r.date, orderBy: r.orderBy.toISOString() })) }, mailed };
      });
      if (mailed) outbox.kick();
      return result;
    },

    /** PATCH /api/drops/:id by the host; the buyers of its open orders are told of a new place or time. */
    async update(householdId: string, id: string, body: UpdateDropInput): Promise<Drop> {
      const now = clock();
      const { dto, mailed } = await db.transaction(async (tx) => {
        const row = await lockHosted(tx, householdId, id);
        if (row.cancelledAt) throw conflict('drop.cancelled', 'This drop has been cancelled');
        const next = {
          date: body.date ?? row.date, opens: body.opens ?? row.opens, closes: body.closes ?? row.closes,
          orderBy: body.orderBy ? new Date(body.orderBy) : row.orderBy,
        };
        checkSchedule(next, now, { dateChanged: body.date !== undefined && body.date !== row.date });
        const place = body.place ? placeColumns(body.place) : null;
        const placeChanged = place !== null && (place.placeName !== row.placeName || place.placeAddress !== row.placeAddress
          || place.placeTown !== row.placeTown || place.lat !== row.lat || place.lng !== row.lng);
        const timeChanged = next.date !== row.date || next.opens !== row.opens || next.closes !== row.closes;
        const updated = await repo.updateDrop(tx, id, {
          ...(body.title !== undefined ? { title: body.title } : {}), ...(place ?? {}), ...next,
          ...(body.note !== undefined ? { note: body.note ? body.note : null } : {}), updatedAt: now,
        });
        if (timeChanged) await repo.moveOrders(tx, id, updated.date, updated.opens, now);
        let mailed = false;
        if (placeChanged || timeChanged) {
          const buyers = await repo.buyersOf(tx, id);
          const change = placeChanged && timeChanged ? 'place_time' : placeChanged ? 'place' : 'time';
          await createNotification(tx, buyers.map((b) => ({
            userId: b.id, type: 'drop_changed' as const, createdAt: now, data: { dropId: id, title: updated.title, date: updated.date, change },
          })));
          const mails = buyers.filter((b) => b.wantsMail).map((b) => dropChangedMail(b, mailDrop(updated), publicUrl));
          await enqueueMail(tx, mails);
          mailed = mails.length > 0;
        }
        return { dto: await toDto(tx, updated, householdId, now), mailed };
      });
      if (mailed) outbox.kick();
      return dto;
    },

    /** POST /api/drops/:id/cancel by the host: open orders cancelled, stock back, buyers told and mailed; again: the same answer. */
    async cancel(householdId: string, id: string, reason: string | null): Promise<Drop> {
      const now = clock();
      const { dto, mailed } = await db.transaction(async (tx) => {
        const row = await lockHosted(tx, householdId, id);
        if (row.cancelledAt) return { dto: await toDto(tx, row, householdId, now), mailed: false };
        if (dropStatus(row, now) === 'done') throw conflict('drop.done', 'This drop is over and cannot be cancelled');
        const updated = await repo.updateDrop(tx, id, { cancelledAt: now, cancelReason: reason, updatedAt: now });
        const open = await repo.lockOpenOrders(tx, id);
        // Each event is the host's: the order_status trigger (migration 0009) tells each buyer.
        for (const o of open) await repo.setOrderStatus(tx, o.id, 'cancelled', eventTime(now, o.updatedAt), householdId);
        const returned = await repo.returnStock(tx, open.map((o) => o.id), now);
        if (waitlist) for (const productId of returned) await offerReturnedStock(tx, productId, now, waitlist);
        const buyers = await repo.people(tx, [...new Set(open.map((o) => o.buyerId))], 'order_status');
        const mails: Mail[] = buyers.filter((b) => b.wantsMail).map((b) => dropCancelledMail(
          b, mailDrop(updated), open.filter((o) => o.buyerId === b.id).map((o) => o.number).sort((x, y) => x - y), reason, publicUrl,
        ));
        await enqueueMail(tx, mails);
        // The other members hear of it too.
        const members = (await repo.members(tx, [id])).filter((m) => m.id !== householdId);
        await createNotification(tx, members.map((m) => ({
          userId: m.id, type: 'drop_changed' as const, createdAt: now,
          data: { dropId: id, title: updated.title, date: updated.date, change: 'cancelled', reason },
        })));
        return { dto: await toDto(tx, updated, householdId, now), mailed: mails.length > 0 };
      });
      if (mailed) outbox.kick();
      return dto;
    },

    /** PUT /api/drops/:id/members: the caller's household joins (again: nothing more); its followers are told once. */
    async join(householdId: string, id: string): Promise<Drop> {
      const now = clock();
      const { dto, mailed } = await db.transaction(async (tx) => {
        const row = await repo.lockDrop(tx, id);
        if (!row) throw notFound('Drop');
        const household = await repo.household(tx, householdId);
        if (!household) throw notFound('Household');
        if (await repo.isMember(tx, id, householdId)) return { dto: await toDto(tx, row, householdId, now), mailed: false };
        if (!(await repo.householdIsPublic(tx, row.hostHouseholdId))) throw notFound('Drop');
        const status = dropStatus(row, now);
        if (status === 'cancelled') throw conflict('drop.cancelled', 'This drop has been cancelled');
        if (status === 'done') throw conflict('drop.done', 'This drop is over');
        if (status === 'closed') throw conflict('drop.closed', 'This drop no longer takes orders');
        await repo.addMember(tx, id, householdId, now);
        const mailed = await announce(tx, [row], householdId, household.name, now);
        return { dto: await toDto(tx, row, householdId, now), mailed };
      });
      if (mailed) outbox.kick();
      return dto;
    },

    /**
     * DELETE /api/drops/:id/members: the caller's household leaves. Refused while it has orders
     * for the drop (409 drop.has_orders) and for the host (409 drop.host_cannot_leave: it cancels instead).
     */
    async leave(householdId: string, id: string): Promise<Drop> {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await repo.lockDrop(tx, id);
        if (!row) throw notFound('Drop');
        if (row.hostHouseholdId === householdId) throw conflict('drop.host_cannot_leave', 'The host cannot leave its own drop; cancel it instead');
        if (await repo.hasOrders(tx, id, householdId)) throw conflict('drop.has_orders', 'The household has orders for this drop');
        await repo.removeMember(tx, id, householdId);
        return toDto(tx, row, householdId, now);
      });
    },

    /** GET /api/producer/drops/:id/picklist: host or member only, its own orders only. */
    async picklist(householdId: string, id: string): Promise<Picklist> {
      const now = clock();
      const row = await repo.drop(db, id);
      if (!row) throw notFound('Drop');
      if (!(await repo.isMember(db, id, householdId))) throw forbidden('Only the drop\'s households see a pick list');
      const [household, orders, drop] = await Promise.all([repo.household(db, householdId), repo.picklistOrders(db, id, householdId), toDto(db, row, householdId, now)]);
      const totals = new Map<string, { productId: string; name: string; unit: Picklist['totals'][number]['unit']; quantity: number }>();
      for (const o of orders) {
        for (const i of o.items) {
          const t = totals.get(i.productId) ?? { productId: i.productId, name: i.name, unit: i.unit, quantity: 0 };
          t.quantity = addQuantities(t.quantity, Number(i.quantity));
          totals.set(i.productId, t);
        }
      }
      return {
        drop,
        household: household ?? { id: householdId, name: '' },
        orders: orders.map((o) => ({
          id: o.id, number: o.number, status: o.status, buyerName: o.buyerDeleted ? '' : o.buyerName, contactPhone: o.contactPhone, notes: o.notes,
          items: o.items.map(toOrderLineDto),
          total: paraToRsd(o.totalPara),
          payment: { method: o.paymentMethod, status: o.paymentStatus, paidAt: o.paidAt ? o.paidAt.toISOString() : null, reportedAt: o.paymentReportedAt ? o.paymentReportedAt.toISOString() : null, ips: null },
        })),
        totals: [...totals.values()].sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    /** The pick list as an A4 PDF in the producer's language. */
    async picklistPdf(householdId: string, id: string): Promise<Buffer> {
      const list = await this.picklist(householdId, id);
      return renderPicklist(list, await repo.language(db, householdId));
    },

    /**
     * POST /api/producer/handovers. Each mark once (by clientId); of an order's marks the one
     * with the latest `at` wins, whatever order they arrive in (docs/drops.md, ADR 0035):
     * a mark not later than the latest applied one, or than a hand-over the producer set by
     * hand, changes nothing. Another household's orders are ignored and nothing is stored. An
     * order not weighed yet (or awaiting the buyer's consent) is not handed over: `weights_missing`.
     */
    async handovers(householdId: string, body: HandoverInput): Promise<HandoverResponse> {
      const now = clock();
      return db.transaction(async (tx) => {
        const orderIds = [...new Set(body.items.map((i) => i.orderId))].sort();
        const own = new Map((await repo.lockOwnOrders(tx, orderIds, householdId)).map((o) => [o.id, { ...o }]));
        const known = await repo.knownMarks(tx, body.items.map((i) => i.clientId));
        const latest = await repo.latestMarks(tx, [...own.keys()]);
        const unweighed = await repo.unweighed(tx, [...own.keys()]);
        const results: HandoverResponse['results'] = [];
        const marks: Parameters<DropsRepository['insertMarks']>[1] = [];
        for (const item of body.items) {
          const outcome = (o: HandoverResponse['results'][number]['outcome']) => results.push({ clientId: item.clientId, orderId: item.orderId, outcome: o });
          if (known.has(item.clientId)) { outcome('duplicate'); continue; }
          const order = own.get(item.orderId);
          if (!order) { outcome('not_yours'); continue; }
          known.add(item.clientId);
          // A device clock ahead of the server's counts as now: it cannot block later corrections.
          const at = new Date(Math.min(new Date(item.at).getTime(), now.getTime()));
          if (order.status === 'cancelled') {
            marks.push({ clientId: item.clientId, orderId: order.id, householdId, state: item.state, at, applied: false, receivedAt: now });
            outcome('cancelled');
            continue;
          }
          // Handed over means ready first: a line sold by weight must be weighed, and a total
          // above the estimate accepted (docs/weight-pricing.md). A no-show needs neither.
          if (item.state === 'handed_over' && (unweighed.has(order.id) || order.status === 'awaiting_buyer')) {
            marks.push({ clientId: item.clientId, orderId: order.id, householdId, state: item.state, at, applied: false, receivedAt: now });
            outcome('weights_missing');
            continue;
          }
          const handedByHand = order.status === 'completed' || order.status === 'no_show' ? order.updatedAt : null;
          const baseline = latest.get(order.id) ?? handedByHand;
          if (baseline && at.getTime() <= baseline.getTime()) {
            marks.push({ clientId: item.clientId, orderId: order.id, householdId, state: item.state, at, applied: false, receivedAt: now });
            outcome('stale');
            continue;
          }
          latest.set(order.id, at);
          marks.push({ clientId: item.clientId, orderId: order.id, householdId, state: item.state, at, applied: true, receivedAt: now });
          const status: OrderStatus = item.state === 'handed_over' ? 'completed' : 'no_show';
          if (order.status !== status) {
            const when = eventTime(now, order.updatedAt);
            await repo.setOrderStatus(tx, order.id, status, when, householdId);
            order.status = status;
            order.updatedAt = when;
          }
          outcome('applied');
        }
        await repo.insertMarks(tx, marks);
        const applied = results.filter((r) => r.outcome === 'applied').length;
        return { applied, ignored: results.length - applied, results };
      });
    },
  };
}

export type DropsService = ReturnType<typeof createDropsService>;