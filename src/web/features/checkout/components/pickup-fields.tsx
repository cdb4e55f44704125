import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { firstSlotOf, windowOf } from '../lib/choice.ts';
import { fieldA11y, radioCard, radioGroupA11y, selectClass, type ChoicePartProps } from './choice-parts.tsx';

/** Pickup at one of the household's points, in one of its windows, at a time inside it if the buyer wants. */
export function PointPickupFields(props: ChoicePartProps) {
  const { id, household, slots, choice, errors, set } = props;
  const { t } = useTranslation('logistics');
  const format = useFormat();
  const windows = slots.pickup.filter((s) => s.pickupPointId === choice.pickupPointId);
  const slot = fieldA11y(props, 'slot');
  const time = fieldA11y(props, 'time');
  const point = radioGroupA11y(id, 'pickupPointId', errors.pickupPointId);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('pickupPoint')}</legend>
        {household.pickupPoints.map((p) => (
          <label key={p.id} className={radioCard}>
            <input type="radio" name={`${id}-point`} value={p.id} checked={choice.pickupPointId === p.id} className="accent-primary" {...point.aria}
              onChange={() => set({ pickupPointId: p.id, slot: firstSlotOf(slots, p.id), time: '' })} />
            <span className="flex flex-col">
              <span className="font-medium">{p.name}</span>
              <span className="text-muted-foreground">{p.address}</span>
              {p.note && <span className="text-xs text-muted-foreground">{p.note}</span>}
            </span>
          </label>
        ))}
        {point.error}
      </fieldset>
      {/* One above the other on a phone: a window ("уто 24. нов 2026. 08:00–12:00") needs the whole width. */}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-slot`}>{t('when')}</Label>
          <select id={`${id}-slot`} className={selectClass} value={choice.slot} {...slot.aria} onChange={(e) => set({ slot: e.target.value, time: '' })}>
            <option value="">{t('chooseSlot')}</option>
            {windows.map((w) => (
              <option key={`${w.date}|${w.opens}`} value={`${w.date}|${w.opens}|${w.closes}`}>
                {t('window', { date: format.day(w.date), opens: w.opens, closes: w.closes })}
              </option>
            ))}
          </select>
          {windows.length === 0 && <p className="text-xs text-muted-foreground">{t('noSlots')}</p>}
          {slot.error}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-time`}>{t('timeOptional')}</Label>
          <Input id={`${id}-time`} type="time" value={choice.time} {...time.aria}
            min={windowOf(choice).opens || undefined} max={windowOf(choice).closes || undefined} onChange={(e) => set({ time: e.target.value })} />
          {time.error}
        </div>
      </div>
    </>
  );
}

/** Pickup where the household has no points: a day and a time of the buyer's choosing. */
export function HandPickupFields(props: ChoicePartProps & { today: string }) {
  const { id, choice, set, today } = props;
  const { t } = useTranslation('logistics');
  const date = fieldA11y(props, 'date');
  const time = fieldA11y(props, 'time');
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-date`}>{t('date')}</Label>
        <Input id={`${id}-date`} type="date" min={today} value={choice.date} {...date.aria} onChange={(e) => set({ date: e.target.value })} />
        {date.error}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-time`}>{t('time')}</Label>
        <Input id={`${id}-time`} type="time" value={choice.time} {...time.aria} onChange={(e) => set({ time: e.target.value })} />
        {time.error}
      </div>
    </div>
  );
}
