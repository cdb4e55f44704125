import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { LIMITS, TIMINGS } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useConfirmSignup } from '../api/confirm-signup.ts';
import { useResendCode } from '../api/resend-code.ts';
import { showError } from '#web/lib/show-error.ts';
import { FormField, FormMessage } from './form-field.tsx';

interface Values { email: string; code: string }

/** The e-mail the previous screen carried: router state first, then ?email=. */
export function useCarriedEmail(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { email?: unknown } | null)?.email;
  return typeof fromState === 'string' ? fromState : params.get('email') ?? '';
}

const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, LIMITS.codeLength);

function useCooldown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return { seconds, start: () => { const t = Date.now(); setNow(t); setUntil(t + TIMINGS.resendCooldownMs); } };
}

export function VerifyEmailForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const carried = useCarriedEmail();
  const confirm = useConfirmSignup();
  const resend = useResendCode();
  const cooldown = useCooldown();
  const { register, handleSubmit, setError, clearErrors, setValue, control, formState } = useForm<Values>({ defaultValues: { email: carried, code: '' } });
  const email = useWatch({ control, name: 'email' });
  const codeValue = useWatch({ control, name: 'code' });

  const onSubmit = handleSubmit(async (values) => {
    if (!values.email.trim()) {
      setError('root', { message: t('verifyEmail.emailRequired') });
      return;
    }
    if (!/^\d{6}$/.test(values.code)) {
      setError('root', { message: t('verifyEmail.invalidCode') });
      return;
    }
    clearErrors('root');
    try {
      await confirm.mutateAsync({ email: values.email.trim(), code: values.code });
      toast.success(t('verifyEmail.success'));
      await navigate('/login', { state: { email: values.email.trim() } });
    } catch (error) {
      showError(error, t('verifyEmail.failed'));
    }
  });

  const onResend = async () => {
    if (!email.trim()) {
      setError('root', { message: t('verifyEmail.emailRequired') });
      return;
    }
    try {
      await resend.mutateAsync(email.trim());
      cooldown.start();
      toast.success(t('verifyEmail.resent'));
    } catch (error) {
      showError(error, t('verifyEmail.resendFailed'));
    }
  };

  const code = register('code');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      {carried ? (
        <p className="text-sm text-muted-foreground">
          {t('verifyEmail.sentTo')} <strong className="break-words text-foreground [overflow-wrap:anywhere]">{carried}</strong>
        </p>
      ) : (
        <FormField label={t('fields.email')} type="email" autoComplete="email" aria-required="true" {...register('email')} />
      )}
      <FormField
        label={t('verifyEmail.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={LIMITS.codeLength}
        placeholder="123456"
        aria-required="true"
        className="text-center text-lg tracking-[0.5em]"
        {...code}
        onChange={(event) => {
          setValue('code', onlyDigits(event.target.value));
        }}
        value={codeValue}
      />
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('verifyEmail.submitting') : t('verifyEmail.submit')}
      </Button>
      <Button type="button" variant="outline" onClick={() => void onResend()} disabled={resend.isPending || cooldown.seconds > 0}>
        {cooldown.seconds > 0 ? t('verifyEmail.resendIn', { seconds: cooldown.seconds }) : t('verifyEmail.resend')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/signup" className="text-primary underline-offset-4 hover:underline">{t('verifyEmail.back')}</Link>
      </p>
    </form>
  );
}
