import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page-header.tsx';

// The screen itself is built by its feature; until then the page says so plainly.
export default function OrdersPage() {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <section>
      <PageHeader title={t('title')} />
      <p className="text-muted-foreground">{t('common:pageInProgress')}</p>
    </section>
  );
}
