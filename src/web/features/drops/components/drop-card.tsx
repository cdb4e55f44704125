import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Link } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Drop } from '../api/drop-types.ts';
import { DropFacts, DropStatusBadge } from './drop-facts.tsx';
import { DropHouseholds } from './drop-households.tsx';

/** One drop in the list: its title (the link to its page), place, day and hours, cutoff and households. */
export function DropCard({ drop }: { drop: Drop }) {
  const { t } = useTranslation('drops');
  return (
    <Card role="article" aria-labelledby={`drop-${drop.id}`} className="gap-3">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle as="h2" className="text-base" id={`drop-${drop.id}`}>
          <Link to={`/drop/${drop.id}`} className="hover:underline focus-visible:underline">{drop.title}</Link>
        </CardTitle>
        {drop.status !== 'open' && <DropStatusBadge status={drop.status} />}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <DropFacts drop={drop} />
        <DropHouseholds households={drop.households} label={t('householdsCount', { count: drop.households.length })} />
      </CardContent>
    </Card>
  );
}
