import { BadgeCheck } from 'lucide-react';
import type { Household } from '#shared/contracts/households.ts';
import { useTranslation } from '#web/lib/translate.tsx';

/** The household's papers as buyers see them, with the operator's "checked" badge (docs/papers-and-labels.md). */
export function HouseholdPapers({ household: h }: { household: Household }) {
  const { t } = useTranslation(['papers', 'common']);
  const legal = h.legal;
  const hasAny = legal.holdingNumber || legal.pib || legal.registrations.length > 0 || legal.form !== 'person';
  if (!hasAny) return null;
  return (
    <section aria-labelledby="household-papers" className="mt-4 grid gap-2 rounded-xl border p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="household-papers" className="text-base font-semibold">{t('public.title')}</h2>
        {legal.verifiedAt ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {t('verified')}
          </span>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('public.form')}</dt>
        <dd>{t(`form.${legal.form}`)}</dd>
        {legal.holdingNumber ? (<><dt className="text-muted-foreground">{t('public.holdingNumber')}</dt><dd>{legal.holdingNumber}</dd></>) : null}
        {legal.pib ? (<><dt className="text-muted-foreground">{t('public.pib')}</dt><dd>{legal.pib}</dd></>) : null}
        {legal.registrations.map((r) => (
          <div key={`${r.kind}-${r.number}`} className="contents">
            <dt className="text-muted-foreground">{t(`registrations.${r.kind}`)}</dt>
            <dd>{r.number} <span className="text-muted-foreground">({r.categories.map((c) => t(`common:categories.${c}`)).join(', ')})</span></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
