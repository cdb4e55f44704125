import {
  NOTIFICATION_TYPES, type MarkReadInput, type Notification, type NotificationSettings, type NotificationsPage,
  type PushSubscriptionInput, type UpdateNotificationSettingsInput,
} from '#shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notFound, unauthorized, validationFailed } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../../lib/keyset-cursor.ts';
import type { NotificationRow, NotificationsRepository, StoredSettings } from './notifications.repository.ts';
import { notificationTitle } from './titles.ts';
import { checkPushEndpoint, type LookupAll } from './push-endpoint.ts';

export interface NotificationsServiceDeps {
  db: Db;
  repo: NotificationsRepository;
  clock: () => Date;
  publicKey: string;
  /**
   * PUSH_ALLOW_LOCAL (tests only): http and inside addresses allowed as push endpoints.
   * Otherwise an endpoint must be https on a public address (push-endpoint.ts).
   */
  allowLocalEndpoints: boolean;
  /** The resolver the endpoint check uses (tests inject one); the system's by default. */
  lookup?: LookupAll;
}

/** Every kind on for both channels unless the user turned it off. */
export function effectiveSettings(stored: StoredSettings): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { mail: stored[t]?.mail !== false, push: stored[t]?.push !== false }])) as NotificationSettings;
}

const b64Length = (s: string) => Buffer.from(s, 'base64url').length;

export function createNotificationsService({ db, repo, clock, publicKey, allowLocalEndpoints, lookup }: NotificationsServiceDeps) {
  async function prefsOf(userId: string) {
    const prefs = await repo.userPrefs(db, userId);
    if (!prefs) throw unauthorized();
    return prefs;
  }

  return {
    async list(userId: string, query: { cursor?: string; limit: number; unread?: 'true' | 'false' }): Promise<NotificationsPage> {
      const after = decodeCursor(query.cursor, timeIdCursor);
      const [prefs, rows, unread] = await Promise.all([
        prefsOf(userId),
        repo.list(db, userId, { after, limit: query.limit + 1, unreadOnly: query.unread === 'true' }),
        repo.unreadCount(db, userId),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r: NotificationRow): Notification => ({
          id: r.id,
          type: r.type,
          ...(r.orderId ? { orderId: r.orderId } : {}),
          ...((r.type === 'review' || r.type === 'waitlist_offer') && typeof r.data.productId === 'string' ? { productId: r.data.productId } : {}),
          ...((r.type === 'drop_announced' || r.type === 'drop_changed') && typeof r.data.dropId === 'string' ? { dropId: r.data.dropId } : {}),
          title: notificationTitle(prefs.language, r.type, r.orderId, r.data),
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt ? r.readAt.toISOString() : null,
        })),
        unread,
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.timeKey, last.id]) : null,
      };
    },

    async markRead(userId: string, body: MarkReadInput | undefined) {
      await repo.markRead(db, userId, body?.ids, clock());
      return { ok: true as const, unread: await repo.unreadCount(db, userId) };
    },

    async getSettings(userId: string): Promise<NotificationSettings> {
      return effectiveSettings((await prefsOf(userId)).settings);
    },

    async updateSettings(userId: string, body: UpdateNotificationSettingsInput): Promise<NotificationSettings> {
      const current = effectiveSettings((await prefsOf(userId)).settings);
      for (const type of NOTIFICATION_TYPES) {
        const change = body[type];
        if (change) current[type] = { mail: change.mail ?? current[type].mail, push: change.push ?? current[type].push };
      }
      await repo.saveSettings(db, userId, current);
      return current;
    },

    publicKey: () => ({ publicKey }),

    async subscribe(userId: string, body: PushSubscriptionInput) {
      const details = [];
      const refused = await checkPushEndpoint(body.endpoint, { allowLocal: allowLocalEndpoints, ...(lookup ? { lookup } : {}) });
      if (refused) details.push({ field: 'endpoint', message: refused });
      if (b64Length(body.keys.p256dh) !== 65 || !Buffer.from(body.keys.p256dh, 'base64url')[0] || Buffer.from(body.keys.p256dh, 'base64url')[0] !== 4) {
        details.push({ field: 'keys.p256dh', message: 'Must be an uncompressed P-256 public key (65 bytes)' });
      }
      if (b64Length(body.keys.auth) < 16) details.push({ field: 'keys.auth', message: 'Must be at least 16 bytes' });
      if (details.length > 0) throw validationFailed(details);
      const row = await repo.upsertSubscription(db, { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, now: clock() });
      return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
    },

    async unsubscribe(userId: string, endpoint: string) {
      if (!(await repo.deleteSubscription(db, userId, endpoint))) throw notFound('Subscription');
      return { ok: true as const };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
