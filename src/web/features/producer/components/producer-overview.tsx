import { lazy, Suspense } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { intlLocale } from '#web/lib/i18n-language.ts';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useOverview } from '../api/get-overview.ts';

const OverviewChart = lazy(loadChunk(() => import('./overview-chart.tsx')));

/** The dashboard's small overview: orders waiting, this week's sales, a 30-day chart. */
export function ProducerOverview() {
  const { t } = useTranslation(['producer', 'common']);
  const format = useFormat();
  const query = useOverview();

  // Dates are Belgrade calendar days already.
  const formatDay = format.dayMonth;
  // Axis labels in the user's language: "4.5k", "4,5 хиљ.", "4,5 тыс.".
  const axisFormat = new Intl.NumberFormat(intlLocale(format.language), { notation: 'compact', maximumFractionDigits: 1 });
  const formatAxis = (value: number) => axisFormat.format(value);

  if (query.isError) {
    return (
      <div role="alert" className="mb-4 flex items-center justify-between gap-2 rounded-lg border p-3 text-sm">
        <span>{t('overview.loadError')}</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
      </div>
    );
  }

  const data = query.data;
  const monthTotal = data?.daily.reduce((sum, d) => sum + d.total, 0) ?? 0;
  const monthOrders = data?.daily.reduce((sum, d) => sum + d.orders, 0) ?? 0;

  return (
    <section aria-labelledby="overview-heading" className="mb-6 grid gap-3">
      <h2 id="overview-heading" className="sr-only">{t('overview.title')}</h2>
      <div className="grid grid-cols-2 gap-3">
        <Card className="gap-1 py-4">
          <CardHeader className="px-4"><CardDescription>{t('overview.ordersWaiting')}</CardDescription></CardHeader>
          <CardContent className="px-4 text-2xl font-bold" data-testid="orders-waiting">
            {data ? data.ordersWaiting : <Skeleton className="h-8 w-12" />}
          </CardContent>
        </Card>
        <Card className="gap-1 py-4">
          <CardHeader className="px-4"><CardDescription title={t('overview.weekSalesHint')}>{t('overview.weekSales')}</CardDescription></CardHeader>
          <CardContent className="px-4 text-xl font-bold break-words" data-testid="week-sales">
            {data ? format.total(data.weekSales) : <Skeleton className="h-8 w-24" />}
          </CardContent>
        </Card>
      </div>
      <Card className="gap-2 py-4">
        <CardHeader className="px-4"><CardTitle className="text-base">{t('overview.chartTitle')}</CardTitle></CardHeader>
        <CardContent className="px-2">
          <div role="img" aria-label={t('overview.chartLabel')} className="h-40 w-full text-primary">
            {data ? (
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <OverviewChart daily={data.daily} formatDay={formatDay} formatMoney={format.total} formatAxis={formatAxis} salesLabel={t('overview.sales')} />
              </Suspense>
            ) : <Skeleton className="h-full w-full" />}
          </div>
          {data ? (
            <>
              <p className="px-2 pt-2 text-xs text-muted-foreground">{t('overview.chartSummary', { total: format.total(monthTotal), count: monthOrders })}</p>
              <table className="sr-only">
                <caption>{t('overview.chartTitle')}</caption>
                <thead><tr><th scope="col">{t('overview.date')}</th><th scope="col">{t('overview.sales')}</th><th scope="col">{t('overview.orders')}</th></tr></thead>
                <tbody>
                  {data.daily.map((d) => (
                    <tr key={d.date}><th scope="row">{formatDay(d.date)}</th><td>{format.total(d.total)}</td><td>{d.orders}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
