import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { CHECKOUT_MESSAGES, checkoutDetails } from '#shared/contracts/orders.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useTranslation } from '#web/lib/translate.tsx';

/** What the form holds beside each household's choice. */
export const contactForm = z.object({ contactPhone: checkoutDetails.shape.contactPhone, notes: checkoutDetails.shape.notes });
export type ContactInput = z.input<typeof contactForm>;
export type ContactOutput = z.output<typeof contactForm>;

const MESSAGE_KEYS = Object.fromEntries(Object.entries(CHECKOUT_MESSAGES).map(([key, message]) => [message, key]));

/** A checkout validation text of the shared schema in the page's language (as is when it is not one of them). */
export function checkoutMessageText(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  return key ? t(`validation.${key}`) : message;
}

/** The contact phone and the notes, with their errors. */
export function ContactFields({ form }: { form: UseFormReturn<ContactInput, unknown, ContactOutput> }) {
  const { t } = useTranslation('checkout');
  const { register, formState: { errors } } = form;
  const phoneError = checkoutMessageText(t, errors.contactPhone?.message);
  const notesError = checkoutMessageText(t, errors.notes?.message);
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="checkout-phone">{t('phone')}</Label>
        <Input id="checkout-phone" type="tel" autoComplete="tel" inputMode="tel" placeholder={t('phonePlaceholder')} aria-invalid={!!phoneError}
          aria-describedby={phoneError ? 'checkout-phone-error' : undefined} {...register('contactPhone')} />
        {phoneError && <p id="checkout-phone-error" role="alert" className="text-sm text-destructive">{phoneError}</p>}
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor="checkout-notes">{t('notes')}</Label>
        <Textarea id="checkout-notes" rows={3} placeholder={t('notesPlaceholder')} aria-invalid={!!notesError}
          aria-describedby={notesError ? 'checkout-notes-error' : undefined} {...register('notes')} />
        {notesError && <p id="checkout-notes-error" role="alert" className="text-sm text-destructive">{notesError}</p>}
      </div>
    </>
  );
}
