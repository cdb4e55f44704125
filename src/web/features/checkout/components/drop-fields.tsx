import type { Drop } from '#shared/contracts/drops.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { dropIsOpen } from '../lib/choice.ts';
import { radioCard, radioGroupA11y, type ChoicePartProps } from './choice-parts.tsx';

/**
 * A drop of this household that the basket came from (docs/drops.md): the buyer picks which
 * one; its place, day and hours are the drop's. One that no longer takes orders is shown, not
 * offered (the checkout plan refuses it too: src/shared/checkout-plan.ts).
 */
export function DropFields({ id, choice, errors, set, drops }: Pick<ChoicePartProps, 'id' | 'choice' | 'errors' | 'set'> & { drops: readonly Drop[] }) {
  const { t } = useTranslation('drops');
  const format = useFormat();
  const now = new Date();
  // A drop's own day is the order's: a refused date is the drop's too. When none can be chosen
  // any more, the refusal is said at the way of getting it (household-choice.tsx).
  const anyOpen = drops.some((d) => dropIsOpen(d, now));
  const group = radioGroupA11y(id, 'dropId', anyOpen ? errors.dropId ?? errors.date ?? errors.deliveryType : undefined);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('checkout.choose')}</legend>
      {drops.map((d) => {
        const open = dropIsOpen(d, now);
        return (
          <label key={d.id} className={radioCard}>
            <input type="radio" name={`${id}-drop`} value={d.id} checked={choice.dropId === d.id} disabled={!open}
              {...(open ? group.aria : {})} onChange={() => set({ dropId: d.id })} className="accent-primary" />
            <span className="flex flex-col">
              <span className="font-medium">{d.title}</span>
              <span className="text-muted-foreground">{d.place.name}, {d.place.address}, {d.place.town}</span>
              <span className="text-muted-foreground">{t('when', { date: format.day(d.date), opens: d.opens, closes: d.closes })}</span>
              <span className="text-xs text-muted-foreground">
                {open ? t('orderBy', { time: format.dateTime(d.orderBy) }) : d.status === 'cancelled' ? t('checkout.cancelled') : t('checkout.closed')}
              </span>
            </span>
          </label>
        );
      })}
      {group.error}
    </fieldset>
  );
}
