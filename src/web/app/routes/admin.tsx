import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { AdminConsole } from '#web/features/admin/components/admin-console.tsx';
import { useMe } from '#web/features/auth/api/get-me.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** /admin: the operator console. Signed-in non-operators are told it is not for them (the API refuses them anyway). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const { user } = useAuth();
  const me = useMe(user?.id);
  usePageTitle(t('title'));
  if (me.isPending) return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('loading')} className="size-8" /></div>;
  if (!me.data?.isAdmin) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-xl font-semibold">{t('forbiddenTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('forbidden')}</p>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-6xl">
      <PageHeader title={t('title')} />
      <AdminConsole />
    </section>
  );
}
