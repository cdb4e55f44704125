import { useId, useState, type FormEvent } from 'react';
import { BadgeCheck, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { CATEGORIES, type Category } from '#shared/constants.ts';
import type { Household } from '#shared/contracts/households.ts';
import { householdLegalInput } from '#shared/contracts/legal.ts';
import { LEGAL_FORMS, REGISTRATION_KINDS, REGISTRATIONS_MAX, type LegalForm, type RegistrationKind } from '#shared/legal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { useTranslation, type TFunction } from '#web/lib/translate.tsx';
import { useUpdateHousehold } from '../api/update-household.ts';
import { contractRefusals, refusedProps, type Refusal, type Refusals } from '../lib/refusals.ts';
import { showError } from '#web/lib/show-error.ts';

interface RegistrationDraft { key: number; kind: RegistrationKind; number: string; categories: Category[] }

const selectClass = 'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm';

/** Which message says why a field of the papers was refused (papers `errors.*`); the contract's text otherwise. */
function messageOf(t: TFunction, path: string, refusal: Refusal): string {
  if (refusal.rule === 'character') return t('papers:errors.character');
  const key = /^registrations\.\d+\.(number|categories)$/.exec(path)?.[1] ?? (['holdingNumber', 'pib'].includes(path) ? path : null);
  return key ? t(`papers:errors.${key}`) : refusal.message;
}

/** The household's papers: legal form, BPG, PIB and registrations, each with a word of help (docs/papers-and-labels.md). */
export function PapersSection({ household }: { household: Household }) {
  const { t } = useTranslation(['papers', 'common']);
  const id = useId();
  const mutation = useUpdateHousehold();
  const legal = household.legal;
  const [form, setForm] = useState<LegalForm>(legal.form);
  const [holdingNumber, setHoldingNumber] = useState(legal.holdingNumber ?? '');
  const [pib, setPib] = useState(legal.pib ?? '');
  const [registrations, setRegistrations] = useState<RegistrationDraft[]>(() => legal.registrations.map((r, key) => ({ key, ...r })));
  const [nextKey, setNextKey] = useState(legal.registrations.length);
  const [errors, setErrors] = useState<Refusals>({});
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const legalBody = {
      form, holdingNumber: holdingNumber.trim() || null, pib: pib.trim() || null,
      registrations: registrations.map(({ kind, number, categories }) => ({ kind, number, categories })),
    };
    // Said beside the field before sending, in the language's words (the shared contract's rules).
    const checked = householdLegalInput.safeParse(legalBody);
    if (!checked.success) {
      setErrors(contractRefusals(checked.error));
      refuse();
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync({ id: household.id, body: { legal: legalBody } });
      toast.success(t('saved'));
    } catch (error) {
      const { fields, message } = readRefusal(error, { fields: (path) => (path.startsWith('legal.') ? path.slice('legal.'.length) : undefined), fallback: t('saveFailed') });
      setErrors(fields);
      if (Object.keys(fields).length > 0) refuse();
      else showError(null, message);
    }
  }

  const message = (path: string) => (errors[path] ? messageOf(t, path, errors[path]) : undefined);

  const update = (key: number, change: Partial<RegistrationDraft>) =>
    setRegistrations((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold">{t('section.title')}</h3>
        <span className={`inline-flex items-center gap-1 text-sm ${legal.verifiedAt ? 'text-green-700' : 'text-muted-foreground'}`}>
          {legal.verifiedAt ? <BadgeCheck aria-hidden="true" className="size-4" /> : null}
          {legal.verifiedAt ? t('verified') : t('notVerified')}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t('section.help')}</p>
      <form ref={ref} onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-form`}>{t('form.label')}</Label>
          <select id={`${id}-form`} className={selectClass} value={form} onChange={(e) => setForm(e.target.value as LegalForm)} aria-describedby={`${id}-form-help`}>
            {LEGAL_FORMS.map((f) => <option key={f} value={f}>{t(`form.${f}`)}</option>)}
          </select>
          <p id={`${id}-form-help`} className="text-xs text-muted-foreground">{t('form.help')}</p>
        </div>
        <Field id={`${id}-bpg`} label={t('holdingNumber.label')} help={t('holdingNumber.help')} error={message('holdingNumber')}
          value={holdingNumber} onChange={setHoldingNumber} inputMode="numeric" />
        <Field id={`${id}-pib`} label={t('pib.label')} help={t('pib.help')} error={message('pib')} value={pib} onChange={setPib} inputMode="numeric" />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">{t('registrations.title')}</legend>
          <p className="text-xs text-muted-foreground">{t('registrations.help')}</p>
          {registrations.map((r, index) => (
            <div key={r.key} className="grid gap-2 rounded-lg border p-3">
              <div className="grid gap-2 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-kind-${r.key}`}>{t('registrations.kind')}</Label>
                  <select id={`${id}-kind-${r.key}`} className={selectClass} value={r.kind} onChange={(e) => update(r.key, { kind: e.target.value as RegistrationKind })}>
                    {REGISTRATION_KINDS.map((k) => <option key={k} value={k}>{t(`registrations.${k}`)}</option>)}
                  </select>
                </div>
                <Field id={`${id}-number-${r.key}`} label={t('registrations.number')} error={message(`registrations.${index}.number`)}
                  value={r.number} onChange={(v) => update(r.key, { number: v })} />
              </div>
              <fieldset {...refusedProps(`${id}-covers-${r.key}`, `registrations.${index}.categories` in errors)}>
                <legend className="text-sm">{t('registrations.categories')}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {CATEGORIES.map((c) => (
                    <label key={c} className="inline-flex items-center gap-1.5 text-sm">
                      <input type="checkbox" checked={r.categories.includes(c)}
                        onChange={(e) => update(r.key, { categories: e.target.checked ? [...r.categories, c] : r.categories.filter((x) => x !== c) })} />
                      {t(`common:categories.${c}`)}
                    </label>
                  ))}
                </div>
                {message(`registrations.${index}.categories`) ? <p id={`${id}-covers-${r.key}-error`} role="alert" className="text-xs text-destructive">{message(`registrations.${index}.categories`)}</p> : null}
              </fieldset>
              <Button type="button" size="sm" variant="ghost" className="justify-self-start"
                onClick={() => setRegistrations((list) => list.filter((x) => x.key !== r.key))}
                aria-label={t('registrations.remove', { number: r.number || index + 1 })}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {registrations.length < REGISTRATIONS_MAX ? (
            <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => {
              setRegistrations((list) => [...list, { key: nextKey, kind: 'registarski_broj', number: '', categories: [] }]);
              setNextKey((k) => k + 1);
            }}>
              <Plus aria-hidden="true" />
              {t('registrations.add')}
            </Button>
          ) : null}
        </fieldset>
        <Button type="submit" disabled={mutation.isPending} className="justify-self-start">{t('save')}</Button>
      </form>
    </section>
  );
}

function Field({ id, label, help, error, value, onChange, inputMode }: {
  id: string; label: string; help?: string; error?: string | undefined; value: string; onChange: (value: string) => void; inputMode?: 'numeric';
}) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {help ? <p id={`${id}-help`} className="text-xs text-muted-foreground">{help}</p> : null}
      {error ? <p id={`${id}-error`} role="alert" className="text-xs text-destructive">{error}</p> : null}
    </div>
  );
}
