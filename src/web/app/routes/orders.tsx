import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page-header.tsx';
import { OrdersList } from '#web/features/orders/components/orders-list.tsx';

export default function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <section>
      <PageHeader title={t('title')} />
      <OrdersList />
    </section>
  );
}
