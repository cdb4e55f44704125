import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { BasketView } from '#web/features/basket/components/basket-view.tsx';

export default function BasketPage() {
  const { t } = useTranslation('basket');
  return (
    <section>
      <PageHeader title={t('title')} />
      <BasketView />
    </section>
  );
}
