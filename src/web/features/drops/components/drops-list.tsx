import { WifiOff } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useSearchParams } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { DROP_TOWN_MAX } from '#shared/contracts/drops.ts';
import { useDrops } from '../api/drops-api.ts';
import { DropCard } from './drop-card.tsx';
import { TownSearch } from './town-search.tsx';

/**
 * /drops: coming drops, soonest first (the API's order), narrowed to a town typed in either
 * script; the town is kept in ?town= so a search can be linked and survives a reload.
 */
export function DropsList() {
  const { t } = useTranslation('drops');
  const [params, setParams] = useSearchParams();
  const town = (params.get('town') ?? '').trim().slice(0, DROP_TOWN_MAX);
  const drops = useDrops({ town: town || undefined });
  const items = drops.data?.items ?? [];

  const onSearch = (next: string) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set('town', next);
      else copy.delete('town');
      return copy;
    }, { replace: true });
  };

  return (
    <div className="flex flex-col gap-4">
      <TownSearch initial={town} onSearch={onSearch} />

      <section aria-busy={drops.isPending} aria-label={t('title')} className="flex flex-col gap-3">
        {drops.isPending && drops.isPaused ? (
          <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground"><WifiOff aria-hidden="true" className="size-5" />{t('offlineNotSaved')}</p>
        ) : drops.isPending ? (
          <>
            <p role="status" className="sr-only">{t('loading')}</p>
            {[0, 1, 2].map((i) => <Skeleton key={i} className="h-40 w-full" />)}
          </>
        ) : drops.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-destructive">{t('failed')} {drops.error.message}</p>
            <Button variant="outline" onClick={() => void drops.refetch()}>{t('retry')}</Button>
          </div>
        ) : items.length === 0 ? (
          <p role="status" className="py-10 text-center text-muted-foreground">{town ? t('emptyTown', { town }) : t('empty')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {items.map((drop) => <li key={drop.id}><DropCard drop={drop} /></li>)}
          </ul>
        )}
      </section>
    </div>
  );
}
