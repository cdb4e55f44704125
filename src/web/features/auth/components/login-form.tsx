import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { showError } from '#web/lib/show-error.ts';
import type { LoginRedirectState } from './require-auth.tsx';
import { FormField, FormMessage } from './form-field.tsx';

interface Values { email: string; password: string }

/** Where to go after login: the remembered location (route guard), else null. */
function returnPath(state: unknown): string | null {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return null;
  if (from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The e-mail the verify and reset forms hand over, so it need not be typed again. */
function handedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Values>({ defaultValues: { email: handedEmail(location.state), password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!values.email.trim() || !values.password) {
      setError('root', { message: t('login.fillAll') });
      return;
    }
    clearErrors('root');
    try {
      const user = await login(values.email.trim(), values.password);
      toast.success(t('login.success'));
      // Producers start where their work is: the dashboard (unless a guard sent them here).
      await navigate(returnPath(location.state) ?? (user.userType === 'producer' ? '/producer/dashboard' : '/'), { replace: true });
    } catch (error) {
      showError(error, t('login.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" aria-required="true" {...register('email')} />
      <FormField label={t('fields.password')} type="password" autoComplete="current-password" aria-required="true" {...register('password')} />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">{t('login.forgot')}</Link>
      </div>
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">{t('login.signupLink')}</Link>
      </p>
    </form>
  );
}
