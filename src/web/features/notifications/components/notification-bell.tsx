import { lazy, Suspense, useState } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { useNotifications } from '../api/notifications-api.ts';

// The centre (a dialog) loads when first opened: the header stays light (bundle budget).
const NotificationCentre = lazy(loadChunk(() => import('./notification-centre.tsx')));

/** The header's bell with the unread count; opens the notification centre. */
export function NotificationBell({ isProducer }: { isProducer: boolean }) {
  const { t } = useTranslation('notifications');
  const list = useNotifications(true);
  const unread = list.data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span aria-hidden="true" data-testid="notification-count" className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-bold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NotificationCentre open={open} onOpenChange={setOpen} isProducer={isProducer} />
        </Suspense>
      )}
    </>
  );
}
