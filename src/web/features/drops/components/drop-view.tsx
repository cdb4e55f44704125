import type { ReactNode } from 'react';
import { ArrowLeft, Lock, ShoppingBasket } from 'lucide-react';
import type { Product } from '#shared/contracts/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useDrop } from '../api/drops-api.ts';
import { useNowPast } from '../hooks/use-now.ts';
import { DropFacts, DropStatusBadge } from './drop-facts.tsx';
import { DropHouseholds } from './drop-households.tsx';

interface Props {
  id: string;
  /** The products of one household, orderable into the basket (the catalog's grid, composed by the page). */
  renderProducts: (products: Product[]) => ReactNode;
  /** Offline and never loaded: the page's own message. */
  offlineNotSaved: ReactNode;
}

/** /drop/:id: the drop, its households and what each one brings, ordered into one basket until the cutoff. */
export function DropView({ id, renderProducts, offlineNotSaved }: Props) {
  const { t } = useTranslation('drops');
  const format = useFormat();
  const drop = useDrop(id);
  const orderBy = drop.data ? Date.parse(drop.data.orderBy) : null;
  const cutoffPassed = useNowPast(Number.isNaN(orderBy) ? null : orderBy);
  usePageTitle(drop.data?.title ?? t('title'));

  if (drop.isPending && drop.isPaused) return <>{offlineNotSaved}</>;
  if (drop.isPending) {
    return (
      <section aria-busy="true" aria-label={t('loading')} className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" /><Skeleton className="h-24 w-full" /><Skeleton className="h-48 w-full" />
      </section>
    );
  }
  if (drop.isError) {
    const missing = isApiError(drop.error) && (drop.error.status === 404 || drop.error.status === 400);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-xl font-semibold">{missing ? t('detail.notFound') : t('failed')}</h1>
        {!missing && <p className="text-destructive">{drop.error.message}</p>}
        {missing
          ? <Button asChild><Link to="/drops">{t('detail.back')}</Link></Button>
          : <Button variant="outline" onClick={() => void drop.refetch()}>{t('retry')}</Button>}
      </div>
    );
  }

  const d = drop.data;
  const status = d.status === 'open' && cutoffPassed ? 'closed' : d.status;
  const isOpen = status === 'open';
  return (
    <article className="flex flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/drops"><ArrowLeft aria-hidden="true" />{t('detail.back')}</Link>
      </Button>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{d.title}</h1>
          <DropStatusBadge status={status} />
        </div>
        <DropFacts drop={d} />
        {d.note && <p className="rounded-md bg-muted p-3 text-sm"><span className="font-medium">{t('detail.note')}: </span>{d.note}</p>}
      </header>

      {status === 'cancelled' ? (
        <p role="status" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive">{t('cancelledText')}</p>
      ) : !isOpen ? (
        <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p><span className="font-semibold">{t('orderingClosed')}.</span> {t('orderingClosedText', { time: format.dateTime(d.orderBy) })}</p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
          <p>{t('detail.basketHint')}</p>
          <Button asChild size="sm" variant="outline"><Link to="/basket"><ShoppingBasket aria-hidden="true" />{t('detail.toBasket')}</Link></Button>
        </div>
      )}

      <section aria-labelledby="drop-households" className="flex flex-col gap-4">
        <h2 id="drop-households" className="text-lg font-semibold">{t('households')}</h2>
        {!isOpen && <DropHouseholds households={d.households} linked label={t('householdsCount', { count: d.households.length })} />}
        {isOpen && d.households.map((h) => {
          const products = d.products.filter((p) => p.householdId === h.id);
          return (
            <section key={h.id} aria-labelledby={`drop-h-${h.id}`} className="flex flex-col gap-2">
              <h3 id={`drop-h-${h.id}`} className="text-base font-semibold">
                <Link to={`/household/${h.id}`} className="hover:underline">{h.name}</Link>
              </h3>
              {products.length === 0 ? <p className="text-sm text-muted-foreground">{t('detail.noProducts')}</p> : renderProducts(products)}
            </section>
          );
        })}
      </section>
    </article>
  );
}
