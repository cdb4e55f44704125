import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { addDays, belgradeDateOf, belgradeInstant, belgradeTimeOf, belgradeToday, isCalendarDay, isClockTime } from '#shared/time.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { useTranslation, type TFunction } from '#web/lib/translate.tsx';
import { DROP_ADDRESS_MAX, DROP_DAYS_AHEAD_MAX, DROP_NOTE_MAX, DROP_REPEAT_WEEKS_MAX, DROP_PLACE_NAME_MAX, DROP_TITLE_MAX, DROP_TOWN_MAX } from '#shared/contracts/drops.ts';
import type { CreateDropBody, Drop } from '../api/drop-types.ts';
import { useCreateDrop, useUpdateDrop } from '../api/drops-api.ts';
import { showError } from '#web/lib/show-error.ts';

/** The form's fields as typed; `orderByDate`/`orderByTime` are a Belgrade day and clock time. */
interface Fields {
  title: string; placeName: string; address: string; town: string; date: string; opens: string; closes: string;
  orderByDate: string; orderByTime: string; note: string; repeatWeeks: string;
}
type FieldName = keyof Fields;

function fieldsOf(drop: Drop | undefined): Fields {
  if (drop) {
    const orderBy = new Date(drop.orderBy);
    return {
      title: drop.title, placeName: drop.place.name, address: drop.place.address, town: drop.place.town, date: drop.date,
      opens: drop.opens, closes: drop.closes, orderByDate: belgradeDateOf(orderBy), orderByTime: belgradeTimeOf(orderBy),
      note: drop.note ?? '', repeatWeeks: '0',
    };
  }
  const date = addDays(belgradeToday(), 7);
  return { title: '', placeName: '', address: '', town: '', date, opens: '17:00', closes: '18:00', orderByDate: addDays(date, -1), orderByTime: '20:00', note: '', repeatWeeks: '0' };
}

/** What the form can tell before sending; the server checks the rest (dates ahead, the cutoff's day). */
function problemsOf(f: Fields): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  for (const name of ['title', 'placeName', 'address', 'town'] as const) if (!f[name].trim()) out[name] = 'required';
  if (!isCalendarDay(f.date)) out.date = 'required';
  if (!isClockTime(f.opens)) out.opens = 'required';
  if (!isClockTime(f.closes)) out.closes = 'required';
  else if (isClockTime(f.opens) && f.closes <= f.opens) out.closes = 'closes';
  if (!isCalendarDay(f.orderByDate)) out.orderByDate = 'required';
  if (!isClockTime(f.orderByTime)) out.orderByTime = 'required';
  else if (!out.date && !out.opens && !out.orderByDate && `${f.orderByDate}T${f.orderByTime}` > `${f.date}T${f.opens}`) out.orderByTime = 'orderBy';
  // Typed, not clamped: "20" or "1.5" weeks is refused beside the field rather than saved as something else.
  if (!/^\s*\d{1,2}\s*$/.test(f.repeatWeeks) || Number(f.repeatWeeks) > DROP_REPEAT_WEEKS_MAX) out.repeatWeeks = 'repeatWeeks';
  return out;
}

/** The API's field names (details' `field`) → the form's. */
const API_FIELDS: Record<string, FieldName> = {
  title: 'title', 'place.name': 'placeName', 'place.address': 'address', 'place.town': 'town', date: 'date',
  opens: 'opens', closes: 'closes', orderBy: 'orderByTime', note: 'note', repeatWeeks: 'repeatWeeks',
};

/**
 * The form's own text for a rule the server refused (src/web/lib/form.ts, readRefusal): an
 * empty text, a window that closes before it opens, a cutoff after the start, a day out of range.
 */
function serverTextOf(t: TFunction) {
  return (field: string, rule: string): string | undefined => {
    if (rule === 'too_small') return t('dashboard.invalid.required');
    if (rule !== 'server') return undefined;
    if (field === 'closes') return t('dashboard.invalid.closes');
    if (field === 'orderByTime') return t('dashboard.invalid.orderBy');
    if (field === 'date') return t('dashboard.invalid.date', { max: DROP_DAYS_AHEAD_MAX });
    return undefined;
  };
}

/**
 * Create a drop (with weekly copies) or edit one (the host): place, day, hours, cutoff, note.
 * Mounted only while open (drops-tab.tsx), so each opening starts from `fieldsOf(drop)`.
 */
export function DropFormDialog({ open, onOpenChange, drop }: { open: boolean; onOpenChange: (open: boolean) => void; drop?: Drop }) {
  const { t } = useTranslation(['drops', 'errors']);
  const formId = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(drop));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const create = useCreateDrop();
  const update = useUpdateDrop();
  const busy = create.isPending || update.isPending;
  /** A refused submit focuses the first refused field, its message beside it (src/web/lib/form.ts). */
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();
  const serverText = serverTextOf(t);
  const set = (name: FieldName) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The edit form has no repeat field: it cannot refuse a submit.
    const found = problemsOf(drop ? { ...fields, repeatWeeks: '0' } : fields);
    const texts = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(`dashboard.invalid.${v}`, { max: DROP_REPEAT_WEEKS_MAX })]));
    setErrors(texts);
    if (Object.keys(found).length > 0) {
      refuse();
      return;
    }
    const body: CreateDropBody = {
      title: fields.title.trim(),
      place: { name: fields.placeName.trim(), address: fields.address.trim(), town: fields.town.trim() },
      date: fields.date, opens: fields.opens, closes: fields.closes,
      orderBy: belgradeInstant(fields.orderByDate, fields.orderByTime).toISOString(),
      note: fields.note.trim() || null,
    };
    const onError = (error: Error) => {
      const refused = readRefusal(error, { fields: API_FIELDS, text: serverText });
      const fromServer = Object.fromEntries(Object.entries(refused.fields).map(([name, { message }]) => [name, message]));
      setErrors(fromServer);
      if (refused.first) refuse();
      else showError(null, refused.message);
    };
    if (drop) {
      update.mutate({ id: drop.id, body }, { onSuccess: () => { toast.success(t('dashboard.saved')); onOpenChange(false); }, onError });
    } else {
      const repeatWeeks = Number(fields.repeatWeeks);
      create.mutate({ ...body, repeatWeeks }, { onSuccess: () => { toast.success(t('dashboard.created', { count: repeatWeeks + 1 })); onOpenChange(false); }, onError });
    }
  };

  const field = (name: FieldName, label: string, input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode, wide = false) => (
    <div className={wide ? 'flex flex-col gap-1.5 sm:col-span-2' : 'flex flex-col gap-1.5'}>
      <Label htmlFor={`${formId}-${name}`}>{label}</Label>
      {input({ id: `${formId}-${name}`, 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined })}
      {errors[name] && <p id={`${formId}-${name}-error`} role="alert" className="text-xs text-destructive">{errors[name]}</p>}
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{drop ? t('dashboard.editTitle') : t('dashboard.createTitle')}</DialogTitle>
          <DialogDescription>{t('dashboard.createText')}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-3 sm:grid-cols-2">
          {field('title', t('dashboard.fields.title'), (p) => <Input {...p} value={fields.title} maxLength={DROP_TITLE_MAX} onChange={set('title')} />, true)}
          {field('placeName', t('dashboard.fields.placeName'), (p) => <Input {...p} value={fields.placeName} maxLength={DROP_PLACE_NAME_MAX} onChange={set('placeName')} />)}
          {field('town', t('dashboard.fields.town'), (p) => <Input {...p} value={fields.town} maxLength={DROP_TOWN_MAX} autoComplete="address-level2" onChange={set('town')} />)}
          {field('address', t('dashboard.fields.address'), (p) => <Input {...p} value={fields.address} maxLength={DROP_ADDRESS_MAX} autoComplete="street-address" onChange={set('address')} />, true)}
          {field('date', t('dashboard.fields.date'), (p) => <Input {...p} type="date" value={fields.date} min={belgradeToday()} max={addDays(belgradeToday(), 60)} onChange={set('date')} />, true)}
          {field('opens', t('dashboard.fields.opens'), (p) => <Input {...p} type="time" value={fields.opens} onChange={set('opens')} />)}
          {field('closes', t('dashboard.fields.closes'), (p) => <Input {...p} type="time" value={fields.closes} onChange={set('closes')} />)}
          <fieldset className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">{t('dashboard.fields.orderBy')}</legend>
            {field('orderByDate', t('dashboard.fields.orderByDate'), (p) => <Input {...p} type="date" value={fields.orderByDate} onChange={set('orderByDate')} />)}
            {field('orderByTime', t('dashboard.fields.orderByTime'), (p) => <Input {...p} type="time" value={fields.orderByTime} onChange={set('orderByTime')} />)}
          </fieldset>
          {field('note', t('dashboard.fields.note'), (p) => <Textarea {...p} value={fields.note} maxLength={DROP_NOTE_MAX} rows={2} onChange={set('note')} />, true)}
          {!drop && field('repeatWeeks', t('dashboard.fields.repeatWeeks'), (p) => <Input {...p} type="number" inputMode="numeric" min={0} max={DROP_REPEAT_WEEKS_MAX} step={1} value={fields.repeatWeeks} onChange={set('repeatWeeks')} />, true)}
          <DialogFooter className="sm:col-span-2">
            <Button type="submit" disabled={busy}>{drop ? t('dashboard.save') : t('dashboard.create')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
