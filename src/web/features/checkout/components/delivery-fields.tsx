import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { fieldA11y, selectClass, type AddressPicker, type ChoicePartProps } from './choice-parts.tsx';

/** Delivery: one of the served towns, one of the delivery days, and the address. */
export function DeliveryFields(props: ChoicePartProps & { addressPicker?: AddressPicker | undefined }) {
  const { id, household, slots, choice, set, addressPicker } = props;
  const { t } = useTranslation('logistics');
  const format = useFormat();
  const area = fieldA11y(props, 'deliveryArea');
  const date = fieldA11y(props, 'date');
  const address = fieldA11y(props, 'deliveryAddress');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-area`}>{t('town')}</Label>
          <select id={`${id}-area`} className={selectClass} value={choice.deliveryArea} {...area.aria} onChange={(e) => set({ deliveryArea: e.target.value })}>
            <option value="">{t('chooseTown')}</option>
            {household.delivery.areas.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
          {area.error}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-delivery-date`}>{t('deliveryDate')}</Label>
          <select id={`${id}-delivery-date`} className={selectClass} value={choice.date} {...date.aria} onChange={(e) => set({ date: e.target.value })}>
            <option value="">{t('chooseDate')}</option>
            {slots.delivery.map((d) => <option key={d.date} value={d.date}>{format.day(d.date)}</option>)}
          </select>
          {slots.delivery.length === 0 && <p className="text-xs text-muted-foreground">{t('noDeliveryDays')}</p>}
          {date.error}
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        {addressPicker?.((text, options) => {
          if (options?.onlyIfEmpty && choice.deliveryAddress) return;
          set({ deliveryAddress: text });
        })}
        <Label htmlFor={`${id}-address`}>{t('address')}</Label>
        <Input id={`${id}-address`} autoComplete="street-address" value={choice.deliveryAddress} {...address.aria}
          onChange={(e) => set({ deliveryAddress: e.target.value })} />
        {address.error}
      </div>
    </>
  );
}
