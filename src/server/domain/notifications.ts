import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { notifications, pushSubscriptions } from '../db/schema.ts';

/**
 * Creating a notification, for any feature (docs/notifications.md). Call it inside
 * the transaction that makes the change, so the notification exists exactly when the change
 * does. After the commit the push sender picks it up (app.ts kicks it after every successful
 * write request; with workers it also runs every few seconds); mail is the caller's business.
 *
 * New orders, status changes and reviews are written by database triggers (migration 0009);
 * messages by the messages feature. Moderation decisions, for instance:
 *
 *   await createNotification(tx, { userId: ownerId, type: 'moderation', data: { decision: 'producer_approved' } });
 *
 * `data` feeds the title, rendered in the reader's language when read (features/notifications/titles.ts):
 * - order_placed: { customerName }          - order_status: { status, householdName }
 * - message: { authorName }                 - review: { productId, productName, rating, authorName }
 * - moderation: { decision: producer_approved | producer_suspended | producer_reinstated |
 *   content_hidden | content_restored | account_suspended | account_reinstated, reason? }
 * - standing_skipped: { reason, date?, householdName?, productName?, paused? } (features/standing/standing.service.ts,
 *   and the pausing triggers of migration 0015)
 * - standing_price_changed: { productName, oldPrice, newPrice } (trigger of migration 0015)
 * - order_weighed: { householdName, total, estimateTotal } (features/orders/orders.service.ts: the final total of an order sold by weight)
 * - payment_reported: { customerName, number } (the producer; features/orders/payment-sent.ts)
 * - payment_reminder: { householdName, number, date } (the buyer; features/payments/reminders.ts)
 * - drop_announced: { dropId, title, householdName, town, date } (features/drops: a followed household announced or joined a drop)
 * - drop_changed: { dropId, title, date, change: place | time | place_time | cancelled, reason? } (features/drops)
 * - waitlist_offer: { productId, productName, quantity, heldUntil } (the buyer; src/server/domain/waitlist.ts)
 */
export type NotificationKind = 'order_placed' | 'order_status' | 'message' | 'review' | 'moderation' | 'standing_skipped' | 'standing_price_changed'
  | 'order_weighed' | 'payment_reported' | 'payment_reminder' | 'drop_announced' | 'drop_changed' | 'waitlist_offer';

export interface NewNotification {
  userId: string;
  type: NotificationKind;
  orderId?: string | null;
  data?: Record<string, string | number | boolean | null>;
  /** Defaults to the database's now(); pass the injected clock's time where the feature has one. */
  createdAt?: Date;
}

export async function createNotification(db: DbOrTx, n: NewNotification | NewNotification[]): Promise<void> {
  const rows = Array.isArray(n) ? n : [n];
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows.map((r) => ({
    userId: r.userId,
    type: r.type,
    orderId: r.orderId ?? null,
    data: r.data ?? {},
    ...(r.createdAt ? { createdAt: r.createdAt } : {}),
    pushPending: sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${r.userId}::uuid)`,
  })));
}
