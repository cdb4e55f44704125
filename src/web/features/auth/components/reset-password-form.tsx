import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { showError } from '#web/lib/show-error.ts';
import { FormField, FormMessage } from './form-field.tsx';
import { useCarriedEmail } from './verify-email-form.tsx';

interface Values { email: string; code: string; newPassword: string; confirmPassword: string }

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const carried = useCarriedEmail();
  const reset = useResetPassword();
  const { register, handleSubmit, setError, clearErrors, setValue, control, formState } = useForm<Values>({
    defaultValues: { email: carried, code: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    // docs/product.md, in this order.
    const message = !values.email.trim() || !values.code || !values.newPassword || !values.confirmPassword
      ? t('resetPassword.fillAll')
      : values.newPassword !== values.confirmPassword
        ? t('resetPassword.mismatch')
        : values.newPassword.length < LIMITS.passwordMin
          ? t('resetPassword.tooShort')
          : !/^\d{6}$/.test(values.code)
            ? t('resetPassword.invalidCode')
            : undefined;
    if (message) {
      setError('root', { message });
      return;
    }
    clearErrors('root');
    try {
      await reset.mutateAsync({ email: values.email.trim(), code: values.code, newPassword: values.newPassword });
      toast.success(t('resetPassword.success'));
      await navigate('/login', { state: { email: values.email.trim() } });
    } catch (error) {
      showError(error, t('resetPassword.failed'));
    }
  });

  const code = register('code');
  const codeValue = useWatch({ control, name: 'code' });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      {carried ? (
        <p className="text-sm text-muted-foreground">
          {t('resetPassword.sentTo')} <strong className="break-words text-foreground [overflow-wrap:anywhere]">{carried}</strong>
        </p>
      ) : (
        <FormField label={t('fields.email')} type="email" autoComplete="email" aria-required="true" {...register('email')} />
      )}
      <FormField
        label={t('resetPassword.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.codeLength}
        placeholder="123456"
        aria-required="true"
        {...code}
        onChange={(event) => setValue('code', event.target.value.replace(/\D/g, '').slice(0, LIMITS.codeLength))}
        value={codeValue}
      />
      <FormField label={t('fields.newPassword')} type="password" autoComplete="new-password" aria-required="true" {...register('newPassword')} />
      <FormField label={t('fields.confirmNewPassword')} type="password" autoComplete="new-password" aria-required="true" {...register('confirmPassword')} />
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">{t('forgotPassword.back')}</Link>
      </p>
    </form>
  );
}
