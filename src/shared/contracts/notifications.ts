import { z } from 'zod';
import { queryWholeNumber, text } from './fields.ts';

/** The notification centre, notification settings and Web Push subscriptions. */

export const NOTIFICATION_TYPES = ['order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed', 'payment_reported', 'payment_reminder', 'waitlist_offer'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notification = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  orderId: z.uuid().optional(),
  /** Reviews: the product reviewed. */
  productId: z.uuid().optional(),
  /** drop_announced, drop_changed: the drop (its page is /drop/:id). */
  dropId: z.uuid().optional(),
  /** In the reader's language. */
  title: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  cursor: text().max(200).optional(),
  limit: queryWholeNumber(1, 100).default(20),
  unread: z.enum(['true', 'false']).optional(),
}).strict();

export const notificationsResponse = z.object({
  items: z.array(notification),
  unread: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsResponse>;

/** No ids = all of the caller's notifications. Ids of other users' notifications change nothing. */
export const markReadBody = z.object({ ids: z.array(z.uuid()).max(200).optional() }).strict();
export type MarkReadInput = z.infer<typeof markReadBody>;
export const markReadResponse = z.object({ ok: z.literal(true), unread: z.number().int().min(0) });

const channelSetting = z.object({ mail: z.boolean(), push: z.boolean() });
export const notificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelSetting])) as Record<NotificationType, typeof channelSetting>,
);
export type NotificationSettings = z.infer<typeof notificationSettings>;
/** PUT body: any kinds, any channels; the rest stays as it was. */
export const updateNotificationSettingsBody = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelSetting.partial().strict().optional()])) as Record<NotificationType, z.ZodOptional<z.ZodObject<{ mail: z.ZodOptional<z.ZodBoolean>; push: z.ZodOptional<z.ZodBoolean> }, z.core.$strict>>>,
).strict();
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsBody>;

export const pushKeyResponse = z.object({ publicKey: z.string() });

/** base64url as browsers give it; plain base64 is accepted and stored as base64url. */
const base64url = text().min(1).max(200).regex(/^[A-Za-z0-9_+/-]+={0,2}$/, 'must be base64url')
  .transform((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }).strict(),
}).strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionBody>;
export const deletePushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: base64url, auth: base64url }).strict().optional(),
  expirationTime: z.number().nullable().optional(),
}).strict();
export const pushSubscriptionResponse = z.object({ id: z.uuid(), endpoint: z.string(), createdAt: z.string() });
