import { WifiOff } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useOnlineStatus } from '#web/lib/use-online-status.ts';

/**
 * Says so while the browser is offline. The live region stays in the page (empty when online)
 * so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  return (
    <div role="status" className="bg-foreground text-background">
      {!online && (
        <p className="mx-auto flex max-w-5xl items-start gap-2 px-4 py-2 text-sm">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.message')}
          </span>
        </p>
      )}
    </div>
  );
}
