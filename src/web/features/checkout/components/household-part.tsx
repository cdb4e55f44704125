import type { ReactNode } from 'react';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { cn } from '#web/lib/utils.ts';
import type { CheckoutGroup } from '../hooks/use-checkout-plan.ts';
import type { Choice } from '../lib/choice.ts';
import { HouseholdChoice } from './household-choice.tsx';

interface Props {
  group: CheckoutGroup;
  today: string;
  onChange: (next: Choice) => void;
  addressPicker?: (fill: (address: string, options?: { onlyIfEmpty?: boolean }) => void) => ReactNode;
}

/** One household's part of the checkout: its lines, subtotal and minimum, how it is had and paid, the delivery fee. */
export function HouseholdPart({ group, today, onChange, addressPicker }: Props) {
  const { t } = useTranslation(['checkout', 'logistics']);
  const format = useFormat();
  const { householdId, household, slots, choice, feePara } = group;
  const isDelivery = choice.deliveryType === 'delivery';
  const isEstimate = group.lines.some((line) => line.product.pricing === 'weight');
  return (
    <Card role="region" aria-label={group.householdName}>
      <CardHeader><CardTitle className="text-base">{group.householdName}</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col gap-1 text-sm">
          {group.lines.map((line) => (
            <li key={line.product.id} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">{line.product.name} × {format.quantityValue(line.quantity)}</span>
              <span className="tabular-nums">{format.amount(paraToRsd(line.linePara), line.product.pricing === 'weight')}</span>
            </li>
          ))}
        </ul>
        {isEstimate && <p className="text-xs text-muted-foreground" data-testid="estimate-note">{t('common:weight.note')}</p>}
        <p className="flex justify-between text-sm font-medium">
          <span>{t('logistics:subtotal')}</span><span className="tabular-nums">{format.amount(paraToRsd(group.subtotalPara), isEstimate)}</span>
        </p>
        {group.belowMinimum ? (
          // Refused for its subtotal: said here, where the household's lines are, and focused
          // (a refusal that is not a field: data-refused, src/web/lib/form.ts firstRefusedField).
          <p role="alert" tabIndex={-1} data-refused="true" className="text-sm font-medium text-destructive outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {group.belowMinimum}
          </p>
        ) : household && household.minimumOrder > 0 && (
          <p className={cn('text-xs', group.subtotalPara < rsdToPara(household.minimumOrder) ? 'text-destructive' : 'text-muted-foreground')}>
            {t('logistics:minimum', { amount: format.total(household.minimumOrder) })}
          </p>
        )}
        {household && slots ? (
          <HouseholdChoice id={`checkout-${householdId.slice(0, 8)}`} household={household} slots={slots} choice={choice}
            errors={group.errors} today={today} onChange={onChange} addressPicker={addressPicker} drops={group.drops} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('logistics:loading')}</p>
        )}
        {isDelivery && household && (
          <p className="flex justify-between text-sm">
            <span>{t('logistics:deliveryFee')}</span>
            <span className="tabular-nums" data-testid="delivery-fee">{feePara === 0 ? t('logistics:free') : format.total(paraToRsd(feePara))}</span>
          </p>
        )}
        {isDelivery && household?.delivery.freeFrom != null && feePara > 0 && (
          <p className="text-xs text-muted-foreground">{t('logistics:freeFrom', { amount: format.total(household.delivery.freeFrom) })}</p>
        )}
      </CardContent>
    </Card>
  );
}
