import { CalendarClock, Clock, MapPin } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import type { Drop } from '../api/drop-types.ts';

const STATUS_VARIANT = { open: 'success', closed: 'warning', cancelled: 'destructive', done: 'muted' } as const;

export function DropStatusBadge({ status }: { status: Drop['status'] }) {
  const { t } = useTranslation('drops');
  return <Badge variant={STATUS_VARIANT[status]} data-status={status}>{t(`status.${status}`)}</Badge>;
}

/**
 * Where and when a drop is: the place, its address and town, the day and hours (a Belgrade
 * day and clock times, as the API gives them) and the cutoff (an instant, shown in Belgrade).
 */
export function DropFacts({ drop }: { drop: Drop }) {
  const { t } = useTranslation('drops');
  const format = useFormat();
  return (
    <dl className="grid grid-cols-[auto_1fr] items-start gap-x-2 gap-y-1 text-sm">
      <dt><MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" /><span className="sr-only">{t('detail.place')}</span></dt>
      <dd><span className="font-medium">{drop.place.name}</span>, {drop.place.address}, <span data-testid="drop-town">{drop.place.town}</span></dd>
      <dt><CalendarClock aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" /><span className="sr-only">{t('dashboard.fields.date')}</span></dt>
      <dd data-testid="drop-when">{t('when', { date: format.day(drop.date), opens: drop.opens, closes: drop.closes })}</dd>
      <dt><Clock aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" /><span className="sr-only">{t('dashboard.fields.orderBy')}</span></dt>
      <dd data-testid="drop-order-by">{t('orderBy', { time: format.dateTime(drop.orderBy) })}</dd>
    </dl>
  );
}
