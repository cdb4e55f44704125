import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { DropsList } from '#web/features/drops/components/drops-list.tsx';

/** /drops: coming drops by town, soonest first (docs/drops.md). */
export default function DropsPage() {
  const { t } = useTranslation('drops');
  return (
    <section>
      <PageHeader title={t('title')}>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </PageHeader>
      <DropsList />
    </section>
  );
}
