import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import type { z } from 'zod';
import { updateHouseholdBody, type Household } from '#shared/contracts/households.ts';
import { FormRefusal } from '#web/components/form/form-refusal.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useOwnHousehold } from '../api/get-household.ts';
import { useUpdateHousehold } from '../api/update-household.ts';
import { fieldErrorText } from '../lib/field-error.ts';
import { readRefusal, useSubmitOrSay } from '#web/lib/form.ts';
import { showError } from '#web/lib/show-error.ts';
import { LogisticsSettings } from './logistics-settings.tsx';
import { PapersSection } from './papers-section.tsx';
import type { UploadField } from '../lib/upload-field.ts';

type FormInput = z.input<typeof updateHouseholdBody>;
type FormOutput = z.output<typeof updateHouseholdBody>;

/** Household profile editing: name, description, location, avatar (PATCH /api/households/:id). */
export function HouseholdSection({ householdId, UploadField }: { householdId: string; UploadField: UploadField }) {
  const { t } = useTranslation(['producer', 'common']);
  const query = useOwnHousehold(householdId);

  return (
    <section aria-labelledby="household-heading" className="grid gap-4">
      <h2 id="household-heading" className="text-lg font-semibold">{t('household.title')}</h2>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t('common:loading')}>
          <Skeleton className="h-24 w-24 rounded-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          {t('household.loadError')}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
        </div>
      ) : (
        <>
          <HouseholdForm key={query.data.id} household={query.data} UploadField={UploadField} />
          <LogisticsSettings key={`logistics-${query.data.id}`} household={query.data} />
          <PapersSection key={`papers-${query.data.id}`} household={query.data} />
        </>
      )}
    </section>
  );
}

function HouseholdForm({ household, UploadField }: { household: Household; UploadField: UploadField }) {
  const { t, i18n } = useTranslation(['producer', 'common']);
  const mutation = useUpdateHousehold();
  const [avatar, setAvatar] = useState<string | null>(household.avatar);
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateHouseholdBody),
    defaultValues: { name: household.name, description: household.description, location: household.location },
    // Checked on Save, then as the producer types: a message appearing on leaving the field
    // moved the Save button below it away from under the pointer, so the press was lost.
    mode: 'onSubmit',
  });
  const { register, setValue, formState: { errors, isSubmitting } } = form;

  const error = (field: 'name' | 'description' | 'location') => fieldErrorText(t, 'producer:household.errors', field, errors[field]);

  // A refused field is said beside it and focused (docs/input-rules.md); the avatar is never refused on screen.
  const { formProps, refusedHidden, messageRef } = useSubmitOrSay(form, async (values: FormOutput) => {
    try {
      await mutation.mutateAsync({ id: household.id, body: values });
      toast.success(t('household.saved'));
    } catch (err) {
      // The server's refusal of a field beside it, in the producer's language (the texts of the check before sending).
      const refused = readRefusal(err, { fields: ['name', 'description', 'location'], fallback: t('household.saveFailed'), text: (field, rule) => {
        const key = `producer:household.errors.${field}.${rule === 'character' ? 'custom' : rule}`;
        return i18n.exists(key) ? t(key) : undefined;
      } });
      for (const [field, { rule, message }] of Object.entries(refused.fields)) {
        form.setError(field as 'name' | 'description' | 'location', { type: rule, message }, { shouldFocus: field === refused.first });
      }
      showError(null, refused.message);
    }
  });

  return (
    <form {...formProps} className="grid gap-4 rounded-xl border bg-card p-4">
      <UploadField
        id="household-avatar"
        label={t('household.avatar')}
        kind="image"
        round
        value={avatar ? { url: avatar, type: 'image' } : null}
        onUploadingChange={setIsUploading}
        onUploaded={(media) => {
          setAvatar(media.thumbnailUrl ?? media.url);
          setValue('avatarId', media.id, { shouldDirty: true });
        }}
        onRemove={() => {
          setAvatar(null);
          setValue('avatarId', null, { shouldDirty: true });
        }}
      />
      <div className="grid gap-2">
        <Label htmlFor="household-name">{t('household.name')}</Label>
        <Input id="household-name" aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'household-name-error' : undefined} {...register('name')} />
        {errors.name ? <p id="household-name-error" role="alert" className="text-sm text-destructive">{error('name')}</p> : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="household-location">{t('household.location')}</Label>
        <Input id="household-location" aria-invalid={errors.location ? true : undefined} aria-describedby={errors.location ? 'household-location-error' : undefined} {...register('location')} />
        {errors.location ? <p id="household-location-error" role="alert" className="text-sm text-destructive">{error('location')}</p> : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="household-description">{t('household.description')}</Label>
        <Textarea id="household-description" rows={4} aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? 'household-description-error' : undefined} {...register('description')} />
        {errors.description ? <p id="household-description-error" role="alert" className="text-sm text-destructive">{error('description')}</p> : null}
      </div>
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting || isUploading}>{isSubmitting ? t('household.saving') : t('household.save')}</Button>
        <Link to={`/household/${household.id}`} className="text-sm text-primary underline-offset-4 hover:underline">{t('household.view')}</Link>
      </div>
    </form>
  );
}
