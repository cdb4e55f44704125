import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page-header.tsx';

// The feed (stories, product tabs, following) is built by the catalog work.
export default function FeedPage() {
  const { t } = useTranslation(['catalog', 'common']);
  return (
    <section>
      <PageHeader title={t('feed.title')}>
        <p className="text-muted-foreground">{t('common:tagline')}</p>
      </PageHeader>
    </section>
  );
}
