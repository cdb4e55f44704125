import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { reasonBody, type AdminProduct, type HouseholdStatus } from '#shared/contracts/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import i18n from '#web/lib/i18n.ts';
import { useFormat } from '#web/lib/use-format.ts';
import {
  decideProducer, promoteProduct, resolveReport, restoreContent, setUserSuspended, useAdminAction, useAdminProducts, useAdminUsers,
  useAudit, useProducers, useReports, useStats,
} from '../api/admin-api.ts';
import { ProducerPapers } from './producer-papers.tsx';

const StatsChart = lazy(() => import('./stats-chart.tsx'));

const TABS = ['producers', 'promotions', 'reports', 'users', 'audit', 'stats'] as const;

function showError(error: unknown) {
  toast.error(i18n.t('errors:title'), { description: isApiError(error) && error.message ? error.message : i18n.t('admin:failed') });
}

function Loading() {
  return <div className="flex flex-col gap-2 py-2">{Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-16" />)}</div>;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-muted-foreground">{children}</p>;
}

function Row({ children, label }: { children: ReactNode; label: string }) {
  return <li aria-label={label} className="flex flex-col gap-2 rounded-lg border bg-card p-3 md:flex-row md:items-center md:justify-between">{children}</li>;
}

/**
 * A reason field beside the action buttons of one row. A reason the contract refuses is said
 * beside the field, which gets the focus (docs/input-rules.md), and nothing is sent.
 */
function ReasonActions({ actions, label }: { label: string; actions: Array<{ name: string; label: string; run: (reason: string) => Promise<unknown>; destructive?: boolean }> }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex flex-col gap-1">
        <Input ref={input} aria-label={t('reason', { name: label })} placeholder={t('reasonPlaceholder')} value={reason} maxLength={500} className="sm:w-56"
          aria-invalid={refused || undefined} aria-describedby={refused ? `${id}-error` : undefined}
          onChange={(e) => { setReason(e.target.value); setRefused(false); }} />
        {refused && <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:w-56">{t('reasonInvalid')}</p>}
      </div>
      <div className="flex gap-2">
        {actions.map((a) => (
          <Button
            key={a.name}
            size="sm"
            variant={a.destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={() => {
              if (!reasonBody.safeParse({ reason }).success) {
                setRefused(true);
                input.current?.focus();
                return;
              }
              setBusy(true);
              a.run(reason.trim()).then(() => { setReason(''); toast.success(t('done')); }, showError).finally(() => setBusy(false));
            }}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

function ProducersTab() {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const [status, setStatus] = useState<HouseholdStatus>('pending');
  const list = useProducers(status);
  const decide = useAdminAction(decideProducer);
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('producers.filter')} className="flex gap-2">
        {(['pending', 'approved', 'suspended'] as const).map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'default' : 'outline'} aria-pressed={s === status} onClick={() => setStatus(s)}>{t(`producers.status.${s}`)}</Button>
        ))}
      </div>
      {list.isPending ? <Loading /> : !list.data?.items.length ? <Empty>{t('producers.empty')}</Empty> : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((h) => (
            <Row key={h.id} label={h.name}>
              <div className="min-w-0">
                <p className="font-medium">{h.name} <Badge variant="secondary">{t(`producers.status.${h.status}`)}</Badge></p>
                <p className="truncate text-sm text-muted-foreground">{h.ownerEmail} · {h.location || '—'} · {date(h.createdAt)}</p>
                <p className="text-xs text-muted-foreground">{t('producers.counts', h.counts)}</p>
                <ProducerPapers producer={h} />
              </div>
              <ReasonActions
                label={h.name}
                actions={[
                  ...(h.status === 'pending' ? [{ name: 'approve', label: t('producers.approve'), run: (reason: string) => decide.mutateAsync({ id: h.id, decision: 'approve', reason }) }] : []),
                  ...(h.status === 'suspended' ? [{ name: 'reinstate', label: t('producers.reinstate'), run: (reason: string) => decide.mutateAsync({ id: h.id, decision: 'reinstate', reason }) }] : []),
                  ...(h.status !== 'suspended' ? [{ name: 'suspend', label: t('producers.suspend'), destructive: true, run: (reason: string) => decide.mutateAsync({ id: h.id, decision: 'suspend', reason }) }] : []),
                ]}
              />
            </Row>
          ))}
        </ul>
      )}
    </div>
  );
}

function PromotionRow({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('admin');
  const { price } = useFormat();
  const [until, setUntil] = useState(product.promotedUntil ?? '');
  const promote = useAdminAction(promoteProduct);
  const save = (promoted: boolean) => promote.mutateAsync({ id: product.id, body: { promoted, promotedUntil: promoted && until ? until : null } })
    .then(() => toast.success(t('done')), showError);
  return (
    <Row label={product.name}>
      <div className="min-w-0">
        <p className="font-medium">{product.name} {product.promoted && <Badge>{t('promotions.promoted')}</Badge>} {product.hidden && <Badge variant="destructive">{t('hidden')}</Badge>}</p>
        <p className="text-sm text-muted-foreground">{product.householdName} · {price(product.price)}{product.promotedUntil ? ` · ${t('promotions.until', { date: product.promotedUntil })}` : ''}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label className="flex items-center gap-2 text-sm">
          {t('promotions.endDate')}
          <Input type="date" value={until} onChange={(e) => setUntil(e.target.value)} className="w-40" />
        </label>
        <div className="flex gap-2">
          <Button size="sm" disabled={promote.isPending} onClick={() => void save(true)}>{product.promoted ? t('promotions.update') : t('promotions.promote')}</Button>
          {product.promoted && <Button size="sm" variant="outline" disabled={promote.isPending} onClick={() => void save(false)}>{t('promotions.end')}</Button>}
        </div>
      </div>
    </Row>
  );
}

function PromotionsTab() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [onlyPromoted, setOnlyPromoted] = useState(true);
  const list = useAdminProducts(q, onlyPromoted ? true : undefined);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input type="search" aria-label={t('promotions.search')} placeholder={t('promotions.search')} value={q} onChange={(e) => { setQ(e.target.value); if (e.target.value) setOnlyPromoted(false); }} className="sm:w-72" />
        <Button size="sm" variant={onlyPromoted ? 'default' : 'outline'} aria-pressed={onlyPromoted} onClick={() => setOnlyPromoted((v) => !v)}>{t('promotions.onlyPromoted')}</Button>
      </div>
      {list.isPending ? <Loading /> : !list.data?.items.length ? <Empty>{t('promotions.empty')}</Empty> : (
        <ul className="flex flex-col gap-2">{list.data.items.map((p) => <PromotionRow key={p.id} product={p} />)}</ul>
      )}
    </div>
  );
}

function ReportsTab() {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const list = useReports(status);
  const resolve = useAdminAction(resolveReport);
  const restore = useAdminAction(restoreContent);
  const run = (p: Promise<unknown>) => p.then(() => toast.success(t('done')), showError);
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('reports.filter')} className="flex gap-2">
        {(['open', 'resolved'] as const).map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'default' : 'outline'} aria-pressed={s === status} onClick={() => setStatus(s)}>{t(`reports.status.${s}`)}</Button>
        ))}
      </div>
      {list.isPending ? <Loading /> : !list.data?.items.length ? <Empty>{t('reports.empty')}</Empty> : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((r) => (
            <Row key={r.id} label={r.targetTitle ?? r.targetId}>
              <div className="min-w-0">
                <p className="font-medium">
                  <Badge variant="secondary">{t(`reports.type.${r.targetType}`)}</Badge> {r.targetTitle ?? t('reports.gone')}
                  {' '}<Badge variant="outline">{t(`reports.reason.${r.reason}`)}</Badge>
                  {r.targetHidden && <> <Badge variant="destructive">{t('hidden')}</Badge></>}
                </p>
                {r.targetText && <blockquote className="mt-1 border-l-2 pl-2 text-sm whitespace-pre-line">{r.targetText}</blockquote>}
                <p className="text-xs text-muted-foreground">{t('reports.by', { name: r.reporterName, date: date(r.createdAt) })}{r.note ? ` — ${r.note}` : ''}</p>
              </div>
              <div className="flex gap-2">
                {r.status === 'open' && <Button size="sm" variant="destructive" disabled={resolve.isPending} onClick={() => void run(resolve.mutateAsync({ id: r.id, action: 'hide' }))}>{t('reports.hide')}</Button>}
                {r.status === 'open' && <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void run(resolve.mutateAsync({ id: r.id, action: 'dismiss' }))}>{t('reports.dismiss')}</Button>}
                {r.targetHidden && <Button size="sm" disabled={restore.isPending} onClick={() => void run(restore.mutateAsync({ type: r.targetType, id: r.targetId }))}>{t('reports.restore')}</Button>}
              </div>
            </Row>
          ))}
        </ul>
      )}
    </div>
  );
}

function UsersTab() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const list = useAdminUsers(q);
  const suspend = useAdminAction(setUserSuspended);
  return (
    <div className="flex flex-col gap-3">
      <Input type="search" aria-label={t('users.search')} placeholder={t('users.search')} value={q} onChange={(e) => setQ(e.target.value)} className="sm:w-72" />
      {list.isPending ? <Loading /> : !list.data?.items.length ? <Empty>{t('users.empty')}</Empty> : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((u) => (
            <Row key={u.id} label={u.email}>
              <div className="min-w-0">
                <p className="font-medium">{u.name} {u.isAdmin && <Badge>{t('users.operator')}</Badge>} {u.suspendedAt && <Badge variant="destructive">{t('users.suspended')}</Badge>}</p>
                <p className="truncate text-sm text-muted-foreground">{u.email} · {t(`users.type.${u.userType}`)}</p>
              </div>
              {!u.isAdmin && (
                <ReasonActions
                  label={u.email}
                  actions={[u.suspendedAt
                    ? { name: 'reinstate', label: t('users.reinstate'), run: (reason: string) => suspend.mutateAsync({ id: u.id, suspend: false, reason }) }
                    : { name: 'suspend', label: t('users.suspend'), destructive: true, run: (reason: string) => suspend.mutateAsync({ id: u.id, suspend: true, reason }) }]}
                />
              )}
            </Row>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuditTab() {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormat();
  const list = useAudit();
  if (list.isPending) return <Loading />;
  if (!list.data?.items.length) return <Empty>{t('audit.empty')}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead><tr className="border-b text-muted-foreground"><th className="p-2">{t('audit.when')}</th><th className="p-2">{t('audit.action')}</th><th className="p-2">{t('audit.target')}</th><th className="p-2">{t('audit.reason')}</th></tr></thead>
        <tbody>
          {list.data.items.map((e) => (
            <tr key={e.id} className="border-b">
              <td className="p-2 whitespace-nowrap">{dateTime(e.createdAt)}</td>
              <td className="p-2"><code>{e.action}</code></td>
              <td className="p-2">{e.targetType} <code className="text-xs">{e.targetId.slice(0, 8)}</code></td>
              <td className="p-2">{e.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatsTab() {
  const { t } = useTranslation('admin');
  const { price, date } = useFormat();
  const stats = useStats(30);
  if (stats.isPending) return <Loading />;
  if (!stats.data) return <Empty>{t('failed')}</Empty>;
  const s = stats.data;
  const cards = [
    { label: t('stats.orders'), value: String(s.orders) },
    { label: t('stats.revenue'), value: price(s.revenue) },
    { label: t('stats.buyers'), value: String(s.buyers) },
    { label: t('stats.producers'), value: String(s.producers) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('stats.period', { from: date(s.from), to: date(s.to) })}</p>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="flex flex-col-reverse rounded-xl border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{c.label}</dt>
            <dd className="text-lg font-bold">{c.value}</dd>
          </div>
        ))}
      </dl>
      <div className="h-64" aria-hidden="true">
        <Suspense fallback={<Skeleton className="h-64" />}>
          <StatsChart byDay={s.byDay} formatDay={(d) => date(d)} formatMoney={price} ordersLabel={t('stats.orders')} revenueLabel={t('stats.revenue')} />
        </Suspense>
      </div>
    </div>
  );
}

/** The operator console: desktop-first, usable on a phone. */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<(typeof TABS)[number]>('producers');
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as (typeof TABS)[number])}>
      <TabsList aria-label={t('tabs.label')} className="flex h-auto w-full flex-wrap justify-start">
        {TABS.map((name) => <TabsTrigger key={name} value={name} className="text-xs sm:text-sm">{t(`tabs.${name}`)}</TabsTrigger>)}
      </TabsList>
      <TabsContent value="producers"><ProducersTab /></TabsContent>
      <TabsContent value="promotions"><PromotionsTab /></TabsContent>
      <TabsContent value="reports"><ReportsTab /></TabsContent>
      <TabsContent value="users"><UsersTab /></TabsContent>
      <TabsContent value="audit"><AuditTab /></TabsContent>
      <TabsContent value="stats"><StatsTab /></TabsContent>
    </Tabs>
  );
}
