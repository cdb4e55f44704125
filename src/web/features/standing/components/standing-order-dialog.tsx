import { useQuery } from '@tanstack/react-query';
import { cloneElement, useId, useState, type ReactElement } from 'react';
import { toast } from 'sonner';
import { checkChoice, defaultPaymentMethod, paymentMethodsOf, planHouseholdOf, type ChoiceIssue, type FulfilmentChoice } from '#shared/checkout-plan.ts';
import type { Household } from '#shared/contracts/households.ts';
import type { Order, PaymentMethod } from '#shared/contracts/orders.ts';
import { STANDING_CUTOFF_DEFAULT_HOURS, STANDING_EVERY_WEEKS } from '#shared/contracts/standing-orders.ts';
import { pickupFits } from '#shared/slots.ts';
import { cycleDueAt, firstCycleDate } from '#shared/standing-schedule.ts';
import { isCalendarDay, isoWeekday } from '#shared/time.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { contactPhoneQueryOptions } from '#web/lib/queries.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useFocusRefused } from '#web/lib/form.ts';
import { useCreateStandingOrder } from '../api/change-standing-order.ts';
import { useStandingHousehold } from '../api/get-standing-household.ts';

const SELECT = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A line the standing order starts with. */
export interface StandingLine { productId: string; name: string; quantity: number; quantityStep?: number | undefined }

/** What a past order (or the buyer's profile) fills in; anything left out takes the household's default. */
export interface StandingPrefill {
  weekday?: number | undefined;
  deliveryType?: 'pickup' | 'delivery';
  pickupPointId?: string | null;
  time?: string | null;
  deliveryArea?: string | null;
  deliveryAddress?: string | null;
  paymentMethod?: PaymentMethod;
  contactPhone?: string | null;
}

interface Props {
  householdId: string;
  lines: readonly StandingLine[];
  prefill?: StandingPrefill | undefined;
  /** The button's text (default "Order this every week"). */
  label?: string | undefined;
  size?: 'default' | 'sm';
}

interface Draft {
  everyWeeks: string;
  /** '' = the first day the choice passes the checkout plan. */
  weekday: string;
  quantities: string[];
  deliveryType: 'pickup' | 'delivery';
  pickupPointId: string;
  time: string;
  deliveryArea: string;
  deliveryAddress: string;
  paymentMethod: PaymentMethod | '';
  contactPhone: string;
}

function draftOf(h: Household, lines: readonly StandingLine[], p: StandingPrefill | undefined): Draft {
  const draft: Draft = {
  everyWeeks: '1',
  weekday: p?.weekday ? String(p.weekday) : '',
  quantities: lines.map((l) => String(l.quantity)),
  deliveryType: p?.deliveryType ?? 'pickup',
  pickupPointId: p?.pickupPointId ?? '',
  time: p?.time ?? '',
  deliveryArea: p?.deliveryArea ?? '',
  deliveryAddress: p?.deliveryAddress ?? '',
  paymentMethod: p?.paymentMethod ?? '',
  contactPhone: p?.contactPhone ?? '',
  };
  if (draft.weekday) return draft;
  // No day given: the first one whose first cycle the household can serve (its point open, its delivery day).
  const now = new Date();
  const fits = WEEKDAYS.find((d) => !judge(h, { ...draft, weekday: String(d) }, now).issues.some((i) => DAY_REASONS.has(i.reason)));
  return { ...draft, weekday: String(fits ?? 6) };
}

const DAY_REASONS = new Set<ChoiceIssue['reason']>(['closed', 'delivery_day', 'date_past', 'time_passed']);

/**
 * The draft as the checkout plan sees it: the first cycle date of its weekday and what
 * `checkChoice` finds wrong with it at that date's cutoff (when the server judges it).
 */
function judge(h: Household, draft: Draft, now: Date) {
  const plan = planHouseholdOf(h);
  const cutoff = h.standingCutoffHours ?? STANDING_CUTOFF_DEFAULT_HOURS;
  const points = h.pickupPoints;
  const pointId = draft.pickupPointId && points.some((p) => p.id === draft.pickupPointId) ? draft.pickupPointId : (points[0]?.id ?? '');
  const area = h.delivery.areas.find((a) => a.toLowerCase() === draft.deliveryArea.trim().toLowerCase()) ?? '';
  const payments = paymentMethodsOf(h);
  const payment = draft.paymentMethod && payments.includes(draft.paymentMethod) ? draft.paymentMethod : defaultPaymentMethod(plan);
  const weekday = Number(draft.weekday) || 6;
  const first = firstCycleDate(weekday, cutoff, now);
  const dueAt = cycleDueAt(first, cutoff);
  const choice: FulfilmentChoice = {
    householdId: h.id, deliveryType: draft.deliveryType, date: first, paymentMethod: payment,
    ...(draft.deliveryType === 'pickup'
      ? { pickupPointId: pointId || undefined, time: draft.time || undefined }
      : { deliveryArea: area || draft.deliveryArea || undefined, deliveryAddress: draft.deliveryAddress }),
  };
  return { payment, pointId, area, points, payments, weekday, first, dueAt, issues: checkChoice(plan, choice, dueAt, { form: true }) };
}

/**
 * "Order this every week": one dialog for a product page, a past order and a household's part
 * of the basket, prefilled with its lines and (from an order) its fulfilment, payment and
 * phone. Pickup or delivery; whether the first date holds is the checkout plan's
 * (`checkChoice` of src/shared/checkout-plan.ts, judged at that date's cutoff, as the server does).
 */
export function StandingOrderDialog({ householdId, lines, prefill, label, size = 'default' }: Props) {
  const { t } = useTranslation('standing');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild><Button variant="outline" size={size} className="w-fit">{label ?? t('create.open')}</Button></DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.intro')}</DialogDescription>
        </DialogHeader>
        {open && <StandingForm householdId={householdId} lines={lines} prefill={prefill} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function StandingForm({ householdId, lines, prefill, onDone }: Pick<Props, 'householdId' | 'lines' | 'prefill'> & { onDone: () => void }) {
  const { t } = useTranslation('standing');
  const household = useStandingHousehold(householdId, true);
  // Without a phone to start from (a product page, the basket), the profile's: the session may not carry it.
  const phone = useQuery({ ...contactPhoneQueryOptions(), enabled: !prefill?.contactPhone });
  const h = household.data;
  if (household.isError) return <p role="alert" className="text-sm text-destructive">{household.error.message}</p>;
  if (!h || (!prefill?.contactPhone && phone.isPending)) return <p role="status" className="text-sm text-muted-foreground">{t('create.loading')}</p>;
  const filled = prefill?.contactPhone ? prefill : { ...prefill, contactPhone: phone.data ?? '' };
  return <StandingFormOf household={h} lines={lines} prefill={filled} onDone={onDone} />;
}

function StandingFormOf({ household: h, lines, prefill, onDone }: { household: Household; lines: readonly StandingLine[]; prefill: StandingPrefill | undefined; onDone: () => void }) {
  const { t } = useTranslation(['standing', 'logistics']);
  const format = useFormat();
  const id = useId();
  const create = useCreateStandingOrder();
  const [draft, setDraft] = useState(() => draftOf(h, lines, prefill));
  const [tried, setTried] = useState(false);
  // A refused submit focuses the first refused field, its message beside it (src/web/lib/form.ts).
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();
  const set = (patch: Partial<Draft>) => { create.reset(); setDraft((d) => ({ ...d, ...patch })); };

  const { payment, pointId, area, points, payments, weekday, first, dueAt, issues } = judge(h, draft, new Date());
  const point = points.find((p) => p.id === pointId);
  const hours = draft.deliveryType === 'pickup' && point ? pickupFits(point, first, undefined, dueAt) : null;

  const quantityIssue = draft.quantities.some((q) => !(Number(q) > 0)) ? t('create.issues.quantity') : undefined;
  const phoneIssue = draft.contactPhone.trim() ? undefined : t('create.issues.phone');
  const errorOf = (field: ChoiceIssue['field']) => {
    const found = issues.find((i) => i.field === field);
    return found ? issueText(found, t) : undefined;
  };
  const blocked = issues.length > 0 || !!quantityIssue || !!phoneIssue;
  const show = (text: string | undefined) => (tried ? text : undefined);

  const submit = () => {
    setTried(true);
    if (blocked) {
      refuse();
      return;
    }
    create.mutate({
      items: lines.map((l, i) => ({ productId: l.productId, quantity: Number(draft.quantities[i]) })),
      everyWeeks: Number(draft.everyWeeks) as 1 | 2 | 4, weekday, paymentMethod: payment, contactPhone: draft.contactPhone.trim(),
      ...(draft.deliveryType === 'pickup'
        ? { deliveryType: 'pickup' as const, pickupPointId: pointId || null, time: draft.time || null }
        : { deliveryType: 'delivery' as const, deliveryArea: area || draft.deliveryArea.trim(), deliveryAddress: draft.deliveryAddress.trim() }),
    }, {
      onSuccess: (so) => { onDone(); toast.success(t('create.done', { date: so.nextDate ? format.date(so.nextDate) : '' })); },
    });
  };

  return (
    <form ref={formRef} noValidate className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="text-sm font-medium">{h.name}</p>
      <div className="grid gap-3 min-[420px]:grid-cols-2">
        <Field id={`${id}-every`} label={t('create.everyWeeks')}>
          <select id={`${id}-every`} className={SELECT} value={draft.everyWeeks} onChange={(e) => set({ everyWeeks: e.target.value })}>
            {STANDING_EVERY_WEEKS.map((n) => <option key={n} value={n}>{t(`create.options.${n}`)}</option>)}
          </select>
        </Field>
        <Field id={`${id}-weekday`} label={t('create.weekday')}>
          <select id={`${id}-weekday`} className={SELECT} value={draft.weekday} onChange={(e) => set({ weekday: e.target.value })}>
            {WEEKDAYS.map((d) => <option key={d} value={d}>{format.weekday(d)}</option>)}
          </select>
        </Field>
      </div>

      {lines.map((l, i) => (
        <Field key={l.productId} id={`${id}-q-${i}`} label={t('quantityOf', { name: l.name })}>
          <Input id={`${id}-q-${i}`} aria-invalid={(tried && !(Number(draft.quantities[i]) > 0)) || undefined} aria-describedby={tried && quantityIssue ? `${id}-quantity-error` : undefined} type="number" inputMode="decimal" min="0" step={l.quantityStep ?? 'any'} value={draft.quantities[i]}
            onChange={(e) => set({ quantities: draft.quantities.map((q, j) => (j === i ? e.target.value : q)) })} />
        </Field>
      ))}
      <FieldError id={`${id}-quantity-error`} text={show(quantityIssue)} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('logistics:method')}</legend>
        <div role="radiogroup" aria-label={t('logistics:method')} className="grid grid-cols-2 gap-2">
          {(['pickup', 'delivery'] as const).map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:disabled]:opacity-50">
              <input type="radio" name={`${id}-method`} value={type} checked={draft.deliveryType === type} className="accent-primary"
                disabled={type === 'delivery' && !h.delivery.enabled} onChange={() => set({ deliveryType: type })} />
              {t(`logistics:${type}`)}
            </label>
          ))}
        </div>
        {!h.delivery.enabled && <p className="text-xs text-muted-foreground">{t('logistics:noDelivery')}</p>}
      </fieldset>

      {draft.deliveryType === 'pickup' && points.length > 0 && (
        <Field id={`${id}-point`} label={t('create.pickupPoint')} error={show(errorOf('pickupPointId'))}>
          <select id={`${id}-point`} className={SELECT} value={pointId} onChange={(e) => set({ pickupPointId: e.target.value })}>
            {points.map((p) => <option key={p.id} value={p.id}>{p.name}, {p.address}</option>)}
          </select>
        </Field>
      )}
      {draft.deliveryType === 'pickup' && (
        <Field id={`${id}-time`} label={points.length > 0 ? t('logistics:timeOptional') : t('create.time')} error={show(errorOf('time') ?? errorOf('date'))}
          hint={hours ? t('create.open_hours', { opens: hours.opens, closes: hours.closes }) : undefined}>
          <Input id={`${id}-time`} type="time" value={draft.time} onChange={(e) => set({ time: e.target.value })} />
        </Field>
      )}
      {draft.deliveryType === 'delivery' && (
        <>
          <Field id={`${id}-area`} label={t('logistics:town')} error={show(errorOf('deliveryArea') ?? errorOf('deliveryType') ?? errorOf('date'))}>
            <select id={`${id}-area`} className={SELECT} value={area} onChange={(e) => set({ deliveryArea: e.target.value })}>
              <option value="">{t('logistics:chooseTown')}</option>
              {h.delivery.areas.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </Field>
          <Field id={`${id}-address`} label={t('logistics:address')} error={show(errorOf('deliveryAddress'))}>
            <Input id={`${id}-address`} autoComplete="street-address" value={draft.deliveryAddress} onChange={(e) => set({ deliveryAddress: e.target.value })} />
          </Field>
        </>
      )}

      <Field id={`${id}-payment`} label={t('create.payment')} error={show(errorOf('paymentMethod'))}>
        <select id={`${id}-payment`} className={SELECT} value={payment} onChange={(e) => set({ paymentMethod: e.target.value as PaymentMethod })}>
          {payments.map((m) => <option key={m} value={m}>{t(m === 'cash' ? 'create.cash' : 'create.ips')}</option>)}
        </select>
      </Field>
      <Field id={`${id}-phone`} label={t('create.phone')} error={show(phoneIssue)}>
        <Input id={`${id}-phone`} type="tel" autoComplete="tel" value={draft.contactPhone} onChange={(e) => set({ contactPhone: e.target.value })} />
      </Field>

      <p className="text-sm" role="status">
        {issues.length === 0
          ? t('create.firstDate', { date: format.date(first), due: format.dateTime(dueAt.toISOString()) })
          : t('create.noFirstDate', { day: format.weekday(weekday) })}
      </p>
      {create.isError && <p role="alert" className="text-sm text-destructive">{create.error.message}</p>}
      <Button type="submit" disabled={create.isPending}>{t('create.submit')}</Button>
    </form>
  );
}

type Control = ReactElement<{ 'aria-invalid'?: boolean | undefined; 'aria-describedby'?: string | undefined }>;

/** A labelled control; with `error` the control is marked refused and its message is read with it. */
function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string | undefined; children: Control }) {
  const control = error ? cloneElement(children, { 'aria-invalid': true, 'aria-describedby': `${id}-error` }) : children;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} role="alert" className="text-sm text-destructive">{text}</p> : null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The dialog's text for an issue of the checkout plan. */
function issueText(issue: ChoiceIssue, t: Translate): string {
  switch (issue.reason) {
    case 'point_missing':
    case 'not_a_point': return t('logistics:choosePoint');
    case 'area': return t('logistics:chooseTown');
    case 'address_missing': return t('create.issues.address');
    case 'time_missing': return t('create.issues.time');
    case 'no_delivery': return t('logistics:noDelivery');
    case 'delivery_day': return t('create.issues.deliveryDay');
    case 'payment': return t('logistics:errors.order.payment_unavailable');
    case 'closed': return t('create.issues.closed');
    case 'date_missing':
    case 'date_past':
    case 'time_passed': return t('create.issues.closed');
    // A standing order is not delivered at a drop (docs/standing-orders.md): these do not arise.
    case 'drop_missing':
    case 'not_a_member':
    case 'drop_cancelled':
    case 'drop_closed':
    case 'drop_date': return t('create.issues.closed');
  }
}

/** A past order as the dialog's lines and prefill: the same products, day of the week, fulfilment, payment and phone. */
export function standingFromOrder(order: Order): { lines: StandingLine[]; prefill: StandingPrefill } {
  return {
    lines: order.items.map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity })),
    prefill: {
      weekday: isCalendarDay(order.pickupDate) ? isoWeekday(order.pickupDate) : undefined,
      deliveryType: order.deliveryType === 'delivery' ? 'delivery' : 'pickup',
      pickupPointId: order.pickupPoint?.id ?? null,
      time: order.deliveryType === 'pickup' ? order.pickupTime || null : null,
      deliveryArea: order.deliveryArea,
      deliveryAddress: order.deliveryAddress,
      paymentMethod: order.payment.method,
      contactPhone: order.contactPhone,
    },
  };
}
