import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { NOTIFICATION_TYPES, type NotificationType } from '#shared/contracts/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications-api.ts';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../lib/push.ts';
import { showError } from '#web/lib/show-error.ts';

/** Mail and push per kind of notification, saved at once, and push on this device (opt-in). */
export function NotificationPreferences() {
  const { t } = useTranslation(['notifications', 'errors']);
  const settings = useNotificationSettings(true);
  const update = useUpdateNotificationSettings();
  // Rendered in the browser only (inside a dialog), so support is known at once.
  const [device, setDevice] = useState<'unsupported' | 'off' | 'on' | 'busy'>(() => (pushSupported() ? 'off' : 'unsupported'));

  useEffect(() => {
    if (!pushSupported()) return;
    void currentPushSubscription().then((s) => setDevice(s ? 'on' : 'off'), () => setDevice('off'));
  }, []);

  const toggle = (type: NotificationType, channel: 'mail' | 'push', value: boolean) => {
    update.mutate({ [type]: { [channel]: value } }, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => showError(error, error.message),
    });
  };

  const onDevice = async () => {
    const wasOn = device === 'on';
    setDevice('busy');
    try {
      if (wasOn) { await disablePush(); setDevice('off'); return; }
      const ok = await enablePush();
      setDevice(ok ? 'on' : 'off');
      if (!ok) toast.error(t('push.denied'));
    } catch (error) {
      setDevice(wasOn ? 'on' : 'off');
      toast.error(t('errors:title'), { description: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="notification-preferences">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('settings.title')}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">{t('settings.kind')}</th>
            <th scope="col" className="w-16 py-1 text-center font-medium">{t('settings.mail')}</th>
            <th scope="col" className="w-16 py-1 text-center font-medium">{t('settings.push')}</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type} className="border-t">
              <th scope="row" className="py-2 text-left font-normal">{t(`types.${type}`)}</th>
              {(['mail', 'push'] as const).map((channel) => (
                <td key={channel} className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={t(`settings.${channel}For`, { kind: t(`types.${type}`) })}
                    disabled={!settings.data || update.isPending}
                    checked={settings.data?.[type][channel] ?? true}
                    onChange={(e) => toggle(type, channel, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-col gap-2 rounded-md border p-3 text-sm">
        <p className="font-medium">{t('push.title')}</p>
        {device === 'unsupported' ? (
          <p className="text-muted-foreground">{t('push.unsupported')}</p>
        ) : (
          <>
            <p className="text-muted-foreground">{device === 'on' ? t('push.on') : t('push.off')}</p>
            <Button variant="outline" size="sm" className="w-fit" disabled={device === 'busy'} onClick={() => void onDevice()}>
              {device === 'on' ? t('push.disable') : t('push.enable')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
