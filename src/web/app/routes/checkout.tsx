import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { CheckoutView } from '#web/features/checkout/components/checkout-view.tsx';

/** Composes the basket, the signed-in user (phone prefill) and the checkout form. */
export default function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { items, clear } = useBasket();
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <section>
      <PageHeader title={t('title')} />
      <CheckoutView
        items={items}
        defaultPhone={user?.phone ?? ''}
        onPlaced={() => {
          clear();
          void navigate('/orders');
        }}
      />
    </section>
  );
}
