import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { formatDecimalInput } from '#shared/decimal-input.ts';
import { PICKUP_HOURS_MAX, updateHouseholdBody, type Household, type UpdateHouseholdBody } from '#shared/contracts/households.ts';
import { FormRefusal } from '#web/components/form/form-refusal.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { readDecimal } from '#web/lib/form.ts';
import { useSayWhy } from '#web/lib/form-say-why.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useUpdateHousehold } from '../api/update-household.ts';
import { showError } from '#web/lib/show-error.ts';

/** The dashboard's "Pickup and delivery" and "Payment" sections. */

interface PointDraft { id?: string; name: string; address: string; note: string; hours: { weekday: number; opens: string; closes: string }[] }

const selectClass = 'h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Server field errors by field path ("payment.ipsAccount"). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.details.flatMap((d) => (d.field ? [[d.field, d.message]] : [])));
}

/** A contract's issues by field path (the first per path). */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * The field a refused path is shown beside (its input's `name`): a town of the list is the
 * list's field. Paths in the order of the form, so the first refused one gets the focus.
 */
const fieldOf = (path: string) => path.replace(/^delivery\.areas\.\d+$/, 'delivery.areas');

export function LogisticsSettings({ household }: { household: Household }) {
  return (
    <>
      <PickupDeliverySection household={household} />
      <PaymentSection household={household} />
    </>
  );
}

/** The message beside the field at `path`, in the language: the contract's text when there is no own one. */
function useMessages() {
  const { t, i18n } = useTranslation(['logistics', 'producer']);
  const example = i18n.language === 'en' ? '450.50' : '450,50';
  return (path: string, fallback: string): string => {
    if (/^pickupPoints\.\d+\.name$/.test(path)) return t('settings.errors.pointName');
    if (/^pickupPoints\.\d+\.address$/.test(path)) return t('settings.errors.pointAddress');
    if (/^pickupPoints\.\d+\.hours\.\d+\.(closes|opens)$/.test(path)) return t('settings.errors.closes');
    if (/^(delivery\.(fee|freeFrom)|minimumOrder)$/.test(path)) return t('settings.invalidNumber', { example });
    if (path === 'delivery.leadDays') return t('settings.errors.leadDays');
    if (path === 'payment.ipsAccount') return t('settings.errors.ipsAccount');
    if (path === 'payment.cash') return t('settings.errors.noPayment');
    return fallback;
  };
}

/** The message beside a field, announced, and the id its field names in aria-describedby. */
function FieldMessage({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} role="alert" className="text-sm text-destructive">{text}</p> : null;
}

/** aria-invalid and aria-describedby of a field whose message is `text`. */
const described = (id: string, text: string | undefined, hint?: string) => ({
  'aria-invalid': text ? true : undefined,
  'aria-describedby': [hint, text ? id : undefined].filter(Boolean).join(' ') || undefined,
});

function PickupDeliverySection({ household }: { household: Household }) {
  const { t } = useTranslation(['logistics', 'producer']);
  const format = useFormat();
  const mutation = useUpdateHousehold();
  const messageOf = useMessages();
  const { formRef, refusedHidden, messageRef, say } = useSayWhy();
  const lang = format.language;
  const money = (rsd: number) => formatDecimalInput(rsd, lang);
  const [points, setPoints] = useState<PointDraft[]>(household.pickupPoints.map((p) => ({ ...p, note: p.note ?? '' })));
  const [enabled, setEnabled] = useState(household.delivery.enabled);
  const [areas, setAreas] = useState(household.delivery.areas.join(', '));
  const [fee, setFee] = useState(money(household.delivery.fee));
  const [freeFrom, setFreeFrom] = useState(household.delivery.freeFrom === null ? '' : money(household.delivery.freeFrom));
  const [leadDays, setLeadDays] = useState(String(household.delivery.leadDays));
  const [weekdays, setWeekdays] = useState<number[]>(household.delivery.weekdays);
  const [minimum, setMinimum] = useState(money(household.minimumOrder));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setPoint = (i: number, patch: Partial<PointDraft>) => setPoints((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  /** Refused paths shown beside their fields, the first on screen focused (src/web/lib/form.ts). */
  const refuse = (found: Record<string, string>) => {
    const shown = Object.fromEntries(Object.entries(found).map(([path, message]) => [fieldOf(path), messageOf(path, message)]));
    setErrors(shown);
    say(FIELD_ORDER(points.length).filter((path) => path in shown).concat(Object.keys(shown).filter((path) => !FIELD_ORDER(points.length).includes(path))));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    /** A required amount: NaN (refused beside its field) when empty or not a number. */
    const required = (text: string) => readDecimal(text, lang, null) ?? Number.NaN;
    // What is on screen is what is read: with delivery off, its hidden fields keep their saved values.
    const body: UpdateHouseholdBody = {
      pickupPoints: points.map((p) => ({ ...(p.id ? { id: p.id } : {}), name: p.name, address: p.address, note: p.note || null, hours: p.hours })),
      delivery: enabled
        ? {
          enabled,
          areas: areas.split(',').map((a) => a.trim()).filter(Boolean),
          fee: required(fee),
          freeFrom: readDecimal(freeFrom, lang, null),
          leadDays: leadDays.trim() === '' ? Number.NaN : Number(leadDays),
          weekdays,
        }
        : { enabled },
      minimumOrder: required(minimum),
    };
    const checked = updateHouseholdBody.safeParse(body);
    if (!checked.success) {
      refuse(issuesOf(checked));
      return;
    }
    setErrors({});
    say([]);
    try {
      const saved = await mutation.mutateAsync({ id: household.id, body });
      setPoints(saved.pickupPoints.map((p) => ({ ...p, note: p.note ?? '' })));
      toast.success(t('settings.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      // A message shown next to its field is enough; a toast would cover the form on a phone.
      if (Object.keys(fields).length > 0) refuse(fields);
      else showError(err, t('producer:household.saveFailed'));
    }
  }

  const msg = (field: string) => <FieldMessage id={`${field}-error`} text={errors[field]} />;
  const aria = (field: string) => described(`${field}-error`, errors[field]);

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="pickup-delivery-heading" className="grid gap-4 rounded-xl border bg-card p-4">
      <div>
        <h2 id="pickup-delivery-heading" className="text-lg font-semibold">{t('settings.pickupTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('settings.pickupIntro')}</p>
      </div>
      {points.map((point, i) => (
        <fieldset key={point.id ?? `new-${i}`} className="grid gap-3 rounded-md border p-3" aria-label={t('settings.pointN', { n: i + 1 })}>
          <legend className="px-1 text-sm font-medium">{t('settings.pointN', { n: i + 1 })}</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-name`}>{t('settings.pointName')}</Label>
            <Input id={`point-${i}-name`} name={`pickupPoints.${i}.name`} value={point.name} placeholder={t('settings.pointNamePlaceholder')}
              {...aria(`pickupPoints.${i}.name`)} onChange={(e) => setPoint(i, { name: e.target.value })} />
            {msg(`pickupPoints.${i}.name`)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-address`}>{t('settings.pointAddress')}</Label>
            <Input id={`point-${i}-address`} name={`pickupPoints.${i}.address`} value={point.address}
              {...aria(`pickupPoints.${i}.address`)} onChange={(e) => setPoint(i, { address: e.target.value })} />
            {msg(`pickupPoints.${i}.address`)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-note`}>{t('settings.pointNote')}</Label>
            <Input id={`point-${i}-note`} name={`pickupPoints.${i}.note`} value={point.note}
              {...aria(`pickupPoints.${i}.note`)} onChange={(e) => setPoint(i, { note: e.target.value })} />
            {msg(`pickupPoints.${i}.note`)}
          </div>
          <p className="text-sm font-medium">{t('settings.hours')}</p>
          {point.hours.map((h, k) => (
            <div key={k} className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`point-${i}-hours-${k}-day`}>{t('settings.weekday')}</Label>
                <select id={`point-${i}-hours-${k}-day`} className={selectClass} value={h.weekday}
                  onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, weekday: Number(e.target.value) } : x)) })}>
                  {WEEKDAYS.map((d) => <option key={d} value={d}>{format.weekday(d)}</option>)}
                </select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`point-${i}-hours-${k}-opens`}>{t('settings.opens')}</Label>
                <Input id={`point-${i}-hours-${k}-opens`} name={`pickupPoints.${i}.hours.${k}.opens`} type="time" className="w-28" value={h.opens}
                  {...aria(`pickupPoints.${i}.hours.${k}.opens`)}
                  onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, opens: e.target.value } : x)) })} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`point-${i}-hours-${k}-closes`}>{t('settings.closes')}</Label>
                <Input id={`point-${i}-hours-${k}-closes`} name={`pickupPoints.${i}.hours.${k}.closes`} type="time" className="w-28" value={h.closes}
                  {...aria(`pickupPoints.${i}.hours.${k}.closes`)}
                  onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, closes: e.target.value } : x)) })} />
              </div>
              <Button type="button" variant="ghost" size="icon" aria-label={t('settings.removeHours')}
                onClick={() => setPoint(i, { hours: point.hours.filter((_, j) => j !== k) })}><Trash2 aria-hidden="true" /></Button>
              {msg(`pickupPoints.${i}.hours.${k}.opens`)}
              {msg(`pickupPoints.${i}.hours.${k}.closes`)}
            </div>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm"
              onClick={() => setPoint(i, { hours: [...point.hours, { weekday: 6, opens: '08:00', closes: '13:00' }] })}>
              <Plus aria-hidden="true" /> {t('settings.addHours')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => { setPoints((all) => all.filter((_, j) => j !== i)); setErrors({}); }}>
              <Trash2 aria-hidden="true" /> {t('settings.removePoint')}
            </Button>
          </div>
        </fieldset>
      ))}
      <Button type="button" variant="outline" className="w-fit"
        onClick={() => setPoints((all) => [...all, { name: '', address: '', note: '', hours: [] }])}>
        <Plus aria-hidden="true" /> {t('settings.addPoint')}
      </Button>

      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="delivery.enabled" className="accent-primary" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('settings.deliveryEnabled')}
      </label>
      {enabled && (
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-areas">{t('settings.areas')}</Label>
            <Input id="delivery-areas" name="delivery.areas" value={areas} {...aria('delivery.areas')} onChange={(e) => setAreas(e.target.value)} />
            {msg('delivery.areas')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-fee">{t('settings.fee')}</Label>
              <Input id="delivery-fee" name="delivery.fee" inputMode="decimal" value={fee} {...aria('delivery.fee')} onChange={(e) => setFee(e.target.value)} />
              {msg('delivery.fee')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-free-from">{t('settings.freeFrom')}</Label>
              <Input id="delivery-free-from" name="delivery.freeFrom" inputMode="decimal" value={freeFrom} {...aria('delivery.freeFrom')} onChange={(e) => setFreeFrom(e.target.value)} />
              {msg('delivery.freeFrom')}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-lead-days">{t('settings.leadDays')}</Label>
            <Input id="delivery-lead-days" name="delivery.leadDays" type="number" min={0} max={14} className="w-24" value={leadDays}
              {...aria('delivery.leadDays')} onChange={(e) => setLeadDays(e.target.value)} />
            {msg('delivery.leadDays')}
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="text-sm font-medium">{t('settings.deliveryDays')}</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map((d) => (
                <label key={d} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name={d === 1 ? 'delivery.weekdays' : undefined} className="accent-primary" checked={weekdays.includes(d)}
                    onChange={(e) => setWeekdays((all) => (e.target.checked ? [...all, d].sort() : all.filter((x) => x !== d)))} />
                  {format.weekday(d)}
                </label>
              ))}
            </div>
            {msg('delivery.weekdays')}
          </fieldset>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="minimum-order">{t('settings.minimumOrder')}</Label>
        <Input id="minimum-order" name="minimumOrder" inputMode="decimal" className="w-40" value={minimum} {...aria('minimumOrder')} onChange={(e) => setMinimum(e.target.value)} />
        {msg('minimumOrder')}
      </div>
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <Button type="submit" className="w-fit" disabled={mutation.isPending}>{t('settings.save')}</Button>
    </form>
  );
}

/** The pickup and delivery form's field paths in the order they are on screen. */
const FIELD_ORDER = (points: number): string[] => [
  ...Array.from({ length: points }, (_, i) => [`pickupPoints.${i}.name`, `pickupPoints.${i}.address`, `pickupPoints.${i}.note`,
    ...Array.from({ length: PICKUP_HOURS_MAX }, (_, k) => [`pickupPoints.${i}.hours.${k}.opens`, `pickupPoints.${i}.hours.${k}.closes`]).flat()]).flat(),
  'delivery.areas', 'delivery.fee', 'delivery.freeFrom', 'delivery.leadDays', 'delivery.weekdays', 'minimumOrder',
];

function PaymentSection({ household }: { household: Household }) {
  const { t } = useTranslation(['logistics', 'producer']);
  const mutation = useUpdateHousehold();
  const messageOf = useMessages();
  const { formRef, refusedHidden, messageRef, say } = useSayWhy();
  const [cash, setCash] = useState(household.payment.cash);
  const [account, setAccount] = useState(household.payment.ipsAccount ?? '');
  const [payee, setPayee] = useState(household.payment.ipsPayeeName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refuse = (found: Record<string, string>) => {
    setErrors(Object.fromEntries(Object.entries(found).map(([path, message]) => [path, messageOf(path, message)])));
    say(['payment.cash', 'payment.ipsAccount', 'payment.ipsPayeeName'].filter((path) => path in found).concat(Object.keys(found)));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payment = { cash, ipsAccount: account.trim() || null, ipsPayeeName: payee.trim() || null };
    const checked = updateHouseholdBody.safeParse({ payment });
    if (!checked.success) {
      refuse(issuesOf(checked));
      return;
    }
    setErrors({});
    say([]);
    try {
      const saved = await mutation.mutateAsync({ id: household.id, body: { payment } });
      setAccount(saved.payment.ipsAccount ?? '');
      toast.success(t('settings.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) refuse(fields);
      else showError(err, t('producer:household.saveFailed'));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="payment-heading" className="grid gap-4 rounded-xl border bg-card p-4">
      <h2 id="payment-heading" className="text-lg font-semibold">{t('settings.paymentTitle')}</h2>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="payment.cash" className="accent-primary" checked={cash} {...described('payment-cash-error', errors['payment.cash'])}
          onChange={(e) => setCash(e.target.checked)} />
        {t('settings.cash')}
      </label>
      <FieldMessage id="payment-cash-error" text={errors['payment.cash']} />
      <div className="grid gap-1.5">
        <Label htmlFor="ips-account">{t('settings.ipsAccount')}</Label>
        <Input id="ips-account" name="payment.ipsAccount" inputMode="numeric" value={account} placeholder="840-955845-10"
          {...described('ips-account-error', errors['payment.ipsAccount'], 'ips-account-hint')} onChange={(e) => setAccount(e.target.value)} />
        <p id="ips-account-hint" className="text-xs text-muted-foreground">{t('settings.ipsAccountHint')}</p>
        <FieldMessage id="ips-account-error" text={errors['payment.ipsAccount']} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ips-payee">{t('settings.ipsPayeeName')}</Label>
        <Input id="ips-payee" name="payment.ipsPayeeName" value={payee} maxLength={70} placeholder={household.name}
          {...described('ips-payee-error', errors['payment.ipsPayeeName'])} onChange={(e) => setPayee(e.target.value)} />
        <FieldMessage id="ips-payee-error" text={errors['payment.ipsPayeeName']} />
      </div>
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <Button type="submit" className="w-fit" disabled={mutation.isPending}>{t('settings.save')}</Button>
    </form>
  );
}
