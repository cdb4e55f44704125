import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { searchKey } from '#shared/search-key.ts';
import type { Language, UserType } from '#shared/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { householdRatingSet, productRatingSet } from '../../db/read-models.ts';
import { authCodes, follows, households, media, orderItems, orders, products, reports, reviews, sessions, stories, users } from '../../db/schema.ts';

export type CodePurpose = 'signup' | 'reset';

/** The name a deleted account keeps: its orders show it to the producers (the web app translates it). */
export const DELETED_ACCOUNT_NAME = 'deleted account';
export type UserRow = typeof users.$inferSelect;

/** Users, their one-time codes and the counters of the profile: the only auth file that reads the schema. */
export function createAuthRepository(db: Db) {
  return {
    db,

    async findUserByEmail(tx: DbOrTx, email: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
      const query = tx.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      const [row] = opts.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async findUserById(tx: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
      const query = tx.select().from(users).where(eq(users.id, id)).limit(1);
      const [row] = opts.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertUser(tx: DbOrTx, input: { email: string; passwordHash: string; name: string; userType: UserType; phone: string | null; language: Language; now: Date }) {
      const [row] = await tx.insert(users).values({ ...input, createdAt: input.now, updatedAt: input.now }).returning();
      return row!;
    },

    async updateUser(tx: DbOrTx, id: string, patch: Partial<Omit<typeof users.$inferInsert, 'id' | 'email'>>) {
      const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** The unique violation of users_email_key (drizzle wraps the driver's error in `cause`). */
    isEmailTaken(err: unknown): boolean {
      for (let e = err as { code?: string; constraint?: string; cause?: unknown } | null | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
        if (e.code === '23505' && e.constraint === 'users_email_key') return true;
      }
      return false;
    },

    /** Counts a failed login; returns the new count (atomic: safe with several instances). */
    async countFailedLogin(tx: DbOrTx, id: string): Promise<number> {
      const [row] = await tx.update(users).set({ failedLogins: sql`${users.failedLogins} + 1` }).where(eq(users.id, id)).returning({ failedLogins: users.failedLogins });
      return row?.failedLogins ?? 0;
    },

    /**
     * A producer's household (id = the producer's user id), made at signup. It waits for
     * approval (PRODUCER_APPROVAL) until the e-mail is confirmed.
     */
    async ensureHousehold(tx: DbOrTx, userId: string, name: string) {
      await tx.insert(households).values({ id: userId, name, searchKey: searchKey(name), status: 'pending' }).onConflictDoNothing();
    },

    async householdStatus(tx: DbOrTx, userId: string) {
      const [row] = await tx.select({ status: households.status }).from(households).where(eq(households.id, userId));
      return row?.status ?? null;
    },

    async setHouseholdStatus(tx: DbOrTx, userId: string, status: 'pending' | 'approved' | 'suspended', now: Date) {
      await tx.update(households).set({ status, statusChangedAt: now, updatedAt: now }).where(eq(households.id, userId));
    },

    /** Operators (for the mail about a new producer). */
    async listOperators(tx: DbOrTx) {
      return tx.select({ email: users.email, name: users.name, language: users.language }).from(users)
        .where(and(eq(users.isAdmin, true), isNull(users.suspendedAt), isNull(users.deletedAt)));
    },

    /** Everything stored about a user (GET /api/me/export), without secrets (hashes, tokens, codes). */
    async exportData(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      const { passwordHash: _p, failedLogins: _f, lockedUntil: _l, ...profile } = user;
      const [household] = await db.select().from(households).where(eq(households.id, userId));
      const [ownOrders, ownItems, ownReviews, ownFollows, ownMedia, ownSessions, ownReports, ownProducts, ownStories] = await Promise.all([
        db.select().from(orders).where(eq(orders.buyerId, userId)).orderBy(desc(orders.createdAt)),
        db.select({ item: orderItems }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orders.buyerId, userId)),
        db.select().from(reviews).where(eq(reviews.userId, userId)),
        db.select().from(follows).where(eq(follows.userId, userId)),
        db.select().from(media).where(eq(media.ownerId, userId)),
        db.select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, userId)),
        db.select().from(reports).where(eq(reports.reporterId, userId)),
        db.select().from(products).where(eq(products.householdId, userId)),
        db.select().from(stories).where(eq(stories.householdId, userId)),
      ]);
      const items = ownItems.map((r) => r.item);
      return {
        profile,
        household: household ?? null,
        products: ownProducts,
        stories: ownStories,
        orders: ownOrders.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id) })),
        reviews: ownReviews,
        follows: ownFollows,
        media: ownMedia,
        sessions: ownSessions,
        reports: ownReports,
      };
    },

    /**
     * Deletes an account (DELETE /api/me): sessions end, reviews and follows are removed (the
     * ratings and follower counts they fed recomputed), the profile is wiped and the e-mail freed.
     * The row stays: orders keep pointing at it for the producers, shown as a deleted account.
     * A producer's household leaves the public answers.
     */
    async deleteAccount(tx: DbOrTx, userId: string, now: Date) {
      await tx.update(sessions).set({ revokedAt: now, revokedReason: 'account_deleted' }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      const removed = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ productId: reviews.productId });
      const productIds = [...new Set(removed.map((r) => r.productId))];
      if (productIds.length) {
        const touched = await tx.select({ id: products.id, householdId: products.householdId }).from(products).where(inArray(products.id, productIds));
        for (const p of touched) await tx.update(products).set(productRatingSet(p.id)).where(eq(products.id, p.id));
        for (const h of new Set(touched.map((p) => p.householdId))) await tx.update(households).set(householdRatingSet(h)).where(eq(households.id, h));
      }
      const unfollowed = await tx.delete(follows).where(eq(follows.userId, userId)).returning({ householdId: follows.householdId });
      for (const f of unfollowed) await tx.update(households).set({ followerCount: sql`GREATEST(${households.followerCount} - 1, 0)` }).where(eq(households.id, f.householdId));
      await tx.delete(authCodes).where(eq(authCodes.userId, userId));
      await tx.update(households).set({ hiddenAt: now, updatedAt: now }).where(eq(households.id, userId));
      await tx.update(users).set({
        email: `deleted-${userId}@deleted.invalid`,
        name: DELETED_ACCOUNT_NAME,
        passwordHash: '!deleted',
        phone: null, location: null, bio: null, avatar: null,
        notifyByEmail: false, showTotalSpent: false, isAdmin: false,
        deletedAt: now, updatedAt: now,
      }).where(eq(users.id, userId));
    },

    async deleteHousehold(tx: DbOrTx, userId: string) {
      await tx.delete(households).where(eq(households.id, userId));
    },

    /** Ends every live code of this purpose: "a new code kills the old one". */
    async killCodes(tx: DbOrTx, userId: string, purpose: CodePurpose, now: Date) {
      await tx.update(authCodes).set({ usedAt: now })
        .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)));
    },

    async insertCode(tx: DbOrTx, input: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; now: Date }) {
      await tx.insert(authCodes).values({ userId: input.userId, purpose: input.purpose, codeHash: input.codeHash, expiresAt: input.expiresAt, createdAt: input.now });
    },

    /** The newest code of this purpose (used or not), locked against concurrent attempts. */
    async latestCodeForUpdate(tx: DbOrTx, userId: string, purpose: CodePurpose) {
      const [row] = await tx.select().from(authCodes)
        .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async latestCodeCreatedAt(tx: DbOrTx, userId: string, purpose: CodePurpose): Promise<Date | null> {
      const [row] = await tx.select({ createdAt: authCodes.createdAt }).from(authCodes)
        .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    async countAttempt(tx: DbOrTx, codeId: string) {
      const [row] = await tx.update(authCodes).set({ attempts: sql`${authCodes.attempts} + 1` }).where(eq(authCodes.id, codeId)).returning({ attempts: authCodes.attempts });
      return row?.attempts ?? 0;
    },

    async useCode(tx: DbOrTx, codeId: string, now: Date) {
      await tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, codeId));
    },

    async counts(userId: string) {
      const [[o], [f], [r]] = await Promise.all([
        db.select({ n: count() }).from(orders).where(eq(orders.buyerId, userId)),
        db.select({ n: count() }).from(follows).where(eq(follows.userId, userId)),
        db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId)),
      ]);
      return { orders: o?.n ?? 0, following: f?.n ?? 0, reviews: r?.n ?? 0 };
    },

    /** Whether `url` is an image this user uploaded (its full size or its thumbnail). */
    async ownsImage(userId: string, url: string): Promise<boolean> {
      const rows = await db.select({ id: media.id }).from(media)
        .where(and(eq(media.ownerId, userId), eq(media.type, 'image'), or(eq(media.url, url), eq(media.thumbnailUrl, url))))
        .limit(1);
      return rows.length === 1;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
