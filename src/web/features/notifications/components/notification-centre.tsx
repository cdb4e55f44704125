import { useState } from 'react';
import { Settings } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useNavigate } from '#web/lib/router.tsx';
import type { Notification } from '#shared/contracts/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { cn } from '#web/lib/utils.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications-api.ts';
import { NotificationPreferences } from './notification-preferences.tsx';
import { SmsSettings } from './sms-settings.tsx';

/** Where a notification leads in the app (the push payload's url is built the same way on the server). */
export function notificationLink(n: Notification, isProducer: boolean): string {
  if (n.orderId) return isProducer ? `/producer/dashboard?tab=orders&order=${n.orderId}` : `/orders?order=${n.orderId}`;
  if (n.productId) return `/product/${n.productId}`;
  return isProducer ? '/producer/dashboard' : '/profile';
}

/** The notification centre: newest first, unread marked; open one (marks it read) or mark all read; settings. */
export default function NotificationCentre({ open, onOpenChange, isProducer }: { open: boolean; onOpenChange: (open: boolean) => void; isProducer: boolean }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const navigate = useNavigate();
  const list = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const [view, setView] = useState<'list' | 'settings'>('list');
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;

  const openOne = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    onOpenChange(false);
    void navigate(notificationLink(n, isProducer));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="notification-centre">
        <DialogHeader>
          <DialogTitle>{view === 'list' ? t('title') : t('settings.title')}</DialogTitle>
          <DialogDescription>{view === 'list' ? t('unreadSummary', { count: unread }) : t('settings.description')}</DialogDescription>
        </DialogHeader>
        {view === 'settings' ? (
          <div className="flex flex-col gap-4">
            <NotificationPreferences />
            {isProducer && <SmsSettings />}
            <Button variant="outline" onClick={() => setView('list')}>{t('back')}</Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
                {t('markAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setView('settings')}><Settings aria-hidden="true" /> {t('settings.open')}</Button>
            </div>
            {list.isPending ? (
              <div aria-busy="true" aria-label={t('loading')} className="flex flex-col gap-2"><Skeleton className="h-12" /><Skeleton className="h-12" /></div>
            ) : list.isError ? (
              <p role="alert" className="text-sm">{t('loadFailed')}</p>
            ) : items.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{t('empty')}</p>
            ) : (
              <ul className="flex flex-col gap-1" aria-label={t('title')}>
                {items.map((n) => (
                  <li key={n.id} className="flex items-start gap-2" data-testid="notification" data-unread={n.readAt ? undefined : 'true'}>
                    <button
                      type="button"
                      onClick={() => openOne(n)}
                      className={cn('flex min-w-0 flex-1 flex-col items-start rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted', !n.readAt && 'font-semibold')}
                    >
                      <span className="flex items-center gap-2">
                        {!n.readAt && <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />}
                        <span>{n.title}</span>
                        {!n.readAt && <span className="sr-only">{t('unread')}</span>}
                      </span>
                      <time dateTime={n.createdAt} className="text-xs font-normal text-muted-foreground">{format.dateTime(n.createdAt)}</time>
                    </button>
                    {!n.readAt && (
                      <Button variant="ghost" size="sm" className="shrink-0 text-xs" aria-label={t('markOneLabel', { title: n.title })} onClick={() => markRead.mutate([n.id])}>
                        {t('markOne')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
