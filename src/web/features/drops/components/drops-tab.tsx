import { useState } from 'react';
import { toast } from 'sonner';
import { ClipboardList, Handshake, Pencil, Plus } from 'lucide-react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Link } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Drop, ProducerDrop } from '../api/drop-types.ts';
import { useDropMembership, useDrops, useOwnDrops } from '../api/drops-api.ts';
import { DropFacts, DropStatusBadge } from './drop-facts.tsx';
import { DropFormDialog } from './drop-form-dialog.tsx';
import { CancelDropButton } from './cancel-drop-button.tsx';
import { DropHouseholds } from './drop-households.tsx';
import { PicklistPanel, PrintPicklistButton } from './picklist-panel.tsx';
import { TownSearch } from './town-search.tsx';
import { showError } from '#web/lib/show-error.ts';

/** The producer dashboard's Drops tab (docs/drops.md): own drops, a new one, joining another's. */
export function DropsTab({ householdId }: { householdId: string }) {
  const { t } = useTranslation('drops');
  const own = useOwnDrops();
  const [creating, setCreating] = useState(false);
  const items = own.data?.items ?? [];

  return (
    <div className="flex flex-col gap-6 pt-2">
      <section aria-labelledby="own-drops" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="own-drops" className="text-lg font-semibold">{t('dashboard.mine')}</h2>
          <Button onClick={() => setCreating(true)}><Plus aria-hidden="true" />{t('dashboard.create')}</Button>
        </div>
        {own.isPending ? <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
          : own.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
              {t('failed')} {own.error.message}
              <Button size="sm" variant="outline" onClick={() => void own.refetch()}>{t('retry')}</Button>
            </div>
          ) : items.length === 0 ? <p className="text-sm text-muted-foreground">{t('dashboard.none')}</p>
          : <ul className="flex flex-col gap-3">{items.map((drop) => <li key={drop.id}><OwnDropCard drop={drop} /></li>)}</ul>}
      </section>
      <JoinSection householdId={householdId} />
      {creating && <DropFormDialog open onOpenChange={setCreating} />}
    </div>
  );
}

function OwnDropCard({ drop }: { drop: ProducerDrop }) {
  const { t } = useTranslation('drops');
  const isHost = drop.role === 'host';
  const [showPicklist, setShowPicklist] = useState(false);
  const [editing, setEditing] = useState(false);
  const live = drop.status !== 'cancelled' && drop.status !== 'done';
  const picklistId = `picklist-${drop.id}`;

  return (
    <Card role="article" aria-labelledby={`own-${drop.id}`} className="gap-3">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle as="h3" id={`own-${drop.id}`} className="text-base"><Link to={`/drop/${drop.id}`} className="hover:underline">{drop.title}</Link></CardTitle>
          <p className="text-xs text-muted-foreground">{isHost ? t('dashboard.host') : t('dashboard.member')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DropStatusBadge status={drop.status} />
          {typeof drop.orderCount === 'number' && (
            // The host counts the whole drop's orders, a member its own (GET /api/producer/drops).
            <span className="text-sm font-medium" data-testid="drop-order-count">
              {isHost ? t('dashboard.membersOrders') : t('dashboard.yourOrders')}: {t('dashboard.orders', { count: drop.orderCount })}
            </span>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <DropFacts drop={drop} />
        <DropHouseholds households={drop.households} label={t('households')} />
        {drop.memberOrders && drop.memberOrders.length > 1 && (
          <section aria-label={t('dashboard.perMember')} className="text-sm">
            <p className="font-medium">{t('dashboard.perMember')}</p>
            <ul className="flex flex-col" data-testid="drop-member-orders">
              {drop.memberOrders.map((m) => <li key={m.householdId}>{m.name}: {t('dashboard.orders', { count: m.orderCount })}</li>)}
            </ul>
          </section>
        )}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-expanded={showPicklist} aria-controls={picklistId} onClick={() => setShowPicklist((v) => !v)}>
            <ClipboardList aria-hidden="true" />{t('dashboard.picklist')}
          </Button>
          <PrintPicklistButton dropId={drop.id} title={drop.title} />
          {drop.status !== 'cancelled' && (
            <Button asChild size="sm" variant="outline"><Link to={`/producer/drops/${drop.id}/handover`}><Handshake aria-hidden="true" />{t('dashboard.handover')}</Link></Button>
          )}
          {isHost && live && <Button size="sm" variant="outline" onClick={() => setEditing(true)}><Pencil aria-hidden="true" />{t('dashboard.edit')}</Button>}
          {isHost && live && <CancelDropButton drop={drop} />}
          {!isHost && live && <LeaveDropButton drop={drop} />}
        </div>
        <div id={picklistId} hidden={!showPicklist}>{showPicklist && <PicklistPanel dropId={drop.id} />}</div>
      </CardContent>
      {editing && <DropFormDialog open onOpenChange={setEditing} drop={drop} />}
    </Card>
  );
}

function LeaveDropButton({ drop }: { drop: Drop }) {
  const { t } = useTranslation(['drops', 'errors']);
  const membership = useDropMembership();
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="outline">{t('dashboard.leave')}</Button>}
      title={t('dashboard.leaveConfirm', { title: drop.title })} text={t('dashboard.leaveText')}
      keepLabel={t('dashboard.keep')} confirmLabel={t('dashboard.leave')}
      onConfirm={() => membership.mutate({ id: drop.id, join: false }, {
        onSuccess: () => toast.success(t('dashboard.left')),
        onError: (error) => showError(error, error.message),
      })}
    />
  );
}

/** Find another household's drop in a town and join it with the own household. */
function JoinSection({ householdId }: { householdId: string }) {
  const { t } = useTranslation(['drops', 'errors']);
  const [town, setTown] = useState('');
  const drops = useDrops({ town }, { enabled: town !== '' });
  const membership = useDropMembership();
  const candidates = (drops.data?.items ?? []).filter((d) => d.status === 'open' && !d.households.some((h) => h.id === householdId));
  return (
    <section aria-labelledby="join-drop" className="flex flex-col gap-3">
      <div>
        <h2 id="join-drop" className="text-lg font-semibold">{t('dashboard.join')}</h2>
        <p className="text-sm text-muted-foreground">{t('dashboard.joinText')}</p>
      </div>
      <TownSearch labelledBy="join-drop" variant="outline" onSearch={setTown} />
      {town !== '' && (drops.isPending ? <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
        : drops.isError ? <p role="alert" className="text-sm text-destructive">{t('failed')}</p>
        : candidates.length === 0 ? <p role="status" className="text-sm text-muted-foreground">{t('dashboard.noneToJoin')}</p>
        : (
          <ul className="flex flex-col gap-2">
            {candidates.map((drop) => (
              <li key={drop.id}>
                <Card role="article" aria-labelledby={`join-${drop.id}`} className="gap-2">
                  <CardHeader><CardTitle as="h3" id={`join-${drop.id}`} className="text-base">{drop.title}</CardTitle></CardHeader>
                  <CardContent className="flex flex-col gap-2">
                    <DropFacts drop={drop} />
                    <p className="text-sm text-muted-foreground">{drop.households.map((h) => h.name).join(', ')}</p>
                    <Button size="sm" className="w-fit" disabled={membership.isPending} aria-label={t('dashboard.joinNamed', { title: drop.title })}
                      onClick={() => membership.mutate({ id: drop.id, join: true }, {
                        onSuccess: () => toast.success(t('dashboard.joined')),
                        onError: (error) => showError(error, error.message),
                      })}>
                      {t('dashboard.joinButton')}
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
