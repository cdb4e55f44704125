import { ArrowLeft, WifiOff } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** Pieces shared by the catalog pages (product, household, buyer). */
export function BackButton() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const location = useLocation();
  // Back in history when the user came from inside the app, else to the feed.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/'));
  return (
    <Button variant="ghost" size="sm" onClick={back} className="mb-3 -ml-2">
      <ArrowLeft aria-hidden="true" />
      {t('back')}
    </Button>
  );
}

export function NotFoundMessage({ message }: { message: string }) {
  const { t } = useTranslation('catalog');
  usePageTitle(message);
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{message}</h1>
      <Button asChild><Link to="/">{t('backToFeed')}</Link></Button>
    </div>
  );
}

/** A page's main query failed: the not-found screen for a missing id, else the error and a retry. */
export function QueryFailed({ error, notFoundMessage, onRetry }: { error: Error; notFoundMessage: string; onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFoundMessage message={notFoundMessage} />;
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-destructive">{error.message}</p>
      <Button variant="outline" onClick={onRetry}>{t('retry')}</Button>
    </div>
  );
}

/**
 * Offline, and the page's data was never kept by the service worker (src/web/sw.ts): says so
 * instead of loading placeholders that would wait for the connection without a word.
 */
export function OfflineNotSaved({ message }: { message?: string }) {
  const { t } = useTranslation('catalog');
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground" data-testid="offline-not-saved">
      <WifiOff className="size-10" aria-hidden="true" />
      <p>{message ?? t('offline.notSaved')}</p>
    </div>
  );
}
