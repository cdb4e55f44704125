import { MESSAGE_MAIL_INTERVAL_MS, type ConversationState, type CreateMessageInput, type MessagesList, type OrderMessage, type SharedOrders } from '#shared/contracts/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import { createNotification } from '../../domain/notifications.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { messagesMail } from './messages.mails.ts';
import type { Conversation, MessageRow, MessagesRepository, Party } from './messages.repository.ts';

/** Messages listed in one mail; older unmailed ones are counted ("… and 3 more"). */
const MAIL_MESSAGES_MAX = 20;

export interface MessagesServiceDeps {
  db: Db;
  repo: MessagesRepository;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
  publicUrl: string;
}

const toMessage = (m: MessageRow): OrderMessage => ({
  id: m.id, orderId: m.orderId, authorId: m.authorId, authorName: m.authorName, fromProducer: m.fromProducer, body: m.body,
  createdAt: m.createdAt.toISOString(),
});

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * An order's conversation: only its buyer and its producer see it, anyone else
 * gets 404 as if the order did not exist. The other party gets a notification per message
 * and at most one mail per order per 10 minutes, listing every message since their last
 * mail (or last read): the first message after a quiet spell is mailed at once, later ones
 * wait for the next message after the window or for the sweep (`sendDueMails`).
 */
export function createMessagesService({ db, repo, clock, outbox, publicUrl }: MessagesServiceDeps) {
  async function conversationOf(db0: DbOrTx, orderId: string, userId: string | undefined): Promise<Conversation> {
    const conv = userId ? await repo.conversationFor(db0, orderId, userId) : null;
    if (!conv) throw notFound('Order');
    return conv;
  }

  const linkFor = (orderId: string, toProducer: boolean) =>
    `${publicUrl}${toProducer ? '/producer/dashboard?tab=orders&' : '/orders?'}order=${orderId}`;

  /** Mails `recipient` every message they have neither been mailed about nor read; closes the window. */
  async function mailDigest(tx: DbOrTx, conv: Conversation, recipient: Party, state: { lastMailedAt: Date | null; lastReadAt: Date | null }, at: Date) {
    const toProducer = recipient.id !== conv.buyer.id;
    const { rows, total } = await repo.unmailed(tx, conv.orderId, toProducer, later(state.lastMailedAt, state.lastReadAt), MAIL_MESSAGES_MAX);
    if (total === 0) {
      await repo.updateState(tx, conv.orderId, recipient.id, { mailPendingSince: null });
      return false;
    }
    await enqueueMail(tx, messagesMail({
      to: recipient, orderId: conv.orderId, householdName: conv.householdName, total, link: linkFor(conv.orderId, toProducer),
      messages: rows.map((r) => ({ authorName: r.authorName, body: r.body, createdAt: r.createdAt })),
    }));
    await repo.updateState(tx, conv.orderId, recipient.id, { lastMailedAt: at, mailPendingSince: null });
    return true;
  }

  return {
    async list(userId: string | undefined, orderId: string, query: { cursor?: string; limit: number }): Promise<MessagesList> {
      await conversationOf(db, orderId, userId);
      const rows = await repo.list(db, orderId, { after: decodeCursor(query.cursor, timeIdCursor), limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(toMessage), nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null };
    },

    async post(userId: string | undefined, orderId: string, input: CreateMessageInput): Promise<OrderMessage> {
      const { message, mailed } = await db.transaction(async (tx) => {
        const conv = await conversationOf(tx, orderId, userId);
        const fromProducer = userId !== conv.buyer.id;
        const author = fromProducer ? conv.producer! : conv.buyer;
        const recipient = fromProducer ? conv.buyer : conv.producer;
        await repo.lockConversation(tx, orderId);
        // Messages of one order never share a time, so the conversation reads in order.
        const lastAt = await repo.lastMessageAt(tx, orderId);
        const now = clock();
        const at = lastAt && lastAt.getTime() >= now.getTime() ? new Date(lastAt.getTime() + 1) : now;
        const { id } = await repo.insert(tx, { orderId, authorId: author.id, fromProducer, body: input.body, createdAt: at });
        await repo.markRead(tx, orderId, author.id, at);
        let mailedNow = false;
        if (recipient) {
          await createNotification(tx, { userId: recipient.id, type: 'message', orderId, data: { authorName: author.name }, createdAt: at });
          if (recipient.wantsMail) {
            const state = await repo.lockState(tx, orderId, recipient.id);
            if (!state.lastMailedAt || at.getTime() - state.lastMailedAt.getTime() >= MESSAGE_MAIL_INTERVAL_MS) {
              mailedNow = await mailDigest(tx, conv, recipient, state, at);
            } else if (!state.mailPendingSince) {
              await repo.updateState(tx, orderId, recipient.id, { mailPendingSince: at });
            }
          }
        }
        const message: OrderMessage = { id, orderId, authorId: author.id, authorName: author.name, fromProducer, body: input.body, createdAt: at.toISOString() };
        return { message, mailed: mailedNow };
      });
      if (mailed) outbox.kick();
      return message;
    },

    /** The reader has seen the conversation up to now: its unread marks and message notifications clear. */
    async markRead(userId: string | undefined, orderId: string): Promise<ConversationState> {
      await conversationOf(db, orderId, userId);
      const now = clock();
      const lastAt = await repo.lastMessageAt(db, orderId);
      const at = later(now, lastAt)!;
      await db.transaction(async (tx) => {
        await repo.markRead(tx, orderId, userId!, at);
        await repo.markMessageNotificationsRead(tx, orderId, userId!, now);
      });
      return { orderId, unread: 0, lastReadAt: (await repo.lastReadAt(db, orderId, userId!))?.toISOString() ?? null };
    },

    async state(userId: string | undefined, orderId: string): Promise<ConversationState> {
      await conversationOf(db, orderId, userId);
      const [row] = await repo.unreadConversations(db, userId!, orderId);
      const lastReadAt = await repo.lastReadAt(db, orderId, userId!);
      return { orderId, unread: row?.unread ?? 0, lastReadAt: lastReadAt?.toISOString() ?? null };
    },

    async unread(userId: string) {
      const rows = await repo.unreadConversations(db, userId);
      return { items: rows.map((r) => ({ orderId: r.orderId, unread: r.unread, lastReadAt: r.lastReadAt?.toISOString() ?? null })), nextCursor: null };
    },

    async sharedOrders(householdId: string, buyerId: string): Promise<SharedOrders> {
      const rows = await repo.sharedOrders(db, householdId, buyerId);
      return { items: rows.map((r) => ({ id: r.id, status: r.status, createdAt: r.createdAt.toISOString() })), nextCursor: null };
    },

    /** Mails the messages that waited for their window to pass (run every minute by the workers). */
    async sendDueMails(): Promise<number> {
      const sent = await db.transaction(async (tx) => {
        const now = clock();
        const due = await repo.duePendingMails(tx, new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MS), 50);
        let count = 0;
        for (const state of due) {
          const conv = await repo.conversationFor(tx, state.orderId, state.userId);
          const recipient = conv && (conv.buyer.id === state.userId ? conv.buyer : conv.producer);
          if (!conv || !recipient?.wantsMail) {
            await repo.updateState(tx, state.orderId, state.userId, { mailPendingSince: null });
            continue;
          }
          if (await mailDigest(tx, conv, recipient, state, now)) count += 1;
        }
        return count;
      });
      if (sent > 0) outbox.kick();
      return sent;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
