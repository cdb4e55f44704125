import { useCallback } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { earlyAddAttributes } from '#web/lib/early-add.ts';
import { dismissEarlyToast } from '#web/lib/early-toast.ts';
import type { Product } from '#shared/contracts/products.ts';
import { useBasketActions } from '#web/features/basket/hooks/use-basket.ts';

/** The toast's words (catalog namespace), the app's and the one before the app has started. */
const ADDED = 'addedToBasket';

/** Adds a product to the basket with its toast ('Added to basket'); composes catalog and basket. */
export function useAddToBasket() {
  const { t } = useTranslation('catalog');
  const { add } = useBasketActions();
  return useCallback((product: Product) => {
    add(product);
    dismissEarlyToast(); // the answer of a tap made before the app was ready: this one replaces it
    lazyToast.success(t(ADDED));
  }, [add, t]);
}

/**
 * The attributes of a server-rendered "Add to basket" that let boot.ts answer a tap on it before
 * the app is ready (lib/early-add.ts): the same add, the same words.
 */
export function useEarlyAddAttributes() {
  const { t } = useTranslation('catalog');
  return useCallback((product: Product) => earlyAddAttributes(product.id, t(ADDED)), [t]);
}
