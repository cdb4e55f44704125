import { z } from 'zod';
import { householdLegal } from './legal.ts';
import { cursorParam } from './common.ts';
import { queryWholeNumber, text } from './fields.ts';
import { product } from './products.ts';

/**
 * The operator console and moderation: every /api/admin/* route answers 401 to
 * anonymous and 403 to every non-operator; every operator action is written to the audit log.
 */

export const HOUSEHOLD_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type HouseholdStatus = (typeof HOUSEHOLD_STATUSES)[number];

export const REPORT_TARGET_TYPES = ['product', 'review', 'story', 'household', 'buyer'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'fake', 'offensive', 'unsafe_food', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const pageQuery = {
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, 100).default(50),
};

const reason = text().trim().max(500, 'Reason must be at most 500 characters').transform((v) => (v === '' ? null : v));

/** `{ reason? }` of approve / suspend / reinstate; an empty body is fine. */
export const reasonBody = z.object({ reason: reason.nullish() }).strict().nullish();
export type ReasonBody = z.input<typeof reasonBody>;

export const adminProducersQuery = z.object({ status: z.enum(HOUSEHOLD_STATUSES).optional(), ...pageQuery }).strict();

export const adminProducer = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string(),
  status: z.enum(HOUSEHOLD_STATUSES),
  ownerEmail: z.string(),
  ownerName: z.string(),
  ownerConfirmed: z.boolean(),
  ownerSuspended: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  statusChangedAt: z.iso.datetime({ offset: true }).nullable(),
  counts: z.object({ products: z.number().int(), stories: z.number().int(), orders: z.number().int(), followers: z.number().int() }),
  /** The papers to check, PIB included (docs/papers-and-labels.md). */
  legal: householdLegal,
});
export type AdminProducer = z.infer<typeof adminProducer>;

/** POST /api/admin/producers/:id/verify-legal */
export const legalVerification = z.object({ id: z.uuid(), verifiedAt: z.iso.datetime({ offset: true }), legal: householdLegal });
export type LegalVerification = z.infer<typeof legalVerification>;

const ymd = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date');

export const promoteBody = z.object({ promoted: z.boolean(), promotedUntil: ymd.nullable().optional() }).strict();
export type PromoteBody = z.input<typeof promoteBody>;

/** A product as the console sees it: the public shape (`promoted` = the operator's flag) plus the promotion's end and moderation state. */
export const adminProduct = product.extend({
  promotedUntil: z.string().nullable(),
  hidden: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminProductsQuery = z.object({
  q: text().trim().max(100).optional(),
  promoted: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...pageQuery,
}).strict();

export const createReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: text().trim().max(1000, 'Note must be at most 1000 characters').transform((v) => (v === '' ? null : v)).nullish(),
}).strict();
export type CreateReportBody = z.input<typeof createReportBody>;

export const report = z.object({
  id: z.uuid(),
  reporterId: z.uuid(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(['hide', 'dismiss']).nullable(),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Report = z.infer<typeof report>;

/** A report in the operator's queue, with the target's current text (null when the target is gone). */
export const adminReport = report.extend({
  reporterName: z.string(),
  targetTitle: z.string().nullable(),
  targetText: z.string().nullable(),
  targetHidden: z.boolean(),
});
export type AdminReport = z.infer<typeof adminReport>;

export const adminReportsQuery = z.object({ status: z.enum(['open', 'resolved']).default('open'), ...pageQuery }).strict();

export const resolveReportBody = z.object({ action: z.enum(['hide', 'dismiss']) }).strict();
export type ResolveReportBody = z.input<typeof resolveReportBody>;

export const contentParams = z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.uuid() }).strict();
export const contentState = z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.uuid(), hidden: z.boolean() });

export const adminUsersQuery = z.object({
  q: text().trim().max(100).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  ...pageQuery,
}).strict();

export const adminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  userType: z.enum(['customer', 'producer']),
  isAdmin: z.boolean(),
  confirmed: z.boolean(),
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  deleted: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof adminUser>;

export const auditEntry = z.object({
  id: z.uuid(),
  adminId: z.uuid().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object(pageQuery).strict();

export const statsQuery = z.object({ days: queryWholeNumber(1, 366).default(30) }).strict();

/** Over the last `days` Europe/Belgrade days (today included), orders not cancelled. Revenue in RSD. */
export const stats = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
  /** Distinct buyers who ordered in the period. */
  buyers: z.number().int(),
  /** Distinct households that received orders in the period. */
  producers: z.number().int(),
  byDay: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  /**
   * Pre-orders' deposits now (not of the period; src/shared/deposit.ts): `held` = paid deposits
   * of orders not yet completed (money producers hold for a harvest to come), `refundsDue` =
   * paid deposits of cancelled orders not yet given back. Amounts in RSD.
   */
  deposits: z.object({
    held: z.object({ count: z.number().int(), amount: z.number() }),
    refundsDue: z.object({ count: z.number().int(), amount: z.number() }),
  }),
});
export type Stats = z.infer<typeof stats>;
