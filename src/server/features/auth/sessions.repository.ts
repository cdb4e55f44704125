import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/** A session is active until logout, password reset or refresh-token reuse revokes it. */
export function createSessionsCheck(db: Db) {
  return async (sessionId: string, userId: string): Promise<boolean> => {
    const rows = await db.select({ id: sessions.id }).from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .limit(1);
    return rows.length === 1;
  };
}
