import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LIMITS, LANGUAGES, type Language, type UserType } from '#shared/constants.ts';
import { normalizePhone } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { useSignup } from '../api/signup.ts';
import { showError } from '../lib/show-error.ts';
import { FormField, FormMessage } from './form-field.tsx';

interface Values { userType: UserType; name: string; email: string; phone: string; password: string; confirmPassword: string }

export function SignupForm() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const signup = useSignup();
  const { register, handleSubmit, setError, clearErrors, control, setValue, formState } = useForm<Values>({
    defaultValues: { userType: 'customer', name: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const userType = useWatch({ control, name: 'userType' });

  const onSubmit = handleSubmit(async (values) => {
    // Spec section 5: email, password and name required; passwords match; at least 8 characters.
    const message = !values.email.trim() || !values.password || !values.name.trim()
      ? t('signup.required')
      : values.password !== values.confirmPassword
        ? t('signup.mismatch')
        : values.password.length < LIMITS.passwordMin
          ? t('signup.tooShort')
          : values.phone.trim() && !normalizePhone(values.phone)
            ? t('signup.invalidPhone')
            : undefined;
    if (message) {
      setError('root', { message });
      return;
    }
    clearErrors('root');
    const language = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as Language) : 'sr';
    try {
      const created = await signup.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        name: values.name.trim(),
        userType: values.userType,
        phone: values.phone.trim() || undefined,
        language,
      });
      toast.success(t('signup.success'));
      // The e-mail travels in the router state and in the address, so a reload keeps it.
      await navigate(`/verify-email?email=${encodeURIComponent(created.email)}`, { state: { email: created.email } });
    } catch (error) {
      showError(error, t('signup.failed'));
    }
  });

  const choice = (value: UserType, label: string) => (
    <label
      className={cn(
        'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-3 text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        userType === value ? 'border-primary bg-primary/10 text-primary' : 'border-input',
      )}
    >
      <input type="radio" className="sr-only" value={value} checked={userType === value} onChange={() => setValue('userType', value)} name="userType" />
      {label}
    </label>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('signup.userType')}</legend>
        <div className="flex gap-2">
          {choice('customer', t('signup.buy'))}
          {choice('producer', t('signup.sell'))}
        </div>
      </fieldset>
      <FormField label={t('fields.name')} autoComplete="name" aria-required="true" {...register('name')} />
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" aria-required="true" {...register('email')} />
      <FormField label={t('fields.phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="+381 64 123 4567" hint={t('signup.phoneHint')} {...register('phone')} />
      <FormField label={t('fields.password')} type="password" autoComplete="new-password" aria-required="true" hint={t('signup.passwordHint')} {...register('password')} />
      <FormField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" aria-required="true" {...register('confirmPassword')} />
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('signup.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">{t('signup.loginLink')}</Link>
      </p>
    </form>
  );
}
