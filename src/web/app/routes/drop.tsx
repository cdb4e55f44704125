import { useCallback } from 'react';
import type { Product } from '#shared/contracts/products.ts';
import { useParams } from '#web/lib/router.tsx';
import { ProductGrid } from '#web/features/catalog/components/product-card.tsx';
import { DropView } from '#web/features/drops/components/drop-view.tsx';
import { rememberBasketDrop } from '#web/features/drops/lib/basket-drops.ts';
import { OfflineNotSaved } from '../page-parts.tsx';
import { useAddToBasket } from '../use-add-to-basket.ts';

/** /drop/:id: the drop's households and products into the one basket; checkout then offers the drop. */
export default function DropPage() {
  const { id = '' } = useParams();
  const addToBasket = useAddToBasket();
  const add = useCallback((product: Product) => {
    rememberBasketDrop(id);
    addToBasket(product);
  }, [addToBasket, id]);
  return (
    <DropView id={id} offlineNotSaved={<OfflineNotSaved />}
      renderProducts={(products) => <ProductGrid products={products} isLoading={false} onAddToBasket={add} />} />
  );
}
