import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { searchKey } from '#shared/search-key.ts';
import type { Language, UserType } from '#shared/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authCodes, follows, households, media, orders, reviews, users } from '../../db/schema.ts';

export type CodePurpose = 'signup' | 'reset';
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

    /** Counts a failed login; returns the new count (atomic: safe with several instances). */
    async countFailedLogin(tx: DbOrTx, id: string): Promise<number> {
      const [row] = await tx.update(users).set({ failedLogins: sql`${users.failedLogins} + 1` }).where(eq(users.id, id)).returning({ failedLogins: users.failedLogins });
      return row?.failedLogins ?? 0;
    },

    /** A producer's household (id = user id, as in the spec); kept in step with the user type at re-signup. */
    async ensureHousehold(tx: DbOrTx, userId: string, name: string) {
      await tx.insert(households).values({ id: userId, name, searchKey: searchKey(name) })
        .onConflictDoUpdate({ target: households.id, set: { name, searchKey: searchKey(name) } });
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
