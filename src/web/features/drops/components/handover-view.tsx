import { ArrowLeft, Check, CloudUpload, Phone, UserX, WifiOff } from 'lucide-react';
import { belgradeTimeOf } from '#shared/time.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Link } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { cn } from '#web/lib/utils.ts';
import { useHandover } from '../hooks/use-handover.ts';
import type { PicklistOrder } from '../api/drop-types.ts';
import type { HandoverMark } from '../lib/handover-store.ts';
import { DropFacts } from './drop-facts.tsx';

/** The clock time of a mark in Belgrade (HH:MM). */
const timeOf = (iso: string) => belgradeTimeOf(new Date(iso));

/**
 * The car-park screen (docs/drops-handover.md): the pick list of one drop, kept on the device, with a
 * "Handed over" and a "No show" button per order. Marks are stored at once and sent when
 * there is a network; the screen says how many wait.
 */
export function HandoverView({ userId, dropId }: { userId: string; dropId: string }) {
  const { t } = useTranslation('drops');
  const format = useFormat();
  const h = useHandover(userId, dropId);
  usePageTitle(h.picklist ? `${t('handover.title')}: ${h.picklist.drop.title}` : t('handover.title'));
  const orders = h.picklist?.orders ?? [];
  // Marked here, or already completed / no-show on the server (another device, or an earlier visit).
  const stateOf = (order: PicklistOrder) => h.marks.get(order.id)?.state ?? (order.status === 'completed' ? 'handed_over' : order.status === 'no_show' ? 'no_show' : null);
  const handled = orders.filter((o) => stateOf(o) !== null).length;

  return (
    <section className="flex flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/producer/dashboard?tab=drops"><ArrowLeft aria-hidden="true" />{t('handover.back')}</Link>
      </Button>
      <h1 className="text-2xl font-bold tracking-tight">{t('handover.title')}{h.picklist ? `: ${h.picklist.drop.title}` : ''}</h1>

      {!h.isOnline && (
        <p role="alert" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />{t('handover.offline')}
        </p>
      )}

      <div className="sticky top-14 z-20 flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-3 shadow-sm lg:top-26">
        <p role="status" aria-live="polite" data-testid="handover-waiting" className={cn('text-sm font-medium', h.waiting > 0 ? 'text-amber-800' : 'text-muted-foreground')}>
          {h.waiting > 0 ? t('handover.waiting', { count: h.waiting }) : t('handover.allSent')}
          {h.sendState === 'failed' && h.waiting > 0 && h.isOnline ? ` — ${t('handover.sendFailed')}` : ''}
        </p>
        {h.waiting > 0 && (
          <Button size="sm" variant="outline" onClick={() => void h.flush()} disabled={!h.isOnline || h.sendState === 'sending'}>
            <CloudUpload aria-hidden="true" />{h.sendState === 'sending' ? t('handover.sending') : t('handover.sendNow')}
          </Button>
        )}
      </div>

      {h.isLoading ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p role="status" className="sr-only">{t('picklist.loading')}</p>
          <Skeleton className="h-24 w-full" /><Skeleton className="h-24 w-full" />
        </div>
      ) : !h.picklist ? (
        <p role="alert" className="rounded-md border p-3 text-sm text-destructive">{h.error ? `${t('picklist.failed')} ${h.error.message}` : t('handover.notSaved')}</p>
      ) : (
        <>
          <DropFacts drop={h.picklist.drop} />
          <p className="text-xs text-muted-foreground">
            {t('handover.offlineReady')} {h.savedAt ? t('handover.savedAt', { time: format.dateTime(h.savedAt) }) : ''}
          </p>
          <p className="text-sm font-medium">{t('handover.done', { count: handled, total: orders.length })}</p>
          {orders.length === 0 ? <p className="text-muted-foreground">{t('picklist.empty')}</p> : (
            <ul className="flex flex-col gap-3">
              {orders.map((order) => {
                const mark: HandoverMark | undefined = h.marks.get(order.id);
                const state = stateOf(order);
                return (
                  <li key={order.id}>
                    <Card role="article" aria-labelledby={`handover-${order.id}`} className={cn('gap-2', state && 'bg-muted/40')}>
                      <CardHeader className="flex flex-row items-baseline justify-between gap-2">
                        <CardTitle as="h2" id={`handover-${order.id}`} className="text-base">{t('picklist.order', { number: order.number })}</CardTitle>
                        <span className="tabular-nums text-sm font-medium">{format.total(order.total)}</span>
                      </CardHeader>
                      <CardContent className="flex flex-col gap-2">
                        <p className="text-sm">
                          <span className="font-medium">{order.buyerName}</span>
                          {order.contactPhone && (
                            <a href={`tel:${order.contactPhone.replace(/[^\d+]/g, '')}`} className="ml-2 inline-flex items-center gap-1 underline">
                              <Phone aria-hidden="true" className="size-3" />{order.contactPhone}
                            </a>
                          )}
                          <span className="ml-2 text-xs text-muted-foreground">{order.payment.status === 'paid' ? t('picklist.paid') : t('picklist.unpaid')}</span>
                        </p>
                        <ul aria-label={t('picklist.items')} className="text-sm">
                          {order.items.map((item) => <li key={item.productId}>{item.name} × {format.quantityValue(item.quantity)}</li>)}
                        </ul>
                        {!mark && state && <p className="text-sm font-medium" data-testid="handover-mark">{state === 'handed_over' ? t('handover.handedOver') : t('handover.noShow')}</p>}
                        {mark && (
                          <p className={cn('text-sm font-medium', mark.state === 'handed_over' ? 'text-green-800' : 'text-destructive')} data-testid="handover-mark">
                            {mark.state === 'handed_over' ? t('handover.markedHandedOver', { time: timeOf(mark.at) }) : t('handover.markedNoShow', { time: timeOf(mark.at) })}
                            {!mark.sent && <span className="ml-1 text-xs font-normal text-amber-800">({t('handover.waiting', { count: 1 })})</span>}
                          </p>
                        )}
                        <div className="grid grid-cols-2 gap-2">
                          <Button type="button" size="lg" aria-pressed={state === 'handed_over'} aria-label={t('handover.handedOverNamed', { number: order.number })}
                            variant={state === 'handed_over' ? 'default' : 'outline'} onClick={() => h.mark(order.id, 'handed_over')}>
                            <Check aria-hidden="true" />{t('handover.handedOver')}
                          </Button>
                          <Button type="button" size="lg" aria-pressed={state === 'no_show'} aria-label={t('handover.noShowNamed', { number: order.number })}
                            variant={state === 'no_show' ? 'destructive' : 'outline'} onClick={() => h.mark(order.id, 'no_show')}>
                            <UserX aria-hidden="true" />{t('handover.noShow')}
                          </Button>
                        </div>
                      </CardContent>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
