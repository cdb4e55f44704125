import { useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useNavigate } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { CheckoutView } from '#web/features/checkout/components/checkout-view.tsx';
import { useDropsByIds } from '#web/features/drops/api/drops-api.ts';
import { basketDropIds, forgetBasketDrops } from '#web/features/drops/lib/basket-drops.ts';
import { SavedAddressPicker } from '#web/features/saved/components/saved-address-picker.tsx';
import { DELIVERY_ADDRESS_MAX } from '#shared/contracts/orders.ts';

/** Composes the basket, the signed-in user (phone prefill), the drops it was filled from and the checkout form. */
export default function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { items, clear } = useBasket();
  const { user } = useAuth();
  const navigate = useNavigate();
  // Read once: the drop pages the basket was filled from (docs/drops.md).
  const [dropIds] = useState(() => basketDropIds());
  const drops = useDropsByIds(dropIds);
  return (
    <section>
      <PageHeader title={t('title')} />
      <CheckoutView
        items={items}
        drops={drops}
        defaultPhone={user?.phone ?? ''}
        addressPicker={(fill) => <SavedAddressPicker userId={user?.id ?? null} onPick={fill} maxLength={DELIVERY_ADDRESS_MAX} />}
        onPlaced={() => {
          clear();
          forgetBasketDrops();
          void navigate('/orders');
        }}
      />
    </section>
  );
}
