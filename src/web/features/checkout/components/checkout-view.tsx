import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShoppingBasket, WifiOff } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { belgradeToday } from '#shared/time.ts';
import type { Drop } from '#shared/contracts/drops.ts';
import type { CreateOrderBody, Order } from '#shared/contracts/orders.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router.tsx';
import { contactPhoneQueryOptions } from '#web/lib/queries.ts';
import { randomUuid } from '#web/lib/random-uuid.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useOnlineStatus } from '#web/lib/use-online-status.ts';
import { useFocusRefused } from '#web/lib/form.ts';
import { isTransient, usePlaceOrder } from '../api/place-order.ts';
import { useCheckoutPlan, type CheckoutLine } from '../hooks/use-checkout-plan.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { checkoutMessageText, ContactFields, contactForm, type ContactInput, type ContactOutput } from './contact-fields.tsx';
import { HouseholdPart } from './household-part.tsx';

export type { CheckoutLine };

export interface CheckoutViewProps {
  items: readonly CheckoutLine[];
  /** Prefilled contact phone (the user's). */
  defaultPhone?: string | null;
  /** Called after the orders were placed (the route clears the basket and goes to /orders). */
  onPlaced: (orders: Order[]) => void;
  /**
   * Shown above each delivery address (the saved addresses, another feature): `fill` puts an
   * address into the field; with onlyIfEmpty it leaves text the user already has.
   */
  addressPicker?: (fill: (address: string, options?: { onlyIfEmpty?: boolean }) => void) => ReactNode;
  /** The drops the basket was filled from (another feature): their households may choose "Drop". */
  drops?: readonly Drop[];
}

/** docs/product.md, Checkout: summary by household, delivery details, one atomic order. */
export function CheckoutView({ items, defaultPhone, onPlaced, addressPicker, drops }: CheckoutViewProps) {
  const { t } = useTranslation(['checkout', 'errors', 'common']);
  const format = useFormat();
  const isOnline = useOnlineStatus();
  const placeOrder = usePlaceOrder();
  const plan = useCheckoutPlan(items, drops);
  /** One key per attempt: kept across retries and double clicks until success or a body change. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  /** Set at once on submit: a double click lands before React re-renders the disabled form. */
  const inFlight = useRef(false);
  /** A refused submit focuses the first refused field, a household's choice or the contact phone (src/web/lib/form.ts). */
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();

  const form = useForm<ContactInput, unknown, ContactOutput>({ resolver: zodResolver(contactForm), defaultValues: { contactPhone: defaultPhone ?? '', notes: '' } });
  const { getFieldState, setValue } = form;
  // The session may not carry the phone: read it from the profile, unless the user typed one.
  const profilePhone = useQuery({ ...contactPhoneQueryOptions(), enabled: !defaultPhone && items.length > 0 }).data;
  useEffect(() => {
    if (profilePhone && !getFieldState('contactPhone').isDirty) setValue('contactPhone', profilePhone);
  }, [profilePhone, getFieldState, setValue]);

  if (items.length === 0) return <EmptyState icon={ShoppingBasket} title={t('emptyTitle')} text={t('emptyText')} browse={t('browse')} />;

  const productName = (productId: string | undefined, fallback?: string) => items.find((line) => line.product.id === productId)?.product.name ?? fallback ?? '';
  const householdName = (id: string | undefined) => plan.groups.find((g) => g.householdId === id)?.householdName ?? '';

  const onSubmit = (values: ContactOutput) => {
    if (inFlight.current) return;
    const problem = plan.check();
    if (problem) {
      toast.error(t('errors:title'), { description: problem });
      refuse();
      return;
    }
    inFlight.current = true;
    const body: CreateOrderBody = {
      items: items.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      households: plan.entries(),
      contactPhone: values.contactPhone,
      notes: values.notes ? values.notes : null,
    };
    const bodyJson = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== bodyJson) attempt.current = { key: randomUuid(), body: bodyJson };
    placeOrder.mutate({ body, idempotencyKey: attempt.current.key }, {
      onSettled: () => { inFlight.current = false; },
      onSuccess: ({ orders }) => {
        attempt.current = null;
        toast.success(t('success', { count: orders.length }));
        onPlaced(orders);
      },
      onError: (error) => {
        // A definite refusal is final for this key; a lost or unfinished request keeps it.
        if (!isTransient(error)) attempt.current = null;
        toast.error(t('errors:title'), { description: failureMessage(error, { t, format, productName, householdName }) });
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<ContactInput>) => {
    const fieldProblem = checkoutMessageText(t, invalid.contactPhone?.message ?? invalid.notes?.message);
    toast.error(t('errors:title'), { description: plan.check() ?? fieldProblem ?? t('errors:validation_failed') });
    refuse();
  };

  const isBusy = placeOrder.isPending;
  const today = belgradeToday();
  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" className="w-fit px-2">
        <Link to="/basket"><ArrowLeft aria-hidden="true" /> {t('back')}</Link>
      </Button>

      {!isOnline && (
        <div role="alert" className="flex items-center gap-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" /> {t('offline')}
        </div>
      )}

      <form ref={formRef} noValidate onSubmit={(e) => void form.handleSubmit(onSubmit, onInvalid)(e)} aria-busy={isBusy}>
        <fieldset disabled={isBusy} className="flex flex-col gap-4">
          {plan.groups.map((group) => (
            <HouseholdPart key={group.householdId} group={group} today={today} addressPicker={addressPicker}
              onChange={(next) => plan.setChoice(group.householdId, next)} />
          ))}

          <p className="flex justify-between text-lg font-semibold">
            <span>{t('total')}</span><span className="tabular-nums" data-testid="checkout-total">{format.amount(plan.totalRsd, plan.hasEstimate)}</span>
          </p>

          <ContactFields form={form} />

          <Button type="submit" size="lg" disabled={isBusy || !isOnline || plan.isLoading} aria-describedby={isOnline ? undefined : 'checkout-offline'} className="w-full">
            {isBusy ? t('placing') : t('placeOrder', { total: format.amount(plan.totalRsd, plan.hasEstimate) })}
          </Button>
          {!isOnline && <p id="checkout-offline" className="-mt-2 text-center text-sm text-destructive">{t('offline')}</p>}
        </fieldset>
      </form>
    </div>
  );
}
