import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { parseDecimalInput, formatDecimalInput } from '#shared/decimal-input.ts';
import type { Household, UpdateHouseholdBody } from '#shared/contracts/households.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { isApiError } from '#web/lib/api-client.ts';
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
  const example = lang === 'en' ? '450.50' : '450,50';

  async function onSave() {
    const found: Record<string, string> = {};
    const amount = (text: string, field: string, optional = false) => {
      if (optional && text.trim() === '') return null;
      const value = parseDecimalInput(text, lang);
      if (value === null || value < 0) found[field] = t('settings.invalidNumber', { example });
      return value ?? 0;
    };
    const body: UpdateHouseholdBody = {
      pickupPoints: points.map((p) => ({ ...(p.id ? { id: p.id } : {}), name: p.name, address: p.address, note: p.note || null, hours: p.hours })),
      delivery: {
        enabled,
        areas: areas.split(',').map((a) => a.trim()).filter(Boolean),
        fee: amount(fee, 'delivery.fee') ?? 0,
        freeFrom: amount(freeFrom, 'delivery.freeFrom', true),
        leadDays: Number(leadDays),
        weekdays,
      },
      minimumOrder: amount(minimum, 'minimumOrder') ?? 0,
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await mutation.mutateAsync({ id: household.id, body });
      setPoints(saved.pickupPoints.map((p) => ({ ...p, note: p.note ?? '' })));
      toast.success(t('settings.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      // A message shown next to its field is enough; a toast would cover the form on a phone.
      if (!Object.keys(fields).some((field) => SHOWN_FIELDS.test(field))) showError(err, t('producer:household.saveFailed'));
    }
  }

  const err = (field: string) => errors[field] ? <p role="alert" className="text-sm text-destructive">{errors[field]}</p> : null;

  return (
    <section aria-labelledby="pickup-delivery-heading" className="grid gap-4 rounded-xl border bg-card p-4">
      <div>
        <h2 id="pickup-delivery-heading" className="text-lg font-semibold">{t('settings.pickupTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('settings.pickupIntro')}</p>
      </div>
      {points.map((point, i) => (
        <fieldset key={point.id ?? `new-${i}`} className="grid gap-3 rounded-md border p-3" aria-label={t('settings.pointN', { n: i + 1 })}>
          <legend className="px-1 text-sm font-medium">{t('settings.pointN', { n: i + 1 })}</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-name`}>{t('settings.pointName')}</Label>
            <Input id={`point-${i}-name`} value={point.name} placeholder={t('settings.pointNamePlaceholder')} onChange={(e) => setPoint(i, { name: e.target.value })} />
            {err(`pickupPoints.${i}.name`)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-address`}>{t('settings.pointAddress')}</Label>
            <Input id={`point-${i}-address`} value={point.address} onChange={(e) => setPoint(i, { address: e.target.value })} />
            {err(`pickupPoints.${i}.address`)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`point-${i}-note`}>{t('settings.pointNote')}</Label>
            <Input id={`point-${i}-note`} value={point.note} onChange={(e) => setPoint(i, { note: e.target.value })} />
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
                <Input id={`point-${i}-hours-${k}-opens`} type="time" className="w-28" value={h.opens}
                  onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, opens: e.target.value } : x)) })} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`point-${i}-hours-${k}-closes`}>{t('settings.closes')}</Label>
                <Input id={`point-${i}-hours-${k}-closes`} type="time" className="w-28" value={h.closes}
                  onChange={(e) => setPoint(i, { hours: point.hours.map((x, j) => (j === k ? { ...x, closes: e.target.value } : x)) })} />
              </div>
              <Button type="button" variant="ghost" size="icon" aria-label={t('settings.removeHours')}
                onClick={() => setPoint(i, { hours: point.hours.filter((_, j) => j !== k) })}><Trash2 aria-hidden="true" /></Button>
              {err(`pickupPoints.${i}.hours.${k}.closes`)}
            </div>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm"
              onClick={() => setPoint(i, { hours: [...point.hours, { weekday: 6, opens: '08:00', closes: '13:00' }] })}>
              <Plus aria-hidden="true" /> {t('settings.addHours')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setPoints((all) => all.filter((_, j) => j !== i))}>
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
        <input type="checkbox" className="accent-primary" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('settings.deliveryEnabled')}
      </label>
      {enabled && (
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-areas">{t('settings.areas')}</Label>
            <Input id="delivery-areas" value={areas} onChange={(e) => setAreas(e.target.value)} />
            {err('delivery.areas')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-fee">{t('settings.fee')}</Label>
              <Input id="delivery-fee" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
              {err('delivery.fee')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="delivery-free-from">{t('settings.freeFrom')}</Label>
              <Input id="delivery-free-from" inputMode="decimal" value={freeFrom} onChange={(e) => setFreeFrom(e.target.value)} />
              {err('delivery.freeFrom')}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-lead-days">{t('settings.leadDays')}</Label>
            <Input id="delivery-lead-days" type="number" min={0} max={14} className="w-24" value={leadDays} onChange={(e) => setLeadDays(e.target.value)} />
            {err('delivery.leadDays')}
          </div>
          <fieldset className="grid gap-1.5">
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
            {err('delivery.weekdays')}
          </fieldset>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="minimum-order">{t('settings.minimumOrder')}</Label>
        <Input id="minimum-order" inputMode="decimal" className="w-40" value={minimum} onChange={(e) => setMinimum(e.target.value)} />
        {err('minimumOrder')}
      </div>
      <Button type="button" className="w-fit" disabled={mutation.isPending} onClick={() => void onSave()}>{t('settings.save')}</Button>
    </section>
  );
}

/** The server's field errors that the pickup and delivery form shows next to their fields. */
const SHOWN_FIELDS = /^(delivery\.(areas|fee|freeFrom|leadDays|weekdays)|minimumOrder|pickupPoints\.\d+\.(name|address|hours\.\d+\.closes))$/;

function PaymentSection({ household }: { household: Household }) {
  const { t } = useTranslation(['logistics', 'producer']);
  const mutation = useUpdateHousehold();
  const [cash, setCash] = useState(household.payment.cash);
  const [account, setAccount] = useState(household.payment.ipsAccount ?? '');
  const [payee, setPayee] = useState(household.payment.ipsPayeeName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSave() {
    try {
      const saved = await mutation.mutateAsync({
        id: household.id,
        body: { payment: { cash, ipsAccount: account.trim() || null, ipsPayeeName: payee.trim() || null } },
      });
      setAccount(saved.payment.ipsAccount ?? '');
      setErrors({});
      toast.success(t('settings.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!('payment.cash' in fields || 'payment.ipsAccount' in fields)) showError(err, t('producer:household.saveFailed'));
    }
  }

  return (
    <section aria-labelledby="payment-heading" className="grid gap-4 rounded-xl border bg-card p-4">
      <h2 id="payment-heading" className="text-lg font-semibold">{t('settings.paymentTitle')}</h2>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="accent-primary" checked={cash} onChange={(e) => setCash(e.target.checked)} />
        {t('settings.cash')}
      </label>
      {errors['payment.cash'] ? <p role="alert" className="text-sm text-destructive">{errors['payment.cash']}</p> : null}
      <div className="grid gap-1.5">
        <Label htmlFor="ips-account">{t('settings.ipsAccount')}</Label>
        <Input id="ips-account" inputMode="numeric" value={account} placeholder="840-955845-10" aria-describedby="ips-account-hint"
          aria-invalid={errors['payment.ipsAccount'] ? true : undefined} onChange={(e) => setAccount(e.target.value)} />
        <p id="ips-account-hint" className="text-xs text-muted-foreground">{t('settings.ipsAccountHint')}</p>
        {errors['payment.ipsAccount'] ? <p role="alert" className="text-sm text-destructive">{errors['payment.ipsAccount']}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ips-payee">{t('settings.ipsPayeeName')}</Label>
        <Input id="ips-payee" value={payee} maxLength={70} placeholder={household.name} onChange={(e) => setPayee(e.target.value)} />
      </div>
      <Button type="button" className="w-fit" disabled={mutation.isPending} onClick={() => void onSave()}>{t('settings.save')}</Button>
    </section>
  );
}
