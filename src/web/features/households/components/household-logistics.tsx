import { MapPin, Truck } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Household } from '#shared/contracts/households.ts';
import { useFormat } from '#web/lib/use-format.ts';

/** The household page's "Where and when to collect": pickup points with hours, delivery, minimum, payment. */
export function HouseholdLogistics({ household: h }: { household: Household }) {
  const { t } = useTranslation('logistics');
  const format = useFormat();
  const hasAny = h.pickupPoints.length > 0 || h.delivery.enabled || h.minimumOrder > 0;
  if (!hasAny) return null;
  const methods = [h.payment.cash ? t('order.cash') : null, h.payment.ipsAccount ? t('order.ips_qr') : null].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="where-when-heading" className="mt-6 flex flex-col gap-3">
      <h2 id="where-when-heading" className="text-lg font-semibold">{t('household.whereWhen')}</h2>
      <ul className="flex flex-col gap-2">
        {h.pickupPoints.map((p) => (
          <li key={p.id} className="flex gap-2 rounded-md border p-3 text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="flex flex-col">
              <span className="font-medium">{p.name}</span>
              <span className="text-muted-foreground">{p.address}</span>
              {p.note && <span className="text-xs text-muted-foreground">{p.note}</span>}
              <span className="tabular-nums">
                {p.hours.map((w) => `${format.weekday(w.weekday)} ${w.opens}–${w.closes}`).join(' · ')}
              </span>
            </div>
          </li>
        ))}
        {h.delivery.enabled && (
          <li className="flex gap-2 rounded-md border p-3 text-sm">
            <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="flex flex-col">
              <span>{t('household.deliversTo', { areas: h.delivery.areas.join(', ') })}</span>
              <span className="text-muted-foreground">
                {h.delivery.weekdays.map((d) => format.weekday(d)).join(', ')}
                {' · '}{t('household.deliveryFee', { fee: format.total(h.delivery.fee) })}
                {h.delivery.freeFrom !== null ? ` · ${t('household.freeFrom', { amount: format.total(h.delivery.freeFrom) })}` : ''}
              </span>
            </div>
          </li>
        )}
      </ul>
      {h.minimumOrder > 0 && <p className="text-sm text-muted-foreground">{t('household.minimum', { amount: format.total(h.minimumOrder) })}</p>}
      {methods && <p className="text-sm text-muted-foreground">{t('household.payments', { methods })}</p>}
    </section>
  );
}
