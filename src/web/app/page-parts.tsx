import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
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
