import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';

/** A session is active until logout, password reset or refresh-token reuse revokes it. */
export function createSessionsCheck(db: Db) {
  return async (sessionId: string, userId: string): Promise<boolean> => {
    const rows = await db.select({ id: sessions.id }).from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .limit(1);
    return rows.length === 1;
  };
}

export type RevokeReason = 'logout' | 'password_reset' | 'password_changed' | 'refresh_reuse';

/** Sessions and their refresh-token families (docs/architecture.md, Security). */
export function createSessionsRepository(db: Db) {
  return {
    async create(tx: DbOrTx, input: { userId: string; userAgent: string | null; now: Date }) {
      const [row] = await tx.insert(sessions)
        .values({ userId: input.userId, userAgent: input.userAgent, createdAt: input.now, lastUsedAt: input.now })
        .returning({ id: sessions.id });
      return row!.id;
    },

    async addRefreshToken(tx: DbOrTx, input: { sessionId: string; tokenHash: string; expiresAt: Date; now: Date }) {
      await tx.insert(refreshTokens).values({ sessionId: input.sessionId, tokenHash: input.tokenHash, expiresAt: input.expiresAt, createdAt: input.now });
    },

    /** The refresh token with its session, locked for the rotation that follows. */
    async findRefreshTokenForUpdate(tx: DbOrTx, tokenHash: string) {
      const [row] = await tx.select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        userId: sessions.userId,
        sessionRevokedAt: sessions.revokedAt,
      }).from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1)
        .for('update', { of: refreshTokens });
      return row ?? null;
    },

    async markRotated(tx: DbOrTx, id: string, now: Date) {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, id));
    },

    async touch(tx: DbOrTx, sessionId: string, now: Date) {
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    },

    revoke(tx: DbOrTx, sessionId: string, reason: RevokeReason, now: Date) {
      return tx.update(sessions).set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Every live session of the user, except `keep` when given. */
    revokeAllOfUser(tx: DbOrTx, userId: string, reason: RevokeReason, now: Date, keep?: string) {
      return tx.update(sessions).set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keep ? [ne(sessions.id, keep)] : [])));
    },

    db,
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
