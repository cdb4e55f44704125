import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsPage, UpdateNotificationSettingsInput } from '#shared/contracts/notifications.ts';
import type { SmsSettings, UpdateSmsInput } from '#shared/contracts/sms.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Every API call of the notification centre, its settings and Web Push, in one module. */

const notificationsKeys = queryKeys.notifications;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKeys.list,
    queryFn: ({ signal }) => api.notifications.list({ query: { limit: 30 }, signal }),
    enabled,
    staleTime: 0,
    refetchInterval: enabled ? 60_000 : false,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    /** No ids = all. */
    mutationFn: (ids?: string[]) => api.notifications.markRead({ body: ids ? { ids } : {} }),
    onMutate: (ids) => {
      // The bell answers at once; the refetch below settles it.
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationsPage>(notificationsKeys.list, (old) => old && {
        ...old,
        items: old.items.map((n: Notification) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt: now } : n)),
        unread: ids ? Math.max(0, old.unread - old.items.filter((n) => !n.readAt && ids.includes(n.id)).length) : 0,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list }),
  });
}

export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKeys.settings,
    queryFn: ({ signal }) => api.notifications.settings({ signal }),
    enabled,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateNotificationSettingsInput) => api.notifications.updateSettings({ body: change }),
    onSuccess: (settings) => queryClient.setQueryData(notificationsKeys.settings, settings),
  });
}

export const getPushKey = () => api.push.key({ auth: false });

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api.push.subscribe({ body: { endpoint: subscription.endpoint ?? '', keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' } } });

export const deletePushSubscription = (endpoint: string) =>
  api.push.unsubscribe({ body: { endpoint } });

/** A producer's SMS settings (GET/PUT/PATCH/DELETE /api/me/sms, POST /api/me/sms/confirm). */
export function useSmsSettings() {
  return useQuery({ queryKey: notificationsKeys.sms, queryFn: ({ signal }) => api.me.sms({ signal }) });
}

export function useSmsActions() {
  const queryClient = useQueryClient();
  const onSuccess = (settings: SmsSettings) => queryClient.setQueryData(notificationsKeys.sms, settings);
  return {
    setPhone: useMutation({ mutationFn: (phone: string) => api.me.setSmsPhone({ body: { phone } }), onSuccess }),
    confirm: useMutation({ mutationFn: (code: string) => api.me.confirmSms({ body: { code } }), onSuccess }),
    update: useMutation({ mutationFn: (change: UpdateSmsInput) => api.me.updateSms({ body: change }), onSuccess }),
    stop: useMutation({ mutationFn: () => api.me.stopSms({}), onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.sms }) }),
  };
}
