import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation, type TFunction } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { formatDecimalInput } from '#shared/decimal-input.ts';
import {
  PICKUP_HOURS_MAX, PICKUP_POINTS_MAX, paymentSettingsInput, updateHouseholdBody, type Household, type UpdateHouseholdBody,
} from '#shared/contracts/households.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { readDecimal, readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useUpdateHousehold } from '../api/update-household.ts';
import { contractRefusals, refusedProps, type Refusal, type Refusals } from '../lib/refusals.ts';
import { showError } from '#web/lib/show-error.ts';

/**
 * The dashboard's "Pickup and delivery" and "Payment" sections. Each Save either sends, or says
 * why beside the refused field (checked with the shared contract first) and focuses it
 * (docs/input-rules.md "Every form saves, or says why"); delivery's own fields are sent only
 * while "I deliver" is checked, so a hidden field never blocks a save.
 */

interface PointDraft { id?: string; name: string; address: string; note: string; hours: { weekday: number; opens: string; closes: string }[] }

const selectClass = 'h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Which message says why a field was refused (logistics `settings.errors.*`). */
const MESSAGES: [RegExp, string][] = [
  [/^pickupPoints\.\d+\.name$/, 'pointName'],
  [/^pickupPoints\.\d+\.address$/, 'pointAddress'],
  [/^pickupPoints\.\d+\.note$/, 'pointNote'],
  [/^pickupPoints\.\d+\.hours\.\d+\.(opens|closes)$/, 'time'],
  [/^delivery\.areas$/, 'areas'],
  [/^delivery\.(fee|freeFrom)$|^minimumOrder$/, 'amount'],
  [/^delivery\.leadDays$/, 'leadDays'],
  [/^delivery\.weekdays$/, 'weekdays'],
  [/^payment\.ipsAccount$/, 'ipsAccount'],
  [/^payment\.ipsPayeeName$/, 'payee'],
  [/^payment\.cash$/, 'cash'],
];

function messageOf(t: TFunction, path: string, refusal: Refusal): string {
  if (refusal.rule === 'character') return t('logistics:settings.errors.character');
  if (refusal.rule === 'notANumber') return refusal.message;
  // The contract's one rule across two fields: a window closes after it opens.
  if (refusal.rule === 'custom' && /\.hours\.\d+\.closes$/.test(path)) return t('logistics:settings.errors.closes');
  const key = MESSAGES.find(([pattern]) => pattern.test(path))?.[1];
  return key ? t(`logistics:settings.errors.${key}`) : refusal.message;
}

/** A town list's refusals ("delivery.areas.3") are the field's. */
const fieldOf = (path: string) => path.replace(/^delivery\.areas\.\d+$/, 'delivery.areas');

function byField(refusals: Refusals): Refusals {
  const out: Refusals = {};
  for (const [path, refusal] of Object.entries(refusals)) out[fieldOf(path)] ??= refusal;
  return out;
}

export function LogisticsSettings({ household }: { household: Household }) {
  return (
    <>
      <PickupDeliverySection household={household} />
      <PaymentSection household={household} />
    </>
  );
}

function PickupDeliverySection({ household }: { household: Household }) {
  const { t } = useTranslation(['logistics', 'producer']);
  const format = useFormat();
  const mutation = useUpdateHousehold();
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();
  const lang = format.language;
  const money = (rsd: number) => formatDecimalInput(rsd, lang, { money: true });
  const [points, setPoints] = useState<PointDraft[]>(household.pickupPoints.map((p) => ({ ...p, note: p.note ?? '' })));
  const [enabled, setEnabled] = useState(household.delivery.enabled);
  const [areas, setAreas] = useState(household.delivery.areas.join(', '));
  const [fee, setFee] = useState(money(household.delivery.fee));
  const [freeFrom, setFreeFrom] = useState(household.delivery.freeFrom === null ? '' : money(household.delivery.freeFrom));
  const [leadDays, setLeadDays] = useState(String(household.delivery.leadDays));
  const [weekdays, setWeekdays] = useState<number[]>(household.delivery.weekdays);
  const [minimum, setMinimum] = useState(money(household.minimumOrder));
  const [errors, setErrors] = useState<Refusals>({});

  const setPoint = (i: number, patch: Partial<PointDraft>) => setPoints((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const example = lang === 'en' ? '450.50' : '450,50';

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const found: Refusals = {};
    const notANumber = { rule: 'notANumber', message: t('settings.invalidNumber', { example }) };
    /** Money as typed: NaN (refused here, in the language's words) for text that is not a number. */
    const amount = (text: string, field: string, empty: number | null) => {
      const value = readDecimal(text, lang, null);
      if (value !== null && Number.isNaN(value)) found[field] = notANumber;
      return value ?? empty;
    };
    points.forEach((p, i) => p.hours.forEach((h, k) => {
      if (h.opens === '') found[`pickupPoints.${i}.hours.${k}.opens`] = { rule: 'missing', message: '' };
      if (h.closes === '') found[`pickupPoints.${i}.hours.${k}.closes`] = { rule: 'missing', message: '' };
    }));
    const body: UpdateHouseholdBody = {
      pickupPoints: points.map((p) => ({ ...(p.id ? { id: p.id } : {}), name: p.name, address: p.address, note: p.note || null, hours: p.hours })),
      // A delivery left off sends only that: its hidden fields keep their values and never block the save.
      delivery: enabled
        ? {
          enabled,
          areas: areas.split(',').map((a) => a.trim()).filter(Boolean),
          fee: amount(fee, 'delivery.fee', 0) ?? 0,
          freeFrom: amount(freeFrom, 'delivery.freeFrom', null),
          leadDays: leadDays.trim() === '' ? Number.NaN : Number(leadDays),
          weekdays,
        }
        : { enabled: false },
      minimumOrder: amount(minimum, 'minimumOrder', 0) ?? 0,
    };
    const checked = updateHouseholdBody.safeParse(body);
    const refusals = byField({ ...(checked.success ? {} : contractRefusals(checked.error)), ...found });
    if (Object.keys(refusals).length > 0) {
      setErrors(refusals);
      refuse();
      return;
    }
    setErrors({});
    try {
      const saved = await mutation.mutateAsync({ id: household.id, body });
      setPoints(saved.pickupPoints.map((p) => ({ ...p, note: p.note ?? '' })));
      toast.success(t('settings.saved'));
    } catch (err) {
      const { fields, message } = readRefusal(err, { fields: fieldOf, fallback: t('producer:household.saveFailed') });
      setErrors(fields);
      // A message shown next to its field is enough; a toast would cover the form on a phone.
      if (Object.keys(fields).some((field) => SHOWN_FIELDS.test(field))) refuse();
      else showError(null, message);
    }
  }

  /** The refused field's attributes (by path) and its message beside it. */
  const refused = (path: string, inputId: string, hintId?: string) => refusedProps(inputId, path in errors, hintId);
  const err = (path: string, inputId: string) => (errors[path]
    ? <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">{messageOf(t, path, errors[path])}</p>
    : null);

  return (
    <section aria-labelledby="pickup-delivery-heading" className="rounded-xl border bg-card p-4">
      <form ref={ref} noValidate onSubmit={(e) => void onSave(e)} className="grid gap-4">
        <div>
          <h2 id="pickup-delivery-heading" className="text-lg font-semibold">{t('settings.pickupTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('settings.pickupIntro')}</p>
        </div>
        {points.map((point, i) => (
          <fieldset key={point.id ?? `new-${i}`} className="grid gap-3 rounded-md border p-3" aria-label={t('settings.pointN', { n: i + 1 })}>
            <legend className="px-1 text-sm font-medium">{t('settings.pointN', { n: i + 1 })}</legend>
            <div className="grid gap-1.5">
              <Label htmlFor={`point-${i}-name`}>{t('settings.pointName')}</Label>
              <Input id={`point-${i}-name`} value={point.name} placeholder={t('settings.pointNamePlaceholder')} onChange={(e) => setPoint(i, { name: e.target.value })}
                {...refused(`pickupPoints.${i}.name`, `point-${i}-name`)} />
              {err(`pickupPoints.${i}.name`, `point-${i}-name`)}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`point-${i}-address`}>{t('settings.pointAddress')}</Label>
              <Input id={`point-${i}-address`} value={point.address} onChange={(e) => setPoint(i, { address: e.target.value })}
                {...refused(`pickupPoints.${i}.address`, `point-${i}-address`)} />
              {err(`pickupPoints.${i}.address`, `point-${i}-address`)}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`point-${i}-note`}>{t('settings.pointNote')}</Label>
              <Input id={`point-${i}-note`} value={point.note} onChange={(e) => setPoint(i, { note: e.target.value })}
                {...refused(`pickupPoints.${i}.note`, `point-${i}-note`)} />
              {err(`pickupPoints.${i}.note`, `point-${i}-note`)}
            </div>
            <p className="text-sm font-medium">{t('settings.hours')}</p>
            {point.hours.map((h, k) => {
              const hoursId = `point-${i}-hours-${k}`;
              const path = `pickupPoints.${i}.hours.${k}`;
              return (
                <div key={k} className="grid gap-1">
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="grid gap-1">
                      <Label htmlFor={`${hoursId}-day`}>{t('settings.weekday')}</Label>
                      <select id={`${hoursId}-day`} className={selectClass} value={h.weekday}
                        onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, weekday: Number(e.target.value) } : x)) })}>
                        {WEEKDAYS.map((d) => <option key={d} value={d}>{format.weekday(d)}</option>)}
                      </select>
                    </div>
                    <div className="grid gap-1">
                      <Label htmlFor={`${hoursId}-opens`}>{t('settings.opens')}</Label>
                      <Input id={`${hoursId}-opens`} type="time" className="w-28" value={h.opens} {...refused(`${path}.opens`, `${hoursId}-opens`)}
                        onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, opens: e.target.value } : x)) })} />
                    </div>
                    <div className="grid gap-1">
                      <Label htmlFor={`${hoursId}-closes`}>{t('settings.closes')}</Label>
                      <Input id={`${hoursId}-closes`} type="time" className="w-28" value={h.closes} {...refused(`${path}.closes`, `${hoursId}-closes`)}
                        onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, closes: e.target.value } : x)) })} />
                    </div>
                    <Button type="button" variant="ghost" size="icon" aria-label={t('settings.removeHours')}
                      onClick={() => setPoint(i, { hours: point.hours.filter((_, j) => j !== k) })}><Trash2 aria-hidden="true" /></Button>
                  </div>
                  {err(`${path}.opens`, `${hoursId}-opens`)}
                  {err(`${path}.closes`, `${hoursId}-closes`)}
                </div>
              );
            })}
            <div className="flex flex-wrap gap-2">
              {point.hours.length < PICKUP_HOURS_MAX ? (
                <Button type="button" variant="outline" size="sm"
                  onClick={() => setPoint(i, { hours: [...point.hours, { weekday: 6, opens: '08:00', closes: '13:00' }] })}>
                  <Plus aria-hidden="true" /> {t('settings.addHours')}
                </Button>
              ) : null}
              <Button type="button" variant="ghost" size="sm" onClick={() => setPoints((all) => all.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" /> {t('settings.removePoint')}
              </Button>
            </div>
          </fieldset>
        ))}
        {points.length < PICKUP_POINTS_MAX ? (
          <Button type="button" variant="outline" className="w-fit"
            onClick={() => setPoints((all) => [...all, { name: '', address: '', note: '', hours: [] }])}>
            <Plus aria-hidden="true" /> {t('settings.addPoint')}
          </Button>
        ) : null}

        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="accent-primary" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('settings.deliveryEnabled')}
        </label>
        {enabled && (
          <div className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-areas">{t('settings.areas')}</Label>
              <Input id="delivery-areas" value={areas} onChange={(e) => setAreas(e.target.value)} {...refused('delivery.areas', 'delivery-areas')} />
              {err('delivery.areas', 'delivery-areas')}
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="delivery-fee">{t('settings.fee')}</Label>
                <Input id="delivery-fee" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} {...refused('delivery.fee', 'delivery-fee')} />
                {err('delivery.fee', 'delivery-fee')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="delivery-free-from">{t('settings.freeFrom')}</Label>
                <Input id="delivery-free-from" inputMode="decimal" value={freeFrom} onChange={(e) => setFreeFrom(e.target.value)} {...refused('delivery.freeFrom', 'delivery-free-from')} />
                {err('delivery.freeFrom', 'delivery-free-from')}
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-lead-days">{t('settings.leadDays')}</Label>
              <Input id="delivery-lead-days" type="number" min={0} max={14} className="w-24" value={leadDays} onChange={(e) => setLeadDays(e.target.value)}
                {...refused('delivery.leadDays', 'delivery-lead-days')} />
              {err('delivery.leadDays', 'delivery-lead-days')}
            </div>
            <fieldset className="grid gap-1.5" {...refused('delivery.weekdays', 'delivery-days')}>
              <legend className="text-sm font-medium">{t('settings.deliveryDays')}</legend>
              <div className="flex flex-wrap gap-3">
                {WEEKDAYS.map((d) => (
                  <label key={d} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" className="accent-primary" checked={weekdays.includes(d)}
                      onChange={(e) => setWeekdays((all) => (e.target.checked ? [...all, d].sort() : all.filter((x) => x !== d)))} />
                    {format.weekday(d)}
                  </label>
                ))}
              </div>
              {err('delivery.weekdays', 'delivery-days')}
            </fieldset>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="minimum-order">{t('settings.minimumOrder')}</Label>
          <Input id="minimum-order" inputMode="decimal" className="w-40" value={minimum} onChange={(e) => setMinimum(e.target.value)} {...refused('minimumOrder', 'minimum-order')} />
          {err('minimumOrder', 'minimum-order')}
        </div>
        <Button type="submit" className="w-fit" disabled={mutation.isPending}>{t('settings.save')}</Button>
      </form>
    </section>
  );
}

/** The server's field errors that the pickup and delivery form shows next to their fields. */
const SHOWN_FIELDS = /^(delivery\.(areas|fee|freeFrom|leadDays|weekdays)|minimumOrder|pickupPoints\.\d+\.(name|address|note|hours\.\d+\.(opens|closes)))$/;

function PaymentSection({ household }: { household: Household }) {
  const { t } = useTranslation(['logistics', 'producer']);
  const mutation = useUpdateHousehold();
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();
  const [cash, setCash] = useState(household.payment.cash);
  const [account, setAccount] = useState(household.payment.ipsAccount ?? '');
  const [payee, setPayee] = useState(household.payment.ipsPayeeName ?? '');
  const [errors, setErrors] = useState<Refusals>({});

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const payment = { cash, ipsAccount: account.trim() || null, ipsPayeeName: payee.trim() || null };
    const checked = paymentSettingsInput.safeParse(payment);
    // The server's rule too, said before sending: some way to pay stays.
    const refusals: Refusals = checked.success ? {} : contractRefusals(checked.error, 'payment.');
    if (!cash && payment.ipsAccount === null) refusals['payment.cash'] ??= { rule: 'server', message: '' };
    if (Object.keys(refusals).length > 0) {
      setErrors(refusals);
      refuse();
      return;
    }
    setErrors({});
    try {
      const saved = await mutation.mutateAsync({ id: household.id, body: { payment } });
      setAccount(saved.payment.ipsAccount ?? '');
      toast.success(t('settings.saved'));
    } catch (err) {
      const { fields, message } = readRefusal(err, { fields: ['payment.cash', 'payment.ipsAccount', 'payment.ipsPayeeName'], fallback: t('producer:household.saveFailed') });
      setErrors(fields);
      if (['payment.cash', 'payment.ipsAccount', 'payment.ipsPayeeName'].some((field) => field in fields)) refuse();
      else showError(null, message);
    }
  }

  const err = (path: string, inputId: string) => (errors[path]
    ? <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">{messageOf(t, path, errors[path])}</p>
    : null);

  return (
    <section aria-labelledby="payment-heading" className="rounded-xl border bg-card p-4">
      <form ref={ref} noValidate onSubmit={(e) => void onSave(e)} className="grid gap-4">
        <h2 id="payment-heading" className="text-lg font-semibold">{t('settings.paymentTitle')}</h2>
        <div className="grid gap-1.5">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input id="payment-cash" type="checkbox" className="accent-primary" checked={cash} onChange={(e) => setCash(e.target.checked)}
              {...refusedProps('payment-cash', 'payment.cash' in errors)} />
            {t('settings.cash')}
          </label>
          {err('payment.cash', 'payment-cash')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ips-account">{t('settings.ipsAccount')}</Label>
          <Input id="ips-account" inputMode="numeric" value={account} placeholder="840-955845-10" onChange={(e) => setAccount(e.target.value)}
            {...refusedProps('ips-account', 'payment.ipsAccount' in errors, 'ips-account-hint')} />
          <p id="ips-account-hint" className="text-xs text-muted-foreground">{t('settings.ipsAccountHint')}</p>
          {err('payment.ipsAccount', 'ips-account')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ips-payee">{t('settings.ipsPayeeName')}</Label>
          <Input id="ips-payee" value={payee} maxLength={70} placeholder={household.name} onChange={(e) => setPayee(e.target.value)}
            {...refusedProps('ips-payee', 'payment.ipsPayeeName' in errors)} />
          {err('payment.ipsPayeeName', 'ips-payee')}
        </div>
        <Button type="submit" className="w-fit" disabled={mutation.isPending}>{t('settings.save')}</Button>
      </form>
    </section>
  );
}
