import { belgradeToday } from '#shared/time.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useStandingDemand } from '../api/get-standing-demand.ts';

const DAYS = 14;

/** The producer's forecast: what standing orders commit on each of the next two weeks' days. */
export function StandingDemandTable() {
  const { t } = useTranslation('standing');
  const format = useFormat();
  const query = useStandingDemand(belgradeToday(), DAYS);
  const days = (query.data?.days ?? []).filter((d) => d.products.length > 0);
  return (
    <section aria-labelledby="standing-demand-title" className="mt-6 flex flex-col gap-2">
      <h2 id="standing-demand-title" className="text-lg font-semibold">{t('demand.title')}</h2>
      {query.isSuccess && days.length === 0 && <p className="text-sm text-muted-foreground">{t('demand.empty')}</p>}
      {days.length > 0 && (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('demand.title')}</caption>
          <thead>
            <tr><th scope="col" className="py-1 text-left">{t('demand.day')}</th><th scope="col" className="py-1 text-left">{t('demand.product')}</th><th scope="col" className="py-1 text-right">{t('demand.quantity')}</th></tr>
          </thead>
          <tbody>
            {days.flatMap((d) => d.products.map((p, i) => (
              <tr key={`${d.date}-${p.productId}`} className="border-t">
                <td className="py-1">{i === 0 ? format.date(d.date) : ''}</td>
                <td className="py-1">{p.name}</td>
                <td className="py-1 text-right">{format.quantity(p.quantity, p.unit)}</td>
              </tr>
            )))}
          </tbody>
        </table>
      )}
    </section>
  );
}
