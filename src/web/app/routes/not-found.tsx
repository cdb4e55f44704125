import { useEffect } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useLocation } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** docs/product.md: unknown paths show a 404 page and the attempted path is logged. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  usePageTitle(t('notFound.title'));

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-primary">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.message')}</p>
      <Button asChild>
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </section>
  );
}
