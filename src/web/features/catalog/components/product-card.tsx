import { memo, Suspense } from 'react';
import { ImageOff, ShoppingBasket } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { belgradeToday } from '#shared/time.ts';
import { SKELETONS } from '#shared/constants.ts';
import type { Product } from '#shared/contracts/products.ts';
import { ProductSaveSlot } from '#web/components/product-save-slot.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';

/** How many cards of a grid load their picture at once, with high priority (the first screen: LCP). */
export const PRIORITY_IMAGES = 4;

/**
 * The product image, or a quiet placeholder when there is none. `eager`: the full picture of
 * the product page; `priority`: a card on the first screen. Both load at once with high
 * priority; width and height keep the layout from shifting.
 */
export function ProductImage({ product, className, eager, priority }: { product: Pick<Product, 'name' | 'image' | 'thumbnail'>; className?: string; eager?: boolean; priority?: boolean }) {
  const src = product.thumbnail ?? product.image;
  if (!src) {
    return <div className={`flex items-center justify-center bg-muted text-muted-foreground ${className ?? ''}`}><ImageOff className="size-8" aria-hidden="true" /></div>;
  }
  const urgent = eager || priority;
  return (
    <img
      src={eager ? (product.image ?? src) : src}
      alt={product.name}
      loading={urgent ? 'eager' : 'lazy'}
      fetchPriority={urgent ? 'high' : 'auto'}
      decoding={urgent ? 'auto' : 'async'}
      width={400}
      height={300}
      className={`bg-muted object-cover ${className ?? ''}`}
    />
  );
}

/** Product card (docs/product.md): image, name and price link to the product, household to its page. */
/** Memoised: a grid re-rendered for other reasons (the session loading, a tab change) leaves its cards alone. */
/** What a page gives an add button beside its handler: attributes that answer a tap before the app has started (app/use-add-to-basket.ts). */
export type AddAttributes = (product: Product) => Record<`data-${string}`, string>;

export const ProductCard = memo(function ProductCard({ product, onAddToBasket, addAttributes, priority }: { product: Product; onAddToBasket: (product: Product) => void; addAttributes?: AddAttributes; priority?: boolean }) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const soldOut = !product.availability || product.stock === 0;
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs" data-testid="product-card">
      <Link to={`/product/${product.id}`} tabIndex={-1} aria-hidden="true">
        <ProductImage product={product} priority={priority} className="aspect-[4/3] w-full" />
      </Link>
      <ProductSaveSlot product={product} />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Link to={`/product/${product.id}`} className="line-clamp-2 min-h-6 py-0.5 font-semibold leading-snug hover:underline">{product.name}</Link>
        <Link to={`/household/${product.householdId}`} className="block min-h-6 truncate py-1 text-xs text-muted-foreground hover:underline">{product.householdName}</Link>
        {product.availableFrom && product.availableFrom > belgradeToday(new Date()) && (
          <p className="text-xs font-medium text-primary">{t('logistics:product.availableFrom', { date: format.dayMonth(product.availableFrom) })}</p>
        )}
        <Link to={`/product/${product.id}`} className="mt-auto pt-1 text-sm font-bold text-primary">{format.productPrice(product)}</Link>
        {product.pricing === 'weight' && product.pieceWeight !== null && (
          <p className="text-xs text-muted-foreground" data-testid="product-estimate">
            {format.pieceEstimate(product)}
          </p>
        )}
        <Button size="sm" className="mt-2 w-full" disabled={soldOut} onClick={() => onAddToBasket(product)} aria-label={soldOut ? undefined : t('card.addToBasket', { name: product.name })}
          {...(!soldOut && addAttributes?.(product))}>
          <ShoppingBasket aria-hidden="true" />
          {soldOut ? t('product.soldOut') : t('product.addToBasket')}
        </Button>
      </div>
    </article>
  );
});

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card" data-testid="product-card-skeleton" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-9 w-full" />
      </div>
    </div>
  );
}

/** A grid of cards; 6 skeletons while loading (docs/product.md), the message when empty. */
export function ProductGrid({ products, isLoading, emptyMessage, onAddToBasket, addAttributes }: {
  products: Product[];
  isLoading: boolean;
  emptyMessage?: string;
  onAddToBasket: (product: Product) => void;
  addAttributes?: AddAttributes;
}) {
  const { t } = useTranslation('catalog');
  if (isLoading) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: SKELETONS.productCards }, (_, i) => <ProductCardSkeleton key={i} />)}
      </div>
    );
  }
  if (products.length === 0 && emptyMessage) return <p className="py-10 text-center text-muted-foreground">{emptyMessage}</p>;
  // Each card is a Suspense boundary of its own: React hydrates such a boundary by itself, in a
  // commit of its own, and first the one a visitor taps. Hydrating the whole grid in the page's
  // one commit was the longest task of a page load (docs/performance.md, Page speed).
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {products.map((p, i) => <li key={p.id} className="flex"><Suspense><ProductCard product={p} priority={i < PRIORITY_IMAGES} onAddToBasket={onAddToBasket} addAttributes={addAttributes} /></Suspense></li>)}
    </ul>
  );
}
