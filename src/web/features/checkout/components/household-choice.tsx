import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Household, Slots } from '#shared/contracts/households.ts';
import type { PaymentMethod } from '#shared/contracts/orders.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { cn } from '#web/lib/utils.ts';

/** One household's part of the checkout form. */
export interface Choice {
  deliveryType: 'pickup' | 'delivery';
  pickupPointId: string;
  /** The chosen pickup window: "date|opens|closes". */
  slot: string;
  date: string;
  time: string;
  deliveryArea: string;
  deliveryAddress: string;
  paymentMethod: PaymentMethod;
}

export type ChoiceErrors = Partial<Record<keyof Choice, string>>;

export function defaultChoice(household: Household | undefined, slots: Slots | undefined): Choice {
  const point = household?.pickupPoints[0];
  const first = point ? slots?.pickup.find((s) => s.pickupPointId === point.id) : undefined;
  return {
    deliveryType: 'pickup',
    pickupPointId: point?.id ?? '',
    slot: first ? `${first.date}|${first.opens}|${first.closes}` : '',
    date: '',
    time: '',
    deliveryArea: '',
    deliveryAddress: '',
    paymentMethod: household && !household.payment.cash && household.payment.ipsAccount ? 'ips_qr' : 'cash',
  };
}

const radioCard = 'flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';
const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface Props {
  id: string;
  household: Household;
  slots: Slots;
  choice: Choice;
  errors: ChoiceErrors;
  today: string;
  onChange: (next: Choice) => void;
  /** Shown above the delivery address (the saved addresses, another feature): `fill` puts one in. */
  addressPicker?: (fill: (address: string, options?: { onlyIfEmpty?: boolean }) => void) => ReactNode;
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} role="alert" className="text-sm text-destructive">{text}</p> : null;
}

export function HouseholdChoice({ id, household, slots, choice, errors, today, onChange, addressPicker }: Props) {
  const { t } = useTranslation('logistics');
  const format = useFormat();
  const set = (patch: Partial<Choice>) => onChange({ ...choice, ...patch });
  const points = household.pickupPoints;
  const windows = slots.pickup.filter((s) => s.pickupPointId === choice.pickupPointId);
  const payments: PaymentMethod[] = [...(household.payment.cash ? ['cash' as const] : []), ...(household.payment.ipsAccount ? ['ips_qr' as const] : [])];
  const err = (name: keyof Choice) => errors[name];
  const describedBy = (name: keyof Choice) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('method')}</legend>
        <div role="radiogroup" aria-label={t('method')} className="grid grid-cols-2 gap-2">
          {(['pickup', 'delivery'] as const).map((type) => (
            <label key={type} className={radioCard}>
              <input type="radio" name={`${id}-method`} value={type} checked={choice.deliveryType === type}
                disabled={type === 'delivery' && !household.delivery.enabled}
                onChange={() => set({ deliveryType: type })} className="accent-primary" />
              {t(type)}
            </label>
          ))}
        </div>
        {!household.delivery.enabled && <p className="text-xs text-muted-foreground">{t('noDelivery')}</p>}
      </fieldset>

      {choice.deliveryType === 'pickup' && points.length > 0 && (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('pickupPoint')}</legend>
            {points.map((p) => (
              <label key={p.id} className={radioCard}>
                <input type="radio" name={`${id}-point`} value={p.id} checked={choice.pickupPointId === p.id} className="accent-primary"
                  onChange={() => {
                    const first = slots.pickup.find((s) => s.pickupPointId === p.id);
                    set({ pickupPointId: p.id, slot: first ? `${first.date}|${first.opens}|${first.closes}` : '', time: '' });
                  }} />
                <span className="flex flex-col">
                  <span className="font-medium">{p.name}</span>
                  <span className="text-muted-foreground">{p.address}</span>
                  {p.note && <span className="text-xs text-muted-foreground">{p.note}</span>}
                </span>
              </label>
            ))}
            <FieldError id={`${id}-pickupPointId-error`} text={err('pickupPointId')} />
          </fieldset>
          {/* One above the other on a phone: a window ("уто 24. нов 2026. 08:00–12:00") needs the whole width. */}
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-slot`}>{t('when')}</Label>
              <select id={`${id}-slot`} className={selectClass} value={choice.slot} aria-invalid={!!err('slot')} aria-describedby={describedBy('slot')}
                onChange={(e) => set({ slot: e.target.value, time: '' })}>
                <option value="">{t('chooseSlot')}</option>
                {windows.map((w) => (
                  <option key={`${w.date}|${w.opens}`} value={`${w.date}|${w.opens}|${w.closes}`}>
                    {t('window', { date: format.day(w.date), opens: w.opens, closes: w.closes })}
                  </option>
                ))}
              </select>
              {windows.length === 0 && <p className="text-xs text-muted-foreground">{t('noSlots')}</p>}
              <FieldError id={`${id}-slot-error`} text={err('slot')} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-time`}>{t('timeOptional')}</Label>
              <Input id={`${id}-time`} type="time" value={choice.time} aria-invalid={!!err('time')} aria-describedby={describedBy('time')}
                min={choice.slot.split('|')[1]} max={choice.slot.split('|')[2]} onChange={(e) => set({ time: e.target.value })} />
              <FieldError id={`${id}-time-error`} text={err('time')} />
            </div>
          </div>
        </>
      )}

      {choice.deliveryType === 'pickup' && points.length === 0 && (
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-date`}>{t('date')}</Label>
            <Input id={`${id}-date`} type="date" min={today} value={choice.date} aria-invalid={!!err('date')} aria-describedby={describedBy('date')}
              onChange={(e) => set({ date: e.target.value })} />
            <FieldError id={`${id}-date-error`} text={err('date')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-time`}>{t('time')}</Label>
            <Input id={`${id}-time`} type="time" value={choice.time} aria-invalid={!!err('time')} aria-describedby={describedBy('time')}
              onChange={(e) => set({ time: e.target.value })} />
            <FieldError id={`${id}-time-error`} text={err('time')} />
          </div>
        </div>
      )}

      {choice.deliveryType === 'delivery' && (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-area`}>{t('town')}</Label>
              <select id={`${id}-area`} className={selectClass} value={choice.deliveryArea} aria-invalid={!!err('deliveryArea')}
                aria-describedby={describedBy('deliveryArea')} onChange={(e) => set({ deliveryArea: e.target.value })}>
                <option value="">{t('chooseTown')}</option>
                {household.delivery.areas.map((a) => <option key={a} value={a}>{a}</option>)}
              </select>
              <FieldError id={`${id}-deliveryArea-error`} text={err('deliveryArea')} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-delivery-date`}>{t('deliveryDate')}</Label>
              <select id={`${id}-delivery-date`} className={selectClass} value={choice.date} aria-invalid={!!err('date')}
                aria-describedby={describedBy('date')} onChange={(e) => set({ date: e.target.value })}>
                <option value="">{t('chooseDate')}</option>
                {slots.delivery.map((d) => <option key={d.date} value={d.date}>{format.day(d.date)}</option>)}
              </select>
              {slots.delivery.length === 0 && <p className="text-xs text-muted-foreground">{t('noDeliveryDays')}</p>}
              <FieldError id={`${id}-date-error`} text={err('date')} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            {addressPicker?.((address, options) => {
              if (options?.onlyIfEmpty && choice.deliveryAddress) return;
              set({ deliveryAddress: address });
            })}
            <Label htmlFor={`${id}-address`}>{t('address')}</Label>
            <Input id={`${id}-address`} autoComplete="street-address" value={choice.deliveryAddress} aria-invalid={!!err('deliveryAddress')}
              aria-describedby={describedBy('deliveryAddress')} onChange={(e) => set({ deliveryAddress: e.target.value })} />
            <FieldError id={`${id}-deliveryAddress-error`} text={err('deliveryAddress')} />
          </div>
        </>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('payment')}</legend>
        <div role="radiogroup" aria-label={t('payment')} className={cn('grid gap-2', payments.length > 1 && 'grid-cols-2')}>
          {payments.map((method) => (
            <label key={method} className={radioCard}>
              <input type="radio" name={`${id}-payment`} value={method} checked={choice.paymentMethod === method}
                onChange={() => set({ paymentMethod: method })} className="accent-primary" />
              {t(method)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
