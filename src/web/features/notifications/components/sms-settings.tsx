import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '#web/lib/translate.tsx';
import { normalisePhone, SMS_EVENTS, type SmsEvent, type SmsScript } from '#shared/sms.ts';
import type { SmsSettings as Settings } from '#shared/contracts/sms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { showError } from '#web/lib/show-error.ts';
import { useSmsActions, useSmsSettings } from '../api/notifications-api.ts';

/**
 * docs/notifications.md, "SMS": a producer gives a phone, confirms it with the code sent to it,
 * and chooses the events, the quiet hours and the script. Refusals are said beside the field
 * (src/web/lib/form.ts useFocusRefused).
 */
export function SmsSettings() {
  const { t } = useTranslation('notifications');
  const settings = useSmsSettings();
  if (settings.isPending) return <p className="text-sm text-muted-foreground">{t('sms.loading')}</p>;
  if (settings.isError || !settings.data) return <p role="alert" className="text-sm text-destructive">{t('sms.loadFailed')}</p>;
  return (
    <section aria-labelledby="sms-settings-title" className="flex flex-col gap-4 border-t pt-4">
      <h3 id="sms-settings-title" className="font-medium">{t('sms.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('sms.description')}</p>
      <PhoneForm settings={settings.data} />
      {settings.data.phone && !settings.data.confirmed && <CodeForm />}
      {settings.data.confirmed && <ChoicesForm settings={settings.data} />}
    </section>
  );
}

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? <p id={id} role="alert" className="text-sm text-destructive">{message}</p> : null;
}

function PhoneForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const { setPhone } = useSmsActions();
  const [phone, setPhoneText] = useState(settings.phone ?? '');
  const [error, setError] = useState<string | null>(null);
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!normalisePhone(phone)) { setError(t('sms.phoneInvalid')); refuse(); return; }
    setError(null);
    try {
      await setPhone.mutateAsync(phone);
      toast.success(t('sms.codeSent'));
    } catch (err) {
      // Beside the phone: its refusal (a number that is not one, a code asked for too soon), or a 400 naming no field.
      const refused = readRefusal(err, { fields: ['phone'], fallback: t('sms.failed'), text: (_, _rule, code) => (code === 'validation_failed' ? t('sms.phoneInvalid') : undefined) });
      const message = refused.fields.phone?.message ?? (refused.code === 'validation_failed' ? refused.message : null);
      if (message) { setError(message); refuse(); } else showError(null, refused.message);
    }
  };

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-phone`}>{t('sms.phone')}</Label>
      <div className="flex gap-2">
        <Input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhoneText(e.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-phone-error` : `${id}-phone-hint`} />
        <Button type="submit" disabled={setPhone.isPending}>{settings.confirmed ? t('sms.change') : t('sms.sendCode')}</Button>
      </div>
      <p id={`${id}-phone-hint`} className="text-sm text-muted-foreground">
        {settings.confirmed ? t('sms.confirmedAs', { phone: settings.phone }) : t('sms.phoneHint')}
      </p>
      <FieldError id={`${id}-phone-error`} message={error} />
    </form>
  );
}

function CodeForm() {
  const { t } = useTranslation('notifications');
  const id = useId();
  const { confirm } = useSmsActions();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) { setError(t('sms.codeInvalid')); refuse(); return; }
    setError(null);
    try {
      await confirm.mutateAsync(code.trim());
      toast.success(t('sms.confirmed'));
    } catch (err) {
      // Every answer of the server is said beside the code (wrong, expired, none waiting, no connection).
      const refused = readRefusal(err, { fields: ['code'], text: (_, _rule, code) => (code === 'validation_failed' ? t('sms.codeInvalid') : undefined) });
      if (refused.code) { setError(refused.fields.code?.message ?? refused.message); refuse(); } else showError(err, t('sms.failed'));
    }
  };

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-code`}>{t('sms.code')}</Label>
      <div className="flex gap-2">
        <Input id={`${id}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-code-error` : undefined} />
        <Button type="submit" disabled={confirm.isPending}>{t('sms.confirm')}</Button>
      </div>
      <FieldError id={`${id}-code-error`} message={error} />
    </form>
  );
}

const isClock = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

function ChoicesForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const { update, stop } = useSmsActions();
  const [events, setEvents] = useState<SmsEvent[]>(settings.events);
  const [quietFrom, setQuietFrom] = useState(settings.quietFrom);
  const [quietTo, setQuietTo] = useState(settings.quietTo);
  const [script, setScript] = useState<SmsScript>(settings.script);
  const [errors, setErrors] = useState<{ quietFrom?: string; quietTo?: string }>({});
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(isClock(quietFrom) ? {} : { quietFrom: t('sms.timeInvalid') }),
      ...(isClock(quietTo) ? {} : { quietTo: t('sms.timeInvalid') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) { refuse(); return; }
    try {
      await update.mutateAsync({ events, quietFrom, quietTo, script });
      toast.success(t('sms.saved'));
    } catch (err) {
      const refused = readRefusal(err, { fields: ['quietFrom', 'quietTo'], fallback: t('sms.failed'), text: (_, _rule, code) => (code === 'validation_failed' ? t('sms.timeInvalid') : undefined) });
      if (refused.first) { setErrors(Object.fromEntries(Object.entries(refused.fields).map(([field, { message }]) => [field, message]))); refuse(); }
      else showError(null, refused.message);
    }
  };

  const onStop = async () => {
    try {
      await stop.mutateAsync();
      toast.success(t('sms.stopped'));
    } catch (err) {
      showError(err, t('sms.failed'));
    }
  };

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('sms.events')}</legend>
        {SMS_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={events.includes(event)}
              onChange={(e) => setEvents((current) => (e.target.checked ? [...current, event] : current.filter((x) => x !== event)))} />
            {t(`sms.event.${event}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('sms.quiet')}</legend>
        <div className="flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-from`}>{t('sms.quietFrom')}</Label>
            <Input id={`${id}-from`} name="quietFrom" type="time" value={quietFrom} onChange={(e) => setQuietFrom(e.target.value)}
              aria-invalid={errors.quietFrom ? true : undefined} aria-describedby={errors.quietFrom ? `${id}-from-error` : undefined} />
            <FieldError id={`${id}-from-error`} message={errors.quietFrom ?? null} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-to`}>{t('sms.quietTo')}</Label>
            <Input id={`${id}-to`} name="quietTo" type="time" value={quietTo} onChange={(e) => setQuietTo(e.target.value)}
              aria-invalid={errors.quietTo ? true : undefined} aria-describedby={errors.quietTo ? `${id}-to-error` : undefined} />
            <FieldError id={`${id}-to-error`} message={errors.quietTo ?? null} />
          </div>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('sms.script')}</legend>
        {(['latn', 'cyrl'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="script" value={value} checked={script === value} onChange={() => setScript(value)} />
            {t(`sms.scripts.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>{t('sms.save')}</Button>
        <Button type="button" variant="outline" disabled={stop.isPending} onClick={() => void onStop()}>{t('sms.stop')}</Button>
      </div>
    </form>
  );
}
