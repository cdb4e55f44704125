import { useEffect } from 'react';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useRouteError } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isChunkLoadError } from '#web/lib/load-chunk.ts';

/**
 * An error inside a page (or the layout): 'Unexpected Application Error!' with reload and home.
 * A page whose code could not be downloaded says so, since reloading usually mends it.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();

  useEffect(() => {
    console.error('Unexpected application error:', error);
  }, [error]);

  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <CircleAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">{t('appError.title')}</h1>
      <p className="text-muted-foreground">{t(isChunkLoadError(error) ? 'appError.chunkMessage' : 'appError.message')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>{t('appError.reload')}</Button>
        <Button asChild variant="outline">
          {/* A full page load: the router itself may be what broke. */}
          <a href="/">{t('appError.home')}</a>
        </Button>
      </div>
    </div>
  );
}
