import { paymentMethodsOf } from '#shared/checkout-plan.ts';
import type { Drop } from '#shared/contracts/drops.ts';
import type { Household, Slots } from '#shared/contracts/households.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { cn } from '#web/lib/utils.ts';
import { dropIsOpen, type Choice, type ChoiceErrors } from '../lib/choice.ts';
import { radioCard, radioGroupA11y, type AddressPicker } from './choice-parts.tsx';
import { DeliveryFields } from './delivery-fields.tsx';
import { DropFields } from './drop-fields.tsx';
import { HandPickupFields, PointPickupFields } from './pickup-fields.tsx';

interface Props {
  id: string;
  household: Household;
  slots: Slots;
  choice: Choice;
  errors: ChoiceErrors;
  today: string;
  onChange: (next: Choice) => void;
  addressPicker?: AddressPicker | undefined;
  /** The drops of this household the basket came from: "Drop" is offered with them. */
  drops?: readonly Drop[] | undefined;
}

/** One household's part of the checkout form: pickup, delivery or a drop, where and when, and how it is paid. */
export function HouseholdChoice({ id, household, slots, choice, errors, today, onChange, addressPicker, drops = [] }: Props) {
  const { t } = useTranslation(['logistics', 'drops']);
  const set = (patch: Partial<Choice>) => onChange({ ...choice, ...patch });
  const part = { id, household, slots, choice, errors, set };
  const types = ['pickup', 'delivery', ...(drops.length > 0 ? ['drop' as const] : [])] as const;
  const payments = paymentMethodsOf(household);
  const payment = radioGroupA11y(id, 'paymentMethod', errors.paymentMethod);
  const now = new Date();
  const openDrop = drops.find((d) => dropIsOpen(d, now));
  // Said at the way of getting it: "does not deliver", and a drop refused when none of them can be
  // chosen any more (their radios are disabled); else a drop's refusal is said at the drops.
  const way = radioGroupA11y(id, 'deliveryType', choice.deliveryType !== 'drop' ? errors.deliveryType
    : openDrop ? undefined : errors.dropId ?? errors.date ?? errors.deliveryType);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('method')}</legend>
        <div role="radiogroup" aria-label={t('method')} className={cn('grid gap-2', drops.length > 0 ? 'grid-cols-3' : 'grid-cols-2')}>
          {types.map((type) => (
            <label key={type} className={radioCard}>
              <input type="radio" name={`${id}-method`} value={type} checked={choice.deliveryType === type}
                disabled={type === 'delivery' && !household.delivery.enabled} {...(type === 'delivery' && !household.delivery.enabled ? {} : way.aria)}
                onChange={() => set({ deliveryType: type, ...(type === 'drop' && !choice.dropId ? { dropId: openDrop?.id ?? '' } : {}) })} className="accent-primary" />
              {type === 'drop' ? t('drops:checkout.option') : t(type)}
            </label>
          ))}
        </div>
        {!household.delivery.enabled && <p className="text-xs text-muted-foreground">{t('noDelivery')}</p>}
        {way.error}
      </fieldset>

      {choice.deliveryType === 'pickup' && household.pickupPoints.length > 0 && <PointPickupFields {...part} />}
      {choice.deliveryType === 'pickup' && household.pickupPoints.length === 0 && <HandPickupFields {...part} today={today} />}
      {choice.deliveryType === 'delivery' && <DeliveryFields {...part} addressPicker={addressPicker} />}
      {choice.deliveryType === 'drop' && <DropFields id={id} choice={choice} errors={errors} set={set} drops={drops} />}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('payment')}</legend>
        <div role="radiogroup" aria-label={t('payment')} className={cn('grid gap-2', payments.length > 1 && 'grid-cols-2')}>
          {payments.map((method) => (
            <label key={method} className={radioCard}>
              <input type="radio" name={`${id}-payment`} value={method} checked={choice.paymentMethod === method}
                onChange={() => set({ paymentMethod: method })} className="accent-primary" {...payment.aria} />
              {t(method)}
            </label>
          ))}
        </div>
        {payment.error}
      </fieldset>
    </div>
  );
}
