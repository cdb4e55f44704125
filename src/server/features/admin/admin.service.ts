import type {
  AdminProducer, AdminProduct, LegalVerification, AdminReport, AdminUser, AuditEntry, CreateReportBody, HouseholdStatus, Report, ReportTargetType, Stats,
} from '#shared/contracts/admin.ts';
import { addDays, belgradeDateOf } from '#shared/time.ts';
import { paraToRsd } from '#shared/money.ts';
import { householdLegalDto, toProductDto } from '../../db/read-models.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import { enqueueMail } from '../../domain/outbox.ts';
import { decisionMail, type Decision } from './admin.mails.ts';
import type { AdminRepository } from './admin.repository.ts';

export const adminErrors = {
  invalidStatus: (from: string, action: string) => conflict('admin.invalid_status', `Cannot ${action} a household that is ${from}`),
  self: () => conflict('admin.self', 'Operators cannot suspend themselves'),
  operator: () => conflict('admin.target_is_operator', 'Revoke the operator role (npm run admin -- revoke) before suspending this account'),
  duplicateReport: () => conflict('report.duplicate', 'You already reported this and the report is still open'),
  alreadyResolved: () => conflict('report.already_resolved', 'This report is already resolved'),
  notSuspended: () => conflict('admin.not_suspended', 'This account is not suspended'),
  alreadySuspended: () => conflict('admin.already_suspended', 'This account is already suspended'),
  ownContent: () => new AppError(400, 'report.own_content', 'You cannot report your own content'),
};

/** Which household statuses each decision starts from, and where it leads. */
const TRANSITIONS: Record<Decision, { from: HouseholdStatus[]; to: HouseholdStatus }> = {
  approve: { from: ['pending'], to: 'approved' },
  suspend: { from: ['pending', 'approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
};


function page<T extends { timeKey: string; id: string }, U>(rows: T[], limit: number, map: (row: T) => U) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map(map), nextCursor: rows.length > limit && last ? encodeCursor([last.timeKey, last.id]) : null };
}

function after(cursor: string | undefined) {
  const parts = decodeCursor(cursor, timeIdCursor);
  return parts ? { timeKey: parts[0], id: parts[1] } : undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createAdminService({ repo, clock, kickMail }: { repo: AdminRepository; clock: () => Date; kickMail: () => void }) {
  const db = repo.db;

  type ProductRow = NonNullable<Awaited<ReturnType<AdminRepository['findProduct']>>>;
  const toAdminProduct = (row: ProductRow): AdminProduct => ({
    ...toProductDto(row), promoted: row.promoted, promotedUntil: row.promotedUntil, hidden: row.hiddenAt !== null,
  });

  return {
    isOperator: (userId: string) => repo.isOperator(userId),

    async audit(query: { cursor?: string; limit: number }) {
      const rows = await repo.listAudit(query.limit + 1, after(query.cursor));
      return page(rows, query.limit, ({ timeKey: _t, ...r }): AuditEntry => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    async producers(query: { status?: HouseholdStatus; cursor?: string; limit: number }) {
      const rows = await repo.listProducers(query.status, query.limit + 1, after(query.cursor));
      return page(rows, query.limit, (r): AdminProducer => ({
        id: r.id, name: r.name, location: r.location, status: r.status, ownerEmail: r.ownerEmail, ownerName: r.ownerName,
        ownerConfirmed: r.confirmedAt !== null, ownerSuspended: r.suspendedAt !== null, hidden: r.hiddenAt !== null,
        createdAt: r.createdAt.toISOString(), statusChangedAt: iso(r.statusChangedAt),
        counts: { products: Number(r.productCount), stories: Number(r.storyCount), orders: Number(r.orderCount), followers: r.followers },
        legal: householdLegalDto(r.legal, r.legalVerifiedAt, true),
      }));
    },

    /** approve / suspend / reinstate a household; its owner is mailed in their language. */
    async decide(adminId: string, householdId: string, decision: Decision, reason: string | null) {
      const transition = TRANSITIONS[decision];
      const now = clock();
      const status = await db.transaction(async (tx) => {
        const household = await repo.lockHousehold(tx, householdId);
        if (!household || household.deletedAt) throw notFound('Producer');
        if (!transition.from.includes(household.status)) throw adminErrors.invalidStatus(household.status, decision);
        await repo.setHouseholdStatus(tx, householdId, transition.to, now);
        // A suspended household's reviews of other products stop counting; reinstated, they count again.
        if (decision !== 'approve') await repo.recomputeRatingsOfAuthor(tx, householdId);
        await repo.audit(tx, { adminId, action: `producer.${decision}`, targetType: 'household', targetId: householdId, reason, now });
        await enqueueMail(tx, decisionMail(decision, { email: household.ownerEmail, name: household.ownerName, language: household.ownerLanguage }, household.name, reason));
        return transition.to;
      });
      kickMail();
      return { id: householdId, status };
    },

    /** The operator checked the household's papers (as they are now); audited. */
    async verifyLegal(adminId: string, householdId: string, reason: string | null): Promise<LegalVerification> {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await repo.verifyLegal(tx, householdId, now);
        if (!row) throw notFound('Producer');
        await repo.audit(tx, { adminId, action: 'producer.verify_legal', targetType: 'household', targetId: householdId, reason, now });
        return { id: householdId, verifiedAt: now.toISOString(), legal: householdLegalDto(row.legal, row.legalVerifiedAt, true) };
      });
    },

    async products(query: { q?: string; promoted?: boolean; cursor?: string; limit: number }) {
      const rows = await repo.listProducts(query, query.limit + 1, after(query.cursor));
      return page(rows, query.limit, ({ timeKey: _t, ...r }) => toAdminProduct(r));
    },

    async promote(adminId: string, productId: string, body: { promoted: boolean; promotedUntil?: string | null | undefined }) {
      const now = clock();
      return db.transaction(async (tx) => {
        const found = await repo.findProduct(tx, productId);
        if (!found) throw notFound('Product');
        const until = body.promoted ? (body.promotedUntil ?? null) : null;
        await repo.setPromotion(tx, productId, body.promoted, until, now);
        await repo.audit(tx, {
          adminId, action: body.promoted ? 'product.promote' : 'product.unpromote', targetType: 'product', targetId: productId,
          reason: until ? `until ${until}` : null, now,
        });
        return toAdminProduct((await repo.findProduct(tx, productId))!);
      });
    },

    /** A signed-in user's report; one open report per user and target. */
    async report(reporterId: string, body: CreateReportBody): Promise<Report> {
      if ((body.targetType === 'buyer' || body.targetType === 'household') && body.targetId === reporterId) throw adminErrors.ownContent();
      if (!(await repo.targetExists(body.targetType, body.targetId))) throw notFound('Reported content');
      const row = await repo.insertReport({ reporterId, targetType: body.targetType, targetId: body.targetId, reason: body.reason, note: body.note ?? null, now: clock() });
      if (!row) throw adminErrors.duplicateReport();
      return {
        id: row.id, reporterId: row.reporterId, targetType: row.targetType, targetId: row.targetId, reason: row.reason, note: row.note,
        status: row.status, resolution: row.resolution, resolvedAt: iso(row.resolvedAt), createdAt: row.createdAt.toISOString(),
      };
    },

    async reports(query: { status: 'open' | 'resolved'; cursor?: string; limit: number }) {
      const rows = await repo.listReports(query.status, query.limit + 1, after(query.cursor));
      return page(rows, query.limit, ({ timeKey: _t, ...r }): AdminReport => ({
        ...r, resolvedAt: iso(r.resolvedAt), createdAt: r.createdAt.toISOString(), targetHidden: Boolean(r.targetHidden),
      }));
    },

    /** hide: the target leaves every public answer (kept, restorable); dismiss: nothing changes. */
    async resolve(adminId: string, reportId: string, action: 'hide' | 'dismiss') {
      const now = clock();
      return db.transaction(async (tx) => {
        const report = await repo.lockReport(tx, reportId);
        if (!report) throw notFound('Report');
        if (report.status !== 'open') throw adminErrors.alreadyResolved();
        if (action === 'hide') await repo.setHidden(tx, report.targetType, report.targetId, true, now);
        await repo.resolveReports(tx, report, action, adminId, now);
        await repo.audit(tx, { adminId, action: `report.${action}`, targetType: report.targetType, targetId: report.targetId, reason: `report ${report.id}`, now });
        return { id: report.id, status: 'resolved' as const, resolution: action };
      });
    },

    async restore(adminId: string, type: ReportTargetType, id: string) {
      const now = clock();
      return db.transaction(async (tx) => {
        const hidden = await repo.isHidden(tx, type, id);
        if (hidden === null) throw notFound('Content');
        if (hidden) await repo.setHidden(tx, type, id, false, now);
        await repo.audit(tx, { adminId, action: 'content.restore', targetType: type, targetId: id, reason: null, now });
        return { type, id, hidden: false };
      });
    },

    async users(query: { q?: string; status?: 'active' | 'suspended'; cursor?: string; limit: number }) {
      const rows = await repo.listUsers(query, query.limit + 1, after(query.cursor));
      return page(rows, query.limit, (r): AdminUser => ({
        id: r.id, email: r.email, name: r.name, userType: r.userType, isAdmin: r.isAdmin, confirmed: r.confirmedAt !== null,
        suspendedAt: iso(r.suspendedAt), deleted: r.deletedAt !== null, createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Suspension ends every session at once and refuses login; the user's public content goes too. */
    async setUserSuspended(adminId: string, userId: string, suspended: boolean, reason: string | null) {
      const now = clock();
      return db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user || user.deletedAt) throw notFound('User');
        if (suspended) {
          if (userId === adminId) throw adminErrors.self();
          if (user.isAdmin) throw adminErrors.operator();
          if (user.suspendedAt) throw adminErrors.alreadySuspended();
        } else if (!user.suspendedAt) throw adminErrors.notSuspended();
        await repo.setSuspended(tx, userId, suspended, now);
        await repo.recomputeRatingsOfAuthor(tx, userId);
        await repo.audit(tx, { adminId, action: suspended ? 'user.suspend' : 'user.reinstate', targetType: 'user', targetId: userId, reason, now });
        return { id: userId, suspended };
      });
    },

    async stats(days: number): Promise<Stats> {
      const to = belgradeDateOf(clock());
      const from = addDays(to, -(days - 1));
      const [{ byDay, buyers, producers }, deposits] = await Promise.all([repo.stats(from, to), repo.depositStats()]);
      return {
        days, from, to,
        orders: byDay.reduce((n, d) => n + d.orders, 0),
        revenue: paraToRsd(byDay.reduce((n, d) => n + d.revenuePara, 0)),
        buyers,
        producers,
        byDay: byDay.map((d) => ({ date: d.date, orders: d.orders, revenue: paraToRsd(d.revenuePara) })),
        deposits: {
          held: { count: deposits.held, amount: paraToRsd(deposits.heldPara) },
          refundsDue: { count: deposits.due, amount: paraToRsd(deposits.duePara) },
        },
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
