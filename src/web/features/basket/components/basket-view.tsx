import { useEffect, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { AlertTriangle, Minus, Plus, ShoppingBasket, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { LIMITS } from '#shared/constants.ts';
import { stepQuantity } from '#shared/quantity.ts';
import { paraToRsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useOnlineStatus } from '#web/lib/use-online-status.ts';
import { basketProductQueryOptions, isGone } from '../api/get-basket-product.ts';
import { useBasket } from '../hooks/use-basket.ts';
import { stepOf } from '../lib/basket-reducer.ts';
import { basketHasEstimate, basketLinePara } from '../lib/basket-totals.ts';
import type { BasketProduct } from '../lib/types.ts';

/** One household's lines of the basket, for what the page adds per household (a standing order). */
export interface BasketHouseholdPart {
  householdId: string;
  householdName: string;
  lines: { productId: string; name: string; quantity: number; quantityStep: number }[];
}

/**
 * docs/product.md, Basket: lines with quantity controls, a sticky total and the way to checkout.
 * `renderHousehold` adds something under the lines for each household of the basket.
 */
/** More than the buyer may order (null: no limit). */
const exceeds = (quantity: number, stock: number | null) => stock !== null && quantity > stock;

export function BasketView({ renderHousehold, stockOf = (product) => product.stock }: {
  renderHousehold?: ((part: BasketHouseholdPart) => ReactNode) | undefined;
  /** What this buyer may order of a product: its stock, or more when something is held for them (the route knows). */
  stockOf?: (product: BasketProduct) => number | null;
} = {}) {
  const { t } = useTranslation(['basket', 'common']);
  const format = useFormat();
  const { items, setQuantity, remove, refresh, total, itemCount } = useBasket();
  const isOnline = useOnlineStatus();

  // The basket re-reads its products: unavailable ones are flagged, new prices taken over.
  const fresh = useQueries({ queries: items.map((item) => basketProductQueryOptions(item.product.id)) });
  const freshById = new Map(items.map((item, i) => [item.product.id, fresh[i]]));
  const freshKey = fresh.map((q) => q.dataUpdatedAt).join(',');

  useEffect(() => {
    for (const query of fresh) {
      if (query.data) refresh(query.data);
    }
    // Only when new data arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [freshKey]);

  if (items.length === 0) {
    return <EmptyState icon={ShoppingBasket} title={t('empty')} text={t('emptyText')} browse={t('browse')} />;
  }

  const isUnavailable = (id: string) => {
    const query = freshById.get(id);
    return (query?.isSuccess === true && !query.data.availability) || (query?.isError === true && isGone(query.error));
  };
  const hasUnavailable = items.some((item) => isUnavailable(item.product.id));
  // Offline, the checks pause (networkMode "online", see get-basket-product.ts): say so instead of "checking…".
  const checkFailed = fresh.some((q) => q.isError && !isGone(q.error)) || (!isOnline && fresh.some((q) => q.isPending));
  const isChecking = !checkFailed && fresh.some((q) => q.isPending);

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('items', { count: itemCount })}</p>
      <ul className="flex flex-col gap-3" aria-label={t('title')}>
        {items.map((item) => {
          const { product } = item;
          const unavailable = isUnavailable(product.id);
          const priceChanged = item.previousPrice !== undefined && item.previousPrice !== product.price;
          return (
            <li key={product.id}>
              <Card className={`flex flex-row gap-3 p-3 ${unavailable ? 'border-destructive' : ''}`}>
                <Link to={`/product/${product.id}`} className="shrink-0">
                  {product.thumbnail || product.image ? (
                    <img src={product.thumbnail ?? product.image ?? ''} alt={product.name} className="size-20 rounded-md object-cover" />
                  ) : (
                    <div className="size-20 rounded-md bg-muted" aria-hidden="true" />
                  )}
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link to={`/product/${product.id}`} className="truncate font-medium hover:underline">{product.name}</Link>
                  <Link to={`/household/${product.householdId}`} className="truncate text-sm text-muted-foreground hover:underline">
                    {product.householdName}
                  </Link>
                  <p className="text-sm">{format.productPrice(product, { exact: true })}</p>
                  {product.pricing === 'weight' && (
                    <p className="text-sm text-muted-foreground" data-testid="basket-line-estimate">
                      {format.piece(product.unit, product.pieceWeight ?? 0)} · {format.estimate(paraToRsd(basketLinePara(item)))}
                    </p>
                  )}
                  {priceChanged && (
                    <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
                      {t('priceChanged', { old: format.total(item.previousPrice!), new: format.total(product.price) })}
                    </p>
                  )}
                  {unavailable && (
                    <p className="flex items-center gap-1 text-sm font-medium text-destructive" role="status">
                      <AlertTriangle aria-hidden="true" className="size-4" /> {t('unavailable')}
                    </p>
                  )}
                  <div className="mt-1 flex items-center justify-between gap-2">
                    <div className="flex items-center gap-2" role="group" aria-label={t('quantity')}>
                      {/* "−" stops at one step (1 for most products): a line goes only with the remove button, never by a
                          tap too many. aria-disabled (not disabled) keeps the keyboard focus on it. */}
                      <Button type="button" variant="outline" size="icon" className="size-9 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                        aria-label={t('decrease', { name: product.name })}
                        aria-disabled={item.quantity <= stepOf(product) || undefined}
                        onClick={() => { if (item.quantity > stepOf(product)) setQuantity(product.id, stepQuantity(item.quantity, stepOf(product), -1)); }}>
                        <Minus aria-hidden="true" />
                      </Button>
                      <span className="min-w-8 text-center tabular-nums" aria-live="polite">
                        {format.quantityValue(item.quantity)}{stepOf(product) !== 1 ? ` ${format.unit(product.unit)}` : ''}
                      </span>
                      <Button type="button" variant="outline" size="icon" className="size-9"
                        aria-label={t('increase', { name: product.name })}
                        disabled={item.quantity + stepOf(product) > LIMITS.orderQuantityMax || exceeds(item.quantity + stepOf(product), stockOf(product))}
                        onClick={() => setQuantity(product.id, stepQuantity(item.quantity, stepOf(product), 1))}>
                        <Plus aria-hidden="true" />
                      </Button>
                    </div>
                    <Button type="button" variant="ghost" size="icon" className="size-9 text-destructive"
                      aria-label={t('remove', { name: product.name })} onClick={() => remove(product.id)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>

      {renderHousehold && (
        <ul className="flex flex-col gap-2" aria-label={t('perHousehold')}>
          {partsOf(items.filter((item) => !isUnavailable(item.product.id))).map((part) => <li key={part.householdId}>{renderHousehold(part)}</li>)}
        </ul>
      )}

      <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 rounded-lg border bg-background/95 p-4 shadow-md backdrop-blur">
        <div className="flex flex-col gap-2">
          {hasUnavailable && <p className="text-sm text-destructive" role="alert">{t('unavailableHint')}</p>}
          {isChecking && <p className="text-xs text-muted-foreground" role="status">{t('checking')}</p>}
          {checkFailed && (
            <p className="flex items-center gap-1 text-xs text-amber-800 dark:text-amber-300" role="status">
              <AlertTriangle aria-hidden="true" className="size-4 shrink-0" /> {t('checkFailed')}
            </p>
          )}
          <div className="flex flex-col gap-2 min-[420px]:flex-row min-[420px]:items-center min-[420px]:justify-between min-[420px]:gap-3">
            <p className="text-lg font-semibold">
              {t('total')}: <span className="whitespace-nowrap tabular-nums" data-testid="basket-total">{format.amount(total, basketHasEstimate(items))}</span>
            </p>
            {hasUnavailable ? (
              <Button disabled className="w-full min-[420px]:w-auto">{t('checkout')}</Button>
            ) : (
              <Button asChild className="w-full min-[420px]:w-auto">
                <Link to="/checkout">{t('checkout')}</Link>
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The basket's lines by household, in the order each household first appears. */
function partsOf(items: readonly { product: BasketProduct; quantity: number }[]): BasketHouseholdPart[] {
  const parts = new Map<string, BasketHouseholdPart>();
  for (const { product, quantity } of items) {
    const part = parts.get(product.householdId) ?? { householdId: product.householdId, householdName: product.householdName, lines: [] };
    part.lines.push({ productId: product.id, name: product.name, quantity, quantityStep: stepOf(product) });
    parts.set(product.householdId, part);
  }
  return [...parts.values()];
}
