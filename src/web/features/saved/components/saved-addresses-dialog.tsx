import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import type { z } from 'zod';
import { TEXT_NOT_ALLOWED_MESSAGE } from '#shared/contracts/fields.ts';
import { createAddressBody, SAVED_ADDRESS_LIMITS, type SavedAddress } from '#shared/contracts/saved.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { useSubmitOrSay } from '#web/lib/form.ts';
import { useAddresses, useAddressMutations } from '../api/addresses.ts';

type FormInput = z.input<typeof createAddressBody>;
type FormOutput = z.output<typeof createAddressBody>;
type Field = 'label' | 'area' | 'address';

const EMPTY: FormInput = { label: '', area: '', address: '', isDefault: false };

/** Add or edit one address; the shared contract's rules, messages in the user's language. */
function AddressForm({ initial, onDone, onCancel, userId }: { initial: SavedAddress | null; onDone: () => void; onCancel: () => void; userId: string }) {
  const { t } = useTranslation('saved');
  const formId = useId();
  const { create, update } = useAddressMutations(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createAddressBody),
    defaultValues: initial ? { label: initial.label, area: initial.area, address: initial.address, isDefault: initial.isDefault } : EMPTY,
  });

  const { register, formState: { errors, isSubmitting } } = form;
  // A refused submit focuses the refused field, its message beside it (src/web/lib/form.ts).
  const { formProps } = useSubmitOrSay(form, async (values) => {
    setFailure(null);
    try {
      if (initial) await update.mutateAsync({ id: initial.id, body: values });
      else await create.mutateAsync(values);
      lazyToast.success(t('addresses.savedToast'), { id: 'saved-address' });
      onDone();
    } catch (error) {
      setFailure(isApiError(error) && error.code === 'address.limit' ? t('addresses.limit', { count: SAVED_ADDRESS_LIMITS.perUser }) : error instanceof Error ? error.message : t('toast.failed'));
    }
  });

  const errorText = (field: Field) => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    return message === TEXT_NOT_ALLOWED_MESSAGE ? t('form.badCharacter') : t(`form.${field}Invalid`, { max: SAVED_ADDRESS_LIMITS[`${field}Max`] });
  };
  const field = (name: Field, control: 'input' | 'textarea', extra: Record<string, unknown>) => {
    const id = `${formId}-${name}`;
    const message = errorText(name);
    const props = { id, 'aria-invalid': Boolean(message), 'aria-describedby': message ? `${id}-error` : undefined, ...extra, ...register(name) };
    return (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{t(`form.${name}`)}</Label>
        {control === 'input' ? <Input {...props} /> : <Textarea rows={2} {...props} />}
        {message && <p id={`${id}-error`} role="alert" className="text-sm text-destructive">{message}</p>}
      </div>
    );
  };

  return (
    <form {...formProps} className="flex flex-col gap-3" aria-label={initial ? t('addresses.editTitle') : t('addresses.addTitle')}>
      {field('label', 'input', { placeholder: t('form.labelPlaceholder'), maxLength: SAVED_ADDRESS_LIMITS.labelMax })}
      {field('area', 'input', { placeholder: t('form.areaPlaceholder'), autoComplete: 'address-level2', maxLength: SAVED_ADDRESS_LIMITS.areaMax })}
      {field('address', 'textarea', { placeholder: t('form.addressPlaceholder'), autoComplete: 'street-address', maxLength: SAVED_ADDRESS_LIMITS.addressMax })}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...register('isDefault')} />
        {t('form.isDefault')}
      </label>
      {failure && <p role="alert" className="text-sm font-medium text-destructive">{failure}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('form.saving') : t('form.save')}</Button>
      </div>
    </form>
  );
}

/** The profile's "saved locations": list, add, edit, delete, make default (at most 10). */
export function SavedAddressesDialog({ userId, triggerLabel }: { userId: string; triggerLabel: string }) {
  const { t } = useTranslation('saved');
  const [open, setOpen] = useState(false);
  /** null: the list; 'new': the add form; an address: its edit form. */
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const addresses = useAddresses(open ? userId : null);
  const { update, remove } = useAddressMutations(userId);
  const items = addresses.data ?? [];
  const full = items.length >= SAVED_ADDRESS_LIMITS.perUser;
  const fail = (error: Error) => lazyToast.error(t('toast.failed'), { id: 'saved-address', description: error.message });

  return (
    <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) setEditing(null); }}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">{triggerLabel}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing === 'new' ? t('addresses.addTitle') : editing ? t('addresses.editTitle') : t('addresses.title')}</DialogTitle>
          <DialogDescription>{t('addresses.description', { count: SAVED_ADDRESS_LIMITS.perUser })}</DialogDescription>
        </DialogHeader>
        {editing ? (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            userId={userId}
            initial={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <div className="flex flex-col gap-3">
            {addresses.isPending && <div aria-busy="true" className="flex flex-col gap-2"><Skeleton className="h-16 w-full" /><Skeleton className="h-16 w-full" /></div>}
            {addresses.isError && (
              <div role="alert" className="flex flex-col items-start gap-2">
                <p>{t('addresses.loadError')}</p>
                <Button variant="outline" onClick={() => void addresses.refetch()}>{t('retry')}</Button>
              </div>
            )}
            {addresses.isSuccess && items.length === 0 && <p className="py-4 text-center text-muted-foreground">{t('addresses.empty')}</p>}
            {items.length > 0 && (
              <ul className="flex flex-col gap-2" aria-label={t('addresses.title')}>
                {items.map((a) => (
                  <li key={a.id} className="rounded-lg border p-3" data-testid="saved-address">
                    <div className="flex items-start gap-2">
                      <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          <span className="break-words">{a.label}</span>
                          {a.isDefault && <Badge variant="secondary">{t('addresses.default')}</Badge>}
                        </p>
                        <p className="text-sm break-words text-muted-foreground">{a.area}</p>
                        <p className="text-sm break-words whitespace-pre-line">{a.address}</p>
                      </div>
                    </div>
                    <div className="mt-2 flex flex-wrap justify-end gap-1">
                      {!a.isDefault && (
                        <Button size="sm" variant="ghost" disabled={update.isPending}
                          onClick={() => update.mutate({ id: a.id, body: { isDefault: true } }, { onError: fail })}>
                          <Star aria-hidden="true" />{t('addresses.makeDefault')}
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" aria-label={t('addresses.edit', { label: a.label })} onClick={() => setEditing(a)}>
                        <Pencil aria-hidden="true" />{t('addresses.editShort')}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-destructive" aria-label={t('addresses.delete', { label: a.label })} disabled={remove.isPending}
                        onClick={() => remove.mutate(a.id, { onSuccess: () => lazyToast.success(t('addresses.deletedToast'), { id: 'saved-address' }), onError: fail })}>
                        <Trash2 aria-hidden="true" />{t('addresses.deleteShort')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {addresses.isSuccess && (
              full
                ? <p className="text-sm text-muted-foreground">{t('addresses.limit', { count: SAVED_ADDRESS_LIMITS.perUser })}</p>
                : <Button onClick={() => setEditing('new')} className="self-start"><Plus aria-hidden="true" />{t('addresses.add')}</Button>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
