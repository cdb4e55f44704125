import { useTranslation } from '#web/lib/translate.tsx';
import { useNavigate } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { CheckoutView } from '#web/features/checkout/components/checkout-view.tsx';
import { SavedAddressPicker } from '#web/features/saved/components/saved-address-picker.tsx';
import { DELIVERY_ADDRESS_MAX } from '#shared/contracts/orders.ts';

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
        addressPicker={(fill) => <SavedAddressPicker userId={user?.id ?? null} onPick={fill} maxLength={DELIVERY_ADDRESS_MAX} />}
        onPlaced={() => {
          clear();
          void navigate('/orders');
        }}
      />
    </section>
  );
}
