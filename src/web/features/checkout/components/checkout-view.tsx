import { useEffect, useMemo, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShoppingBasket, WifiOff } from 'lucide-react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Unit } from '#shared/constants.ts';
import { CHECKOUT_MESSAGES, checkoutForm, type CheckoutFormInput, type CreateOrderBody, type Order } from '#shared/contracts/orders.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useOnlineStatus } from '#web/lib/use-online-status.ts';
import { cn } from '#web/lib/utils.ts';
import { useContactPhone } from '../api/get-contact-phone.ts';
import { isTransient, usePlaceOrder } from '../api/place-order.ts';
import { newIdempotencyKey, todayInBelgrade } from '../lib/checkout-helpers.ts';

/** What checkout needs of a basket line (the basket feature's items fit it). */
export interface CheckoutLine {
  product: { id: string; name: string; householdId: string; householdName: string; price: number; unit: Unit | string };
  quantity: number;
}

export interface CheckoutViewProps {
  items: readonly CheckoutLine[];
  /** Prefilled contact phone (the user's). */
  defaultPhone?: string | null;
  /** Called after the orders were placed (the route clears the basket and goes to /orders). */
  onPlaced: (orders: Order[]) => void;
}

type FormOutput = z.output<typeof checkoutForm>;

const MESSAGE_KEYS = Object.fromEntries(Object.entries(CHECKOUT_MESSAGES).map(([key, message]) => [message, key]));

interface ErrorDetail { productId?: string; name?: string; available?: number }

/** Spec section 2, Checkout: summary by household, delivery details, one atomic order. */
export function CheckoutView({ items, defaultPhone, onPlaced }: CheckoutViewProps) {
  const { t } = useTranslation(['checkout', 'errors', 'common']);
  const format = useFormat();
  const isOnline = useOnlineStatus();
  const placeOrder = usePlaceOrder();
  /** One key per attempt: kept across retries and double clicks until success or a body change. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  /** Set at once on submit: a double click lands before React re-renders the disabled form. */
  const inFlight = useRef(false);
  const today = todayInBelgrade();

  const schema = useMemo(
    () => checkoutForm.superRefine((value, ctx) => {
      if (value.pickupDate && value.pickupDate < todayInBelgrade()) {
        ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: CHECKOUT_MESSAGES.datePast });
      }
    }),
    [],
  );

  const { register, handleSubmit, control, getFieldState, setValue, formState: { errors } } = useForm<CheckoutFormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { deliveryType: 'pickup', pickupDate: '', pickupTime: '', deliveryAddress: '', contactPhone: defaultPhone ?? '', notes: '' },
  });
  const deliveryType = useWatch({ control, name: 'deliveryType' });

  // The session may not carry the phone: read it from the profile, unless the user typed one.
  const profilePhone = useContactPhone(!defaultPhone && items.length > 0).data;
  useEffect(() => {
    if (profilePhone && !getFieldState('contactPhone').isDirty) setValue('contactPhone', profilePhone);
  }, [profilePhone, getFieldState, setValue]);

  const groups = useMemo(() => {
    const byHousehold = new Map<string, { householdName: string; lines: CheckoutLine[]; subtotalPara: number }>();
    for (const line of items) {
      const group = byHousehold.get(line.product.householdId) ?? { householdName: line.product.householdName, lines: [], subtotalPara: 0 };
      group.lines.push(line);
      group.subtotalPara += rsdToPara(line.product.price) * line.quantity;
      byHousehold.set(line.product.householdId, group);
    }
    return [...byHousehold.entries()];
  }, [items]);
  const totalRsd = paraToRsd(groups.reduce((sum, [, g]) => sum + g.subtotalPara, 0));

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <ShoppingBasket aria-hidden="true" className="size-12 text-muted-foreground" />
        <p className="text-lg font-medium">{t('emptyTitle')}</p>
        <p className="text-muted-foreground">{t('emptyText')}</p>
        <Button asChild>
          <Link to="/">{t('browse')}</Link>
        </Button>
      </div>
    );
  }

  const fieldError = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = MESSAGE_KEYS[error.message];
    return key ? t(`validation.${key}`) : error.message;
  };

  const nameOf = (productId: string | undefined, fallback?: string) =>
    items.find((line) => line.product.id === productId)?.product.name ?? fallback ?? '';

  function failureMessage(error: unknown): string {
    if (!isApiError(error)) return t('orderFailed');
    const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
    if (error.code === 'order.out_of_stock' && details[0]) {
      return details.map((d) => t('outOfStock', { name: nameOf(d.productId, d.name), available: d.available ?? 0 })).join(' ');
    }
    if (error.code === 'order.product_unavailable' && details.length > 0) {
      return t('unavailable', { names: details.map((d) => nameOf(d.productId, d.name)).join(', ') });
    }
    if (error.code === 'network') return t('offline');
    return error.message || t('orderFailed');
  }

  const onSubmit = (values: FormOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const body: CreateOrderBody = {
      items: items.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      deliveryType: values.deliveryType,
      pickupDate: values.pickupDate,
      pickupTime: values.pickupTime,
      deliveryAddress: values.deliveryType === 'delivery' ? (values.deliveryAddress ?? null) : null,
      contactPhone: values.contactPhone,
      notes: values.notes ? values.notes : null,
    };
    const bodyJson = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== bodyJson) attempt.current = { key: newIdempotencyKey(), body: bodyJson };
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
        toast.error(t('errors:title'), { description: failureMessage(error) });
      },
    });
  };

  const onInvalid = (invalid: typeof errors) => {
    const first = invalid.pickupDate ?? invalid.pickupTime ?? invalid.deliveryAddress ?? invalid.contactPhone ?? invalid.notes;
    toast.error(t('errors:title'), { description: fieldError(first) ?? t('errors:validation_failed') });
  };

  const isBusy = placeOrder.isPending;
  const errorText = {
    pickupDate: fieldError(errors.pickupDate),
    pickupTime: fieldError(errors.pickupTime),
    deliveryAddress: fieldError(errors.deliveryAddress),
    contactPhone: fieldError(errors.contactPhone),
    notes: fieldError(errors.notes),
  };

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

      <Card>
        <CardHeader><CardTitle>{t('summary')}</CardTitle></CardHeader>
        <CardContent className="flex flex-col gap-4">
          {groups.map(([householdId, group]) => (
            <section key={householdId} aria-label={group.householdName} className="flex flex-col gap-1 border-b pb-3 last:border-b-0 last:pb-0">
              <h3 className="font-medium">{group.householdName}</h3>
              <ul className="flex flex-col gap-1 text-sm">
                {group.lines.map((line) => (
                  <li key={line.product.id} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">{line.product.name} × {line.quantity}</span>
                    <span className="tabular-nums">{format.total(paraToRsd(rsdToPara(line.product.price) * line.quantity))}</span>
                  </li>
                ))}
              </ul>
              <p className="flex justify-between text-sm font-medium">
                <span>{t('subtotal')}</span><span className="tabular-nums">{format.total(paraToRsd(group.subtotalPara))}</span>
              </p>
            </section>
          ))}
          <p className="flex justify-between text-lg font-semibold">
            <span>{t('total')}</span><span className="tabular-nums" data-testid="checkout-total">{format.total(totalRsd)}</span>
          </p>
        </CardContent>
      </Card>

      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} aria-busy={isBusy}>
        <fieldset disabled={isBusy} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('deliveryMethod')}</legend>
            <div role="radiogroup" aria-label={t('deliveryMethod')} className="grid grid-cols-2 gap-2">
              {(['pickup', 'delivery'] as const).map((type) => (
                <label key={type}
                  className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring')}>
                  <input type="radio" value={type} {...register('deliveryType')} className="accent-primary" />
                  {t(type)}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="checkout-date">{t('date')}</Label>
              <Input id="checkout-date" type="date" min={today} aria-invalid={!!errorText.pickupDate}
                aria-describedby={errorText.pickupDate ? 'checkout-date-error' : undefined} {...register('pickupDate')} />
              {errorText.pickupDate && <p id="checkout-date-error" role="alert" className="text-sm text-destructive">{errorText.pickupDate}</p>}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="checkout-time">{t('time')}</Label>
              <Input id="checkout-time" type="time" aria-invalid={!!errorText.pickupTime}
                aria-describedby={errorText.pickupTime ? 'checkout-time-error' : undefined} {...register('pickupTime')} />
              {errorText.pickupTime && <p id="checkout-time-error" role="alert" className="text-sm text-destructive">{errorText.pickupTime}</p>}
            </div>
          </div>

          {deliveryType === 'delivery' && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="checkout-address">{t('address')}</Label>
              <Input id="checkout-address" autoComplete="street-address" placeholder={t('addressPlaceholder')} aria-invalid={!!errorText.deliveryAddress}
                aria-describedby={errorText.deliveryAddress ? 'checkout-address-error' : undefined} {...register('deliveryAddress')} />
              {errorText.deliveryAddress && <p id="checkout-address-error" role="alert" className="text-sm text-destructive">{errorText.deliveryAddress}</p>}
            </div>
          )}

          <div className="flex flex-col gap-1.5">
            <Label htmlFor="checkout-phone">{t('phone')}</Label>
            <Input id="checkout-phone" type="tel" autoComplete="tel" inputMode="tel" placeholder={t('phonePlaceholder')} aria-invalid={!!errorText.contactPhone}
              aria-describedby={errorText.contactPhone ? 'checkout-phone-error' : undefined} {...register('contactPhone')} />
            {errorText.contactPhone && <p id="checkout-phone-error" role="alert" className="text-sm text-destructive">{errorText.contactPhone}</p>}
          </div>

          <div className="flex flex-col gap-1.5">
            <Label htmlFor="checkout-notes">{t('notes')}</Label>
            <Textarea id="checkout-notes" rows={3} placeholder={t('notesPlaceholder')} aria-invalid={!!errorText.notes} {...register('notes')} />
            {errorText.notes && <p role="alert" className="text-sm text-destructive">{errorText.notes}</p>}
          </div>

          <Button type="submit" size="lg" disabled={isBusy || !isOnline} aria-describedby={isOnline ? undefined : 'checkout-offline'} className="w-full">
            {isBusy ? t('placing') : t('placeOrder', { total: format.total(totalRsd) })}
          </Button>
          {!isOnline && <p id="checkout-offline" className="-mt-2 text-center text-sm text-destructive">{t('offline')}</p>}
        </fieldset>
      </form>
    </div>
  );
}
