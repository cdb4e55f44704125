import { useCallback } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import type { Product } from '#shared/contracts/products.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';

/** Adds a product to the basket with its toast ('Added to basket'); composes catalog and basket. */
export function useAddToBasket() {
  const { t } = useTranslation('catalog');
  const { add } = useBasket();
  return useCallback((product: Product) => {
    add(product);
    lazyToast.success(t('addedToBasket'));
  }, [add, t]);
}
