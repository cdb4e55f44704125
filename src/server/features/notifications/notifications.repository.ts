import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, pushSubscriptions, users } from '../../db/schema.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';

/** The only module of the notifications feature that touches the schema. */

export type StoredSettings = Record<string, { mail?: boolean; push?: boolean }>;

export interface NotificationRow {
  id: string;
  userId: string;
  type: (typeof notifications.$inferSelect)['type'];
  orderId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
  timeKey: string;
}

const columns = {
  id: notifications.id, userId: notifications.userId, type: notifications.type, orderId: notifications.orderId,
  data: notifications.data, createdAt: notifications.createdAt, readAt: notifications.readAt, timeKey: timeKeySql(notifications.createdAt),
};

export function createNotificationsRepository() {
  return {
    async userPrefs(db: DbOrTx, userId: string): Promise<{ language: Language; settings: StoredSettings } | null> {
      const [row] = await db.select({ language: users.language, settings: users.notificationSettings }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /** Newest first; `after` is the (time key, id) of the last row of the previous page. */
    async list(db: DbOrTx, userId: string, opts: { after?: [string, string]; limit: number; unreadOnly: boolean }): Promise<NotificationRow[]> {
      const where: SQL[] = [eq(notifications.userId, userId)];
      if (opts.unreadOnly) where.push(isNull(notifications.readAt));
      if (opts.after) {
        const [at, id] = opts.after;
        where.push(or(lt(notifications.createdAt, sql`${at}::timestamptz`), and(eq(notifications.createdAt, sql`${at}::timestamptz`), lt(notifications.id, id)))!);
      }
      return db.select(columns).from(notifications).where(and(...where))
        .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(opts.limit);
    },

    async unreadCount(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the user's own unread notifications (all, or those of `ids`) read. */
    async markRead(db: DbOrTx, userId: string, ids: string[] | undefined, now: Date): Promise<void> {
      if (ids && ids.length === 0) return;
      await db.update(notifications).set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ...(ids ? [inArray(notifications.id, ids)] : [])));
    },

    async saveSettings(db: DbOrTx, userId: string, settings: StoredSettings): Promise<void> {
      await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId));
    },

    /** One row per endpoint: a device that subscribes again (or under another account) takes it over. */
    async upsertSubscription(db: DbOrTx, s: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date }) {
      const [row] = await db.insert(pushSubscriptions)
        .values({ userId: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: s.now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth } })
        .returning({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt });
      return row!;
    },

    async deleteSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
      const rows = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint))).returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async deleteSubscriptionsById(db: DbOrTx, ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async subscriptionsOf(db: DbOrTx, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },

    /**
     * Claims up to `limit` notifications waiting for push (at most once: a crash between the
     * claim and the send loses a push, never doubles it), with the reader's language and settings.
     */
    async claimPushPending(db: DbOrTx, limit: number) {
      const { rows } = await db.execute<{
        id: string; user_id: string; type: NotificationRow['type']; order_id: string | null; data: Record<string, unknown>;
        language: Language; settings: StoredSettings; for_producer: boolean;
      }>(sql`
        WITH claimed AS (
          UPDATE ${notifications} SET push_pending = false
          WHERE id IN (SELECT id FROM ${notifications} WHERE push_pending ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id, type, order_id, data
        )
        SELECT c.id, c.user_id, c.type, c.order_id, c.data, u.language, u.notification_settings AS settings,
               coalesce(o.household_id = c.user_id, u.user_type = 'producer') AS for_producer
        FROM claimed c JOIN ${users} u ON u.id = c.user_id LEFT JOIN orders o ON o.id = c.order_id`);
      return rows;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
