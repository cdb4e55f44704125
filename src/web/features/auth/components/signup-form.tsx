import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { LIMITS, type UserType } from '#shared/constants.ts';
import { normalizePhone } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/utils.ts';
import { useSignup } from '../api/signup.ts';
import { showError } from '#web/lib/show-error.ts';
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
  // The e-mail the server said is taken: confirmed or still pending, it does not say which, so
  // the form offers both ways on (log in, or type the code a pending account was just mailed).
  const [takenEmail, setTakenEmail] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    // docs/product.md: email, password and name required; passwords match; at least 8 characters.
    // One message for the form (the product's), and each field at fault marked and told why.
    clearErrors();
    const required = t('signup.fieldRequired');
    const fieldErrors: Array<[keyof Values, string]> = [];
    if (!values.name.trim()) fieldErrors.push(['name', required]);
    if (!values.email.trim()) fieldErrors.push(['email', required]);
    if (values.phone.trim() && !normalizePhone(values.phone)) fieldErrors.push(['phone', t('signup.invalidPhone')]);
    if (!values.password) fieldErrors.push(['password', required]);
    else if (values.password.length < LIMITS.passwordMin) fieldErrors.push(['password', t('signup.tooShort')]);
    if (values.password && values.password !== values.confirmPassword) fieldErrors.push(['confirmPassword', t('signup.mismatch')]);
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
      // The first field at fault (in the form's order) gets the focus.
      fieldErrors.forEach(([field, text], i) => setError(field, { type: 'validate', message: text }, { shouldFocus: i === 0 }));
      setError('root', { message });
      return;
    }
    clearErrors('root');
    setTakenEmail(null);
    const { language } = i18n;
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
      if (isApiError(error) && error.code === 'auth.email_taken') setTakenEmail(values.email.trim());
      showError(error, t('signup.failed'));
    }
  });

  const errors = formState.errors;
  /** A field whose mark goes as soon as it is edited. */
  const field = (name: Exclude<keyof Values, 'userType'>) => register(name, { onChange: () => { if (errors[name]) clearErrors(name); } });

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
      <FormField label={t('fields.name')} autoComplete="name" aria-required="true" error={errors.name?.message} {...field('name')} />
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" aria-required="true" error={errors.email?.message} {...field('email')} />
      <FormField label={t('fields.phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="+381 64 123 4567" hint={t('signup.phoneHint')} error={errors.phone?.message} {...field('phone')} />
      <FormField label={t('fields.password')} type="password" autoComplete="new-password" aria-required="true" hint={t('signup.passwordHint')} error={errors.password?.message} {...field('password')} />
      <FormField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" aria-required="true" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
      <FormMessage message={formState.errors.root?.message} />
      {takenEmail && (
        <p className="text-sm text-muted-foreground" role="status">
          {t('signup.takenHint')}{' '}
          <Link
            to={`/verify-email?email=${encodeURIComponent(takenEmail)}`}
            state={{ email: takenEmail }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('signup.takenVerifyLink')}
          </Link>
        </p>
      )}
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
