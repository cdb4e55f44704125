import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { HouseholdStatus, ReportTargetType } from '#shared/contracts/admin.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { householdRatingSet, productColumns, productRatingSet } from '../../db/read-models.ts';
import { adminAudit, households, products, reports, reviews, sessions, stories, users } from '../../db/schema.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';
import { belgradeMidnightSql } from '../../db/sql-time.ts';

type After = { timeKey: string; id: string } | undefined;

const keyset = (createdAt: SQL | typeof households.createdAt, id: SQL | typeof households.id, after: After) =>
  after ? [sql`(${createdAt}, ${id}) < (${after.timeKey}::timestamptz, ${after.id}::uuid)`] : [];

/** The table and columns behind each kind of reportable content. */
const CONTENT = {
  product: products,
  review: reviews,
  story: stories,
  household: households,
  buyer: users,
} as const;

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The operator console's reads and writes; the only admin file that touches the schema. */
export function createAdminRepository(db: Db) {
  return {
    db,

    async isOperator(userId: string): Promise<boolean> {
      const [row] = await db.select({ isAdmin: users.isAdmin }).from(users)
        .where(and(eq(users.id, userId), isNull(users.suspendedAt), isNull(users.deletedAt))).limit(1);
      return row?.isAdmin === true;
    },

    async audit(tx: DbOrTx, entry: { adminId: string; action: string; targetType: string; targetId: string; reason: string | null; now: Date }) {
      await tx.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, reason: entry.reason, createdAt: entry.now });
    },

    async listAudit(limit: number, after: After) {
      return db.select({
        id: adminAudit.id, adminId: adminAudit.adminId, action: adminAudit.action, targetType: adminAudit.targetType,
        targetId: adminAudit.targetId, reason: adminAudit.reason, createdAt: adminAudit.createdAt, timeKey: timeKeySql(adminAudit.createdAt),
      }).from(adminAudit)
        .where(and(...keyset(sql`${adminAudit.createdAt}`, sql`${adminAudit.id}`, after)))
        .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
        .limit(limit);
    },

    // ---- producers ----

    async listProducers(status: HouseholdStatus | undefined, limit: number, after: After) {
      const conditions: SQL[] = [isNull(users.deletedAt), ...keyset(sql`${households.createdAt}`, sql`${households.id}`, after)];
      if (status) conditions.push(eq(households.status, status));
      // Unconfirmed signups never wait for approval: they are not producers yet.
      if (status === 'pending') conditions.push(isNotNull(users.confirmedAt));
      return db.select({
        id: households.id, name: households.name, location: households.location, status: households.status,
        ownerEmail: users.email, ownerName: users.name, confirmedAt: users.confirmedAt, suspendedAt: users.suspendedAt,
        hiddenAt: households.hiddenAt, createdAt: households.createdAt, statusChangedAt: households.statusChangedAt,
        followers: households.followerCount,
        legal: households.legal, legalVerifiedAt: households.legalVerifiedAt,
        productCount: sql<number>`(SELECT count(*)::int FROM products p WHERE p.household_id = households.id AND p.archived_at IS NULL)`,
        storyCount: sql<number>`(SELECT count(*)::int FROM stories s WHERE s.household_id = households.id)`,
        orderCount: sql<number>`(SELECT count(*)::int FROM orders o WHERE o.household_id = households.id)`,
        timeKey: timeKeySql(households.createdAt),
      }).from(households)
        .innerJoin(users, eq(users.id, households.id))
        .where(and(...conditions))
        .orderBy(desc(households.createdAt), desc(households.id))
        .limit(limit);
    },

    /** Marks the household's papers as checked now; null when there is no such (live) household. */
    async verifyLegal(tx: DbOrTx, id: string, now: Date) {
      const [row] = await tx.update(households).set({ legalVerifiedAt: now })
        .where(and(eq(households.id, id), sql`EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${households.id} AND vu.deleted_at IS NULL)`))
        .returning({ legal: households.legal, legalVerifiedAt: households.legalVerifiedAt });
      return row ?? null;
    },

    async lockHousehold(tx: DbOrTx, id: string) {
      const [row] = await tx.select({
        id: households.id, name: households.name, status: households.status,
        ownerEmail: users.email, ownerName: users.name, ownerLanguage: users.language, deletedAt: users.deletedAt,
      }).from(households).innerJoin(users, eq(users.id, households.id))
        .where(eq(households.id, id)).for('update', { of: households });
      return row ?? null;
    },

    async setHouseholdStatus(tx: DbOrTx, id: string, status: HouseholdStatus, now: Date) {
      await tx.update(households).set({ status, statusChangedAt: now, updatedAt: now }).where(eq(households.id, id));
    },

    /**
     * Recomputes the rating and review count of every product `authorId` reviewed, and of their
     * households: run after the author's reviews stop or start counting (suspension, hiding).
     */
    recomputeRatingsOfAuthor,

    // ---- products ----

    async findProduct(tx: DbOrTx, id: string) {
      const [row] = await tx.select({ ...productColumns, promoted: products.promoted, promotedUntil: products.promotedUntil, hiddenAt: products.hiddenAt })
        .from(products).innerJoin(households, eq(households.id, products.householdId))
        .where(and(eq(products.id, id), isNull(products.archivedAt)));
      return row ?? null;
    },

    async listProducts(filters: { q?: string; promoted?: boolean }, limit: number, after: After) {
      const conditions: SQL[] = [isNull(products.archivedAt), ...keyset(sql`${products.createdAt}`, sql`${products.id}`, after)];
      if (filters.promoted !== undefined) conditions.push(eq(products.promoted, filters.promoted));
      if (filters.q) conditions.push(or(ilike(products.name, likePattern(filters.q)), ilike(households.name, likePattern(filters.q)))!);
      return db.select({ ...productColumns, promoted: products.promoted, promotedUntil: products.promotedUntil, hiddenAt: products.hiddenAt, timeKey: timeKeySql(products.createdAt) })
        .from(products).innerJoin(households, eq(households.id, products.householdId))
        .where(and(...conditions))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit);
    },

    async setPromotion(tx: DbOrTx, id: string, promoted: boolean, promotedUntil: string | null, now: Date) {
      await tx.update(products).set({ promoted, promotedUntil, updatedAt: now }).where(eq(products.id, id));
    },

    // ---- reports ----

    async targetExists(type: ReportTargetType, id: string): Promise<boolean> {
      const table = CONTENT[type];
      const conditions: SQL[] = [eq(table.id, id)];
      if (type === 'buyer') conditions.push(eq(users.userType, 'customer'), isNull(users.deletedAt));
      if (type === 'product') conditions.push(isNull(products.archivedAt));
      const rows = await db.select({ id: table.id }).from(table).where(and(...conditions)).limit(1);
      return rows.length === 1;
    },

    async insertReport(values: { reporterId: string; targetType: ReportTargetType; targetId: string; reason: typeof reports.$inferInsert['reason']; note: string | null; now: Date }) {
      const [row] = await db.insert(reports).values({ ...values, createdAt: values.now }).onConflictDoNothing().returning();
      return row ?? null;
    },

    async listReports(status: 'open' | 'resolved', limit: number, after: After) {
      return db.select({
        id: reports.id, reporterId: reports.reporterId, reporterName: users.name, targetType: reports.targetType, targetId: reports.targetId,
        reason: reports.reason, note: reports.note, status: reports.status, resolution: reports.resolution, resolvedAt: reports.resolvedAt,
        createdAt: reports.createdAt, timeKey: timeKeySql(reports.createdAt),
        // The target's current text and whether it is hidden now.
        targetTitle: sql<string | null>`CASE ${reports.targetType}
          WHEN 'product' THEN (SELECT p.name FROM products p WHERE p.id = reports.target_id)
          WHEN 'review' THEN (SELECT rp.name FROM reviews r JOIN products rp ON rp.id = r.product_id WHERE r.id = reports.target_id)
          WHEN 'story' THEN (SELECT sh.name FROM stories s JOIN households sh ON sh.id = s.household_id WHERE s.id = reports.target_id)
          WHEN 'household' THEN (SELECT h.name FROM households h WHERE h.id = reports.target_id)
          WHEN 'buyer' THEN (SELECT u.name FROM users u WHERE u.id = reports.target_id) END`,
        targetText: sql<string | null>`CASE ${reports.targetType}
          WHEN 'product' THEN (SELECT p.description FROM products p WHERE p.id = reports.target_id)
          WHEN 'review' THEN (SELECT r.comment FROM reviews r WHERE r.id = reports.target_id)
          WHEN 'story' THEN (SELECT COALESCE(s.caption, s.media_url) FROM stories s WHERE s.id = reports.target_id)
          WHEN 'household' THEN (SELECT h.description FROM households h WHERE h.id = reports.target_id)
          WHEN 'buyer' THEN (SELECT COALESCE(u.bio, '') FROM users u WHERE u.id = reports.target_id) END`,
        targetHidden: sql<boolean>`COALESCE(CASE ${reports.targetType}
          WHEN 'product' THEN (SELECT p.hidden_at IS NOT NULL FROM products p WHERE p.id = reports.target_id)
          WHEN 'review' THEN (SELECT r.hidden_at IS NOT NULL FROM reviews r WHERE r.id = reports.target_id)
          WHEN 'story' THEN (SELECT s.hidden_at IS NOT NULL FROM stories s WHERE s.id = reports.target_id)
          WHEN 'household' THEN (SELECT h.hidden_at IS NOT NULL FROM households h WHERE h.id = reports.target_id)
          WHEN 'buyer' THEN (SELECT u.hidden_at IS NOT NULL FROM users u WHERE u.id = reports.target_id) END, false)`,
      }).from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(and(eq(reports.status, status), ...keyset(sql`${reports.createdAt}`, sql`${reports.id}`, after)))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },

    async lockReport(tx: DbOrTx, id: string) {
      const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
      return row ?? null;
    },

    /** Resolves the report; a hide resolves every other open report of the same target too. */
    async resolveReports(tx: DbOrTx, report: { id: string; targetType: ReportTargetType; targetId: string }, resolution: 'hide' | 'dismiss', adminId: string, now: Date) {
      const which = resolution === 'hide'
        ? and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, 'open'))
        : eq(reports.id, report.id);
      await tx.update(reports).set({ status: 'resolved', resolution, resolvedBy: adminId, resolvedAt: now }).where(which);
    },

    /** Hides or restores content (kept in the database); false when there is no such target. */
    async setHidden(tx: DbOrTx, type: ReportTargetType, id: string, hidden: boolean, now: Date): Promise<boolean> {
      const hiddenAt = hidden ? now : null;
      let rows: Array<{ id: string }>;
      switch (type) {
        case 'product': rows = await tx.update(products).set({ hiddenAt, updatedAt: now }).where(eq(products.id, id)).returning({ id: products.id }); break;
        case 'review': rows = await tx.update(reviews).set({ hiddenAt }).where(eq(reviews.id, id)).returning({ id: reviews.productId }); break;
        case 'story': rows = await tx.update(stories).set({ hiddenAt }).where(eq(stories.id, id)).returning({ id: stories.id }); break;
        case 'household': rows = await tx.update(households).set({ hiddenAt, updatedAt: now }).where(eq(households.id, id)).returning({ id: households.id }); break;
        case 'buyer': rows = await tx.update(users).set({ hiddenAt }).where(and(eq(users.id, id), eq(users.userType, 'customer'))).returning({ id: users.id }); break;
      }
      const row = rows[0];
      if (!row) return false;
      // Hidden reviews, households and buyers stop counting in ratings; restored ones count again.
      if (type === 'review') await recomputeRatingsOfProduct(tx, row.id);
      if (type === 'household' || type === 'buyer') await recomputeRatingsOfAuthor(tx, id);
      return true;
    },

    async isHidden(tx: DbOrTx, type: ReportTargetType, id: string): Promise<boolean | null> {
      const table = CONTENT[type];
      const [row] = await tx.select({ hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id));
      return row ? row.hiddenAt !== null : null;
    },

    // ---- users ----

    async listUsers(filters: { q?: string; status?: 'active' | 'suspended' }, limit: number, after: After) {
      const conditions: SQL[] = [isNull(users.deletedAt), ...keyset(sql`${users.createdAt}`, sql`${users.id}`, after)];
      if (filters.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
      if (filters.status === 'active') conditions.push(isNull(users.suspendedAt));
      if (filters.q) conditions.push(or(ilike(users.email, likePattern(filters.q)), ilike(users.name, likePattern(filters.q)))!);
      return db.select({
        id: users.id, email: users.email, name: users.name, userType: users.userType, isAdmin: users.isAdmin,
        confirmedAt: users.confirmedAt, suspendedAt: users.suspendedAt, deletedAt: users.deletedAt, createdAt: users.createdAt,
        timeKey: timeKeySql(users.createdAt),
      }).from(users).where(and(...conditions)).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
    },

    async lockUser(tx: DbOrTx, id: string) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    /** Suspends (sessions end at once: every request checks its session) or reinstates a user. */
    async setSuspended(tx: DbOrTx, id: string, suspended: boolean, now: Date) {
      await tx.update(users).set({ suspendedAt: suspended ? now : null, updatedAt: now }).where(eq(users.id, id));
      if (suspended) {
        await tx.update(sessions).set({ revokedAt: now, revokedReason: 'suspended' }).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
      }
    },

    // ---- stats ----

    /**
     * Orders that count (order_counts_in_stats: not cancelled, not a no-show) per Europe/Belgrade
     * day from `from` to `to` (today, inclusive), and the distinct buyers and households with
     * such an order in those days. Closed days come from order_stats_days (closed here on first
     * ask, once: migration 0020), today from orders (one day's range of orders_created_idx);
     * the distinct counts from each buyer's / household's last day (order_stats_buyers /
     * _households), exact: those whose last day is after `to` (none when `to` is today) are
     * looked up in orders. Never more than a day of orders is read (ADR 0047).
     */
    /** Deposits held (paid, order not completed) and refunds due, read on orders_deposit_status_idx (migration 0021). */
    async depositStats() {
      const { rows } = await db.execute<{ held: number; held_para: string | number; due: number; due_para: string | number }>(sql`
        SELECT count(*) FILTER (WHERE deposit_status = 'paid' AND status <> 'completed')::int AS held,
               COALESCE(sum(deposit_para) FILTER (WHERE deposit_status = 'paid' AND status <> 'completed'), 0)::bigint AS held_para,
               count(*) FILTER (WHERE deposit_status = 'refund_due')::int AS due,
               COALESCE(sum(deposit_para) FILTER (WHERE deposit_status = 'refund_due'), 0)::bigint AS due_para
        FROM orders WHERE deposit_status IN ('paid', 'refund_due')`);
      const r = rows[0]!;
      return { held: Number(r.held), heldPara: Number(r.held_para), due: Number(r.due), duePara: Number(r.due_para) };
    },

    async stats(from: string, to: string) {
      const { rows: open } = await db.execute<{ day: string }>(sql`
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day FROM generate_series(${from}::date, ${to}::date - 1, interval '1 day') AS d(day)
        WHERE NOT EXISTS (SELECT 1 FROM order_stats_days s WHERE s.day = d.day::date)`);
      for (const { day } of open) await db.execute(sql`SELECT order_stats_close_day(${day}::date)`);
      const start = belgradeMidnightSql(sql`${from}::date`);
      const end = belgradeMidnightSql(sql`${to}::date + 1`);
      const byDay = (await db.execute<{ date: string; orders: number; revenue_para: string | number }>(sql`
        WITH today AS (
          SELECT count(*)::int AS orders, COALESCE(sum(o.total_para), 0)::bigint AS revenue_para FROM orders o
          WHERE o.created_at >= ${belgradeMidnightSql(sql`${to}::date`)} AND o.created_at < ${end} AND order_counts_in_stats(o.status))
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
               CASE WHEN d.day = ${to}::date THEN (SELECT orders FROM today) ELSE COALESCE(s.orders, 0) END AS orders,
               CASE WHEN d.day = ${to}::date THEN (SELECT revenue_para FROM today) ELSE COALESCE(s.revenue_para, 0) END AS revenue_para
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
        LEFT JOIN order_stats_days s ON s.day = d.day::date AND d.day < ${to}::date
        ORDER BY d.day`)).rows;
      // Those whose last day is after `to`: one lookup each (LATERAL ... LIMIT 1 keeps it a
      // lookup; as a semi-join the planner may read the period's orders instead).
      const laterToo = (table: SQL, who: SQL) => sql`(SELECT count(*) FROM ${table} l CROSS JOIN LATERAL (
          SELECT 1 FROM orders o WHERE o.${who} = l.${who} AND o.created_at >= ${start} AND o.created_at < ${end} AND order_counts_in_stats(o.status) LIMIT 1) hit
        WHERE l.last_day > ${to}::date)`;
      const [distinct] = (await db.execute<{ buyers: number; producers: number }>(sql`
        SELECT ((SELECT count(*) FROM order_stats_buyers l WHERE l.last_day BETWEEN ${from}::date AND ${to}::date)
                 + ${laterToo(sql.raw('order_stats_buyers'), sql.raw('buyer_id'))})::int AS buyers,
               ((SELECT count(*) FROM order_stats_households l WHERE l.last_day BETWEEN ${from}::date AND ${to}::date)
                 + ${laterToo(sql.raw('order_stats_households'), sql.raw('household_id'))})::int AS producers`)).rows;
      return { byDay: byDay.map((d) => ({ date: d.date, orders: Number(d.orders), revenuePara: Number(d.revenue_para) })), buyers: Number(distinct!.buyers), producers: Number(distinct!.producers) };
    },
  };

  async function recompute(tx: DbOrTx, touched: Array<{ id: string; householdId: string }>) {
    for (const id of new Set(touched.map((p) => p.id))) await tx.update(products).set(productRatingSet(id)).where(eq(products.id, id));
    for (const id of new Set(touched.map((p) => p.householdId))) await tx.update(households).set(householdRatingSet(id)).where(eq(households.id, id));
  }

  /**
   * Recomputes the rating and review count of every product `authorId` reviewed, and of their
   * households: run after the author's reviews stop or start counting (suspension, hiding).
   */
  async function recomputeRatingsOfAuthor(tx: DbOrTx, authorId: string) {
    const touched = await tx.select({ id: products.id, householdId: products.householdId }).from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId)).where(eq(reviews.userId, authorId));
    await recompute(tx, touched);
  }

  async function recomputeRatingsOfProduct(tx: DbOrTx, productId: string) {
    const touched = await tx.select({ id: products.id, householdId: products.householdId }).from(products).where(eq(products.id, productId));
    await recompute(tx, touched);
  }
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
