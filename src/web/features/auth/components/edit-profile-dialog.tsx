import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { z } from 'zod';
import { LANGUAGES } from '#shared/constants.ts';
import { optionalPhone, personName, type Profile } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useUpdateMe } from '../api/update-me.ts';
import { showError } from '#web/lib/show-error.ts';
import { useSubmitOrSay } from '#web/lib/form.ts';
import { FormField } from './form-field.tsx';

/** The shared contract's rules for the fields this dialog edits (one definition). */
const schema = z.object({
  name: personName,
  phone: optionalPhone,
  location: z.string().trim().max(120),
  bio: z.string().trim().max(500),
  language: z.enum(LANGUAGES),
});
type Values = z.input<typeof schema>;

export function EditProfileDialog({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const update = useUpdateMe();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: { name: profile.name, phone: profile.phone ?? '', location: profile.location ?? '', bio: profile.bio ?? '', language: profile.language },
  });

  const { register, control, reset, formState } = form;
  // A refused submit focuses the refused field, its message beside it (src/web/lib/form.ts).
  const { formProps } = useSubmitOrSay(form, async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      if (saved.language !== i18n.language) await i18n.changeLanguage(saved.language);
      toast.success(t('edit.saved'));
      setOpen(false);
    } catch (error) {
      showError(error, t('edit.failed'));
    }
  });

  const fieldError = (message: string | undefined, fallback: string) => (message ? fallback : undefined);

  return (
    <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) reset(); }}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">{t('actions.editProfile')}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        <form {...formProps} className="flex flex-col gap-4">
          <FormField announce label={t('fields.name')} autoComplete="name" error={fieldError(formState.errors.name?.message, t('edit.nameRequired'))} {...register('name')} />
          <FormField announce label={t('fields.phone')} type="tel" autoComplete="tel" placeholder="+381 64 123 4567" error={fieldError(formState.errors.phone?.message, t('edit.invalidPhone'))} {...register('phone')} />
          <FormField label={t('fields.location')} autoComplete="address-level2" {...register('location')} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-bio">{t('fields.bio')}</Label>
            <Textarea id="profile-bio" rows={3} maxLength={500} {...register('bio')} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="profile-language">{t('fields.language')}</Label>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="profile-language" className="w-full"><SelectValue /></SelectTrigger>
                  <SelectContent>
                    {LANGUAGES.map((lang) => <SelectItem key={lang} value={lang}>{t(`common:languages.${lang}`)}</SelectItem>)}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? t('edit.saving') : t('edit.save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
