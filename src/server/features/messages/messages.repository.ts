import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { households, notifications, orderMessages, orderMessageStates, orders, users } from '../../db/schema.ts';
import { timeKeySql } from '../../lib/keyset-cursor.ts';

/** The only module of the messages feature that touches the schema. */

export interface Party {
  id: string;
  email: string;
  name: string;
  language: Language;
  /** notify_by_email and the `message` mail setting. */
  wantsMail: boolean;
}

export interface Conversation {
  orderId: string;
  householdName: string;
  buyer: Party;
  /** null if the producer's account is gone. */
  producer: Party | null;
}

export interface MessageRow {
  id: string;
  orderId: string;
  authorId: string | null;
  authorName: string;
  fromProducer: boolean;
  body: string;
  createdAt: Date;
  timeKey: string;
}

const wantsMail = (u: typeof users) => sql<boolean>`${u.notifyByEmail} AND coalesce((${u.notificationSettings}->'message'->>'mail')::boolean, true)`;

const messageColumns = {
  id: orderMessages.id, orderId: orderMessages.orderId, authorId: orderMessages.authorId,
  authorName: sql<string>`coalesce(${users.name}, '')`, fromProducer: orderMessages.fromProducer,
  body: orderMessages.body, createdAt: orderMessages.createdAt, timeKey: timeKeySql(orderMessages.createdAt),
};

export function createMessagesRepository() {
  async function party(db: DbOrTx, id: string): Promise<Party | null> {
    const [row] = await db.select({ id: users.id, email: users.email, name: users.name, language: users.language, wantsMail: wantsMail(users) })
      .from(users).where(eq(users.id, id));
    return row ?? null;
  }

  return {
    /** The order with both parties, when `userId` is one of them; null otherwise (or no such order). */
    async conversationFor(db: DbOrTx, orderId: string, userId: string): Promise<Conversation | null> {
      const [row] = await db.select({ buyerId: orders.buyerId, householdId: orders.householdId, householdName: households.name })
        .from(orders).innerJoin(households, eq(households.id, orders.householdId))
        .where(and(eq(orders.id, orderId), or(eq(orders.buyerId, userId), eq(orders.householdId, userId))));
      if (!row) return null;
      const [buyer, producer] = await Promise.all([party(db, row.buyerId), party(db, row.householdId)]);
      if (!buyer) return null;
      return { orderId, householdName: row.householdName, buyer, producer };
    },

    /** Serialises the messages of one order until commit (their times never tie). */
    async lockConversation(db: DbOrTx, orderId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('order_messages'), hashtext(${orderId}))`);
    },

    async lastMessageAt(db: DbOrTx, orderId: string): Promise<Date | null> {
      const [row] = await db.select({ at: orderMessages.createdAt }).from(orderMessages)
        .where(eq(orderMessages.orderId, orderId)).orderBy(desc(orderMessages.createdAt)).limit(1);
      return row?.at ?? null;
    },

    async insert(db: DbOrTx, m: { orderId: string; authorId: string; fromProducer: boolean; body: string; createdAt: Date }): Promise<{ id: string }> {
      const [row] = await db.insert(orderMessages).values(m).returning({ id: orderMessages.id });
      return row!;
    },

    /** Oldest first; `after` is the (time key, id) of the last message of the previous page. */
    async list(db: DbOrTx, orderId: string, opts: { after?: [string, string]; limit: number }): Promise<MessageRow[]> {
      const where: SQL[] = [eq(orderMessages.orderId, orderId)];
      if (opts.after) {
        const [at, id] = opts.after;
        where.push(or(gt(orderMessages.createdAt, sql`${at}::timestamptz`), and(eq(orderMessages.createdAt, sql`${at}::timestamptz`), gt(orderMessages.id, id)))!);
      }
      return db.select(messageColumns).from(orderMessages).leftJoin(users, eq(users.id, orderMessages.authorId))
        .where(and(...where)).orderBy(asc(orderMessages.createdAt), asc(orderMessages.id)).limit(opts.limit);
    },

    /** Messages to one party (written by the other) after `since`, newest `limit` of them, oldest first, and how many there are. */
    async unmailed(db: DbOrTx, orderId: string, toProducer: boolean, since: Date | null, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
      const where = and(eq(orderMessages.orderId, orderId), eq(orderMessages.fromProducer, !toProducer), ...(since ? [gt(orderMessages.createdAt, since)] : []));
      const [rows, [count]] = await Promise.all([
        db.select(messageColumns).from(orderMessages).leftJoin(users, eq(users.id, orderMessages.authorId))
          .where(where).orderBy(desc(orderMessages.createdAt), desc(orderMessages.id)).limit(limit),
        db.select({ n: sql<number>`count(*)::int` }).from(orderMessages).where(where),
      ]);
      return { rows: rows.reverse(), total: count?.n ?? 0 };
    },

    /** The party's state row, created when missing, locked until commit. */
    async lockState(db: DbOrTx, orderId: string, userId: string) {
      await db.insert(orderMessageStates).values({ orderId, userId }).onConflictDoNothing();
      const [row] = await db.select().from(orderMessageStates)
        .where(and(eq(orderMessageStates.orderId, orderId), eq(orderMessageStates.userId, userId))).for('update');
      return row!;
    },

    async updateState(db: DbOrTx, orderId: string, userId: string, set: Partial<Pick<typeof orderMessageStates.$inferInsert, 'lastReadAt' | 'lastMailedAt' | 'mailPendingSince'>>): Promise<void> {
      await db.update(orderMessageStates).set(set).where(and(eq(orderMessageStates.orderId, orderId), eq(orderMessageStates.userId, userId)));
    },

    /** Read up to `at` (never backwards). */
    async markRead(db: DbOrTx, orderId: string, userId: string, at: Date): Promise<void> {
      await db.insert(orderMessageStates).values({ orderId, userId, lastReadAt: at })
        .onConflictDoUpdate({
          target: [orderMessageStates.orderId, orderMessageStates.userId],
          set: { lastReadAt: sql`greatest(${orderMessageStates.lastReadAt}, excluded.last_read_at)` },
        });
    },

    async markMessageNotificationsRead(db: DbOrTx, orderId: string, userId: string, now: Date): Promise<void> {
      await db.update(notifications).set({ readAt: now })
        .where(and(eq(notifications.userId, userId), eq(notifications.orderId, orderId), eq(notifications.type, 'message'), isNull(notifications.readAt)));
    },

    async lastReadAt(db: DbOrTx, orderId: string, userId: string): Promise<Date | null> {
      const [row] = await db.select({ at: orderMessageStates.lastReadAt }).from(orderMessageStates)
        .where(and(eq(orderMessageStates.orderId, orderId), eq(orderMessageStates.userId, userId)));
      return row?.at ?? null;
    },

    /** The user's conversations (as buyer or producer) with messages of the other party after their last read. */
    async unreadConversations(db: DbOrTx, userId: string, orderId?: string) {
      const { rows } = await db.execute<{ order_id: string; unread: number; last_read_at: Date | null }>(sql`
        SELECT m.order_id, count(*)::int AS unread, max(s.last_read_at) AS last_read_at
        FROM ${orderMessages} m
        JOIN ${orders} o ON o.id = m.order_id
        LEFT JOIN ${orderMessageStates} s ON s.order_id = m.order_id AND s.user_id = ${userId}::uuid
        WHERE ((o.buyer_id = ${userId}::uuid AND m.from_producer) OR (o.household_id = ${userId}::uuid AND NOT m.from_producer))
          AND m.created_at > coalesce(s.last_read_at, '-infinity'::timestamptz)
          ${orderId ? sql`AND m.order_id = ${orderId}::uuid` : sql``}
        GROUP BY m.order_id
        ORDER BY max(m.created_at) DESC
        LIMIT 200`);
      return rows.map((r) => ({ orderId: r.order_id, unread: r.unread, lastReadAt: r.last_read_at ? new Date(r.last_read_at) : null }));
    },

    /** States whose messages wait for a mail and whose 10 minutes are over, locked (skipping those being handled). */
    async duePendingMails(db: DbOrTx, windowStart: Date, limit: number) {
      return db.select().from(orderMessageStates)
        .where(and(isNotNull(orderMessageStates.mailPendingSince), or(isNull(orderMessageStates.lastMailedAt), lte(orderMessageStates.lastMailedAt, windowStart))))
        .limit(limit).for('update', { skipLocked: true });
    },

    /** The orders a producer's household shares with a buyer, newest first. */
    async sharedOrders(db: DbOrTx, householdId: string, buyerId: string) {
      return db.select({ id: orders.id, status: orders.status, createdAt: orders.createdAt }).from(orders)
        .where(and(eq(orders.householdId, householdId), eq(orders.buyerId, buyerId)))
        .orderBy(desc(orders.createdAt), desc(orders.id)).limit(50);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
