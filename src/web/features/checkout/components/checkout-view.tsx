import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShoppingBasket, WifiOff } from 'lucide-react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { z } from 'zod';
import { belgradeNow, belgradeToday, isClockTime, minutesOf as clockMinutes } from '#shared/time.ts';
import type { Unit } from '#shared/constants.ts';
import type { Household } from '#shared/contracts/households.ts';
import { CHECKOUT_MESSAGES, checkoutDetails, type CreateOrderBody, type HouseholdCheckoutBody, type Order } from '#shared/contracts/orders.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { lineTotalPara } from '#shared/quantity.ts';
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
import { useHouseholdsLogistics } from '../api/household-logistics.ts';
import { defaultChoice, HouseholdChoice, type Choice, type ChoiceErrors } from './household-choice.tsx';
import { isTransient, usePlaceOrder } from '../api/place-order.ts';
import { newIdempotencyKey } from '../lib/checkout-helpers.ts';

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
  /**
   * Shown above each delivery address (the saved addresses, another feature): `fill` puts an
   * address into the field; with onlyIfEmpty it leaves text the user already has.
   */
  addressPicker?: (fill: (address: string, options?: { onlyIfEmpty?: boolean }) => void) => ReactNode;
}

/** What the form holds beside each household's choice. */
const contactForm = z.object({ contactPhone: checkoutDetails.shape.contactPhone, notes: checkoutDetails.shape.notes });
type FormInput = z.input<typeof contactForm>;
type FormOutput = z.output<typeof contactForm>;

/** Minutes of an `HH:MM` time; NaN (no comparison holds) for anything else a time field may hold. */
const minutesOf = (time: string) => (isClockTime(time) ? clockMinutes(time) : Number.NaN);

const MESSAGE_KEYS = Object.fromEntries(Object.entries(CHECKOUT_MESSAGES).map(([key, message]) => [message, key]));

/** The delivery fee of one household's part: none for pickup, none from `freeFrom` on. */
export function deliveryFeePara(household: Household | undefined, choice: Choice | undefined, subtotalPara: number): number {
  if (!household || choice?.deliveryType !== 'delivery' || !household.delivery.enabled) return 0;
  const { fee, freeFrom } = household.delivery;
  return freeFrom !== null && subtotalPara >= rsdToPara(freeFrom) ? 0 : rsdToPara(fee);
}

/** docs/product.md, Checkout: summary by household, delivery details, one atomic order. */
export function CheckoutView({ items, defaultPhone, onPlaced, addressPicker }: CheckoutViewProps) {
  const { t } = useTranslation(['checkout', 'errors', 'common']);
  const format = useFormat();
  const isOnline = useOnlineStatus();
  const placeOrder = usePlaceOrder();
  /** One key per attempt: kept across retries and double clicks until success or a body change. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  /** Set at once on submit: a double click lands before React re-renders the disabled form. */
  const inFlight = useRef(false);
  const today = belgradeToday();

  const { register, handleSubmit, getFieldState, setValue, formState: { errors } } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactForm),
    defaultValues: { contactPhone: defaultPhone ?? '', notes: '' },
  });

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
      group.subtotalPara += lineTotalPara(rsdToPara(line.product.price), line.quantity);
      byHousehold.set(line.product.householdId, group);
    }
    return [...byHousehold.entries()];
  }, [items]);

  const logistics = useHouseholdsLogistics(groups.map(([id]) => id));
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [choiceErrors, setChoiceErrors] = useState<Record<string, ChoiceErrors>>({});
  const choiceOf = (id: string) => choices[id] ?? defaultChoice(logistics[id]?.household, logistics[id]?.slots);
  const feeOf = (id: string, subtotalPara: number) => deliveryFeePara(logistics[id]?.household, choiceOf(id), subtotalPara);
  const totalRsd = paraToRsd(groups.reduce((sum, [id, g]) => sum + g.subtotalPara + feeOf(id, g.subtotalPara), 0));
  const loadingLogistics = groups.some(([id]) => !logistics[id]?.household || !logistics[id]?.slots);

  function validateChoice(household: Household, c: Choice): ChoiceErrors {
    const out: ChoiceErrors = {};
    const now = belgradeNow(new Date());
    const dateTime = t('validation.dateTime');
    if (c.deliveryType === 'delivery') {
      if (!c.deliveryArea) out.deliveryArea = t('logistics:chooseTown');
      if (!c.date) out.date = t('logistics:chooseDate');
      if (!c.deliveryAddress.trim()) out.deliveryAddress = t('validation.address');
      return out;
    }
    if (household.pickupPoints.length > 0) {
      if (!c.pickupPointId) out.pickupPointId = t('logistics:choosePoint');
      if (!c.slot) { out.slot = t('logistics:chooseSlot'); return out; }
      const [date, opens, closes] = c.slot.split('|') as [string, string, string];
      if (c.time) {
        if (minutesOf(c.time) < minutesOf(opens) || minutesOf(c.time) > minutesOf(closes)) out.time = t('logistics:timeOutside', { opens, closes });
        else if (date === now.date && minutesOf(c.time) < minutesOf(now.time)) out.time = t('logistics:timePassed');
      }
      return out;
    }
    if (!c.date) out.date = dateTime;
    else if (c.date < now.date) out.date = t('validation.datePast');
    if (!c.time) out.time = dateTime;
    else if (c.date === now.date && minutesOf(c.time) < minutesOf(now.time)) out.time = t('logistics:timePassed');
    return out;
  }

  function householdEntry(householdId: string, household: Household, c: Choice): HouseholdCheckoutBody {
    if (c.deliveryType === 'delivery') {
      return { householdId, deliveryType: 'delivery', date: c.date, deliveryArea: c.deliveryArea, deliveryAddress: c.deliveryAddress.trim(), paymentMethod: c.paymentMethod };
    }
    if (household.pickupPoints.length > 0) {
      const [date] = c.slot.split('|') as [string];
      return { householdId, deliveryType: 'pickup', pickupPointId: c.pickupPointId, date, ...(c.time ? { time: c.time } : {}), paymentMethod: c.paymentMethod };
    }
    return { householdId, deliveryType: 'pickup', date: c.date, time: c.time, paymentMethod: c.paymentMethod };
  }

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
    const { details } = error;
    if (error.code === 'order.out_of_stock' && details[0]) {
      return details.map((d) => t('outOfStock', { name: nameOf(d.productId, d.name), available: d.available ?? 0 })).join(' ');
    }
    if (error.code === 'order.product_unavailable' && details.length > 0) {
      return t('unavailable', { names: details.map((d) => nameOf(d.productId, d.name)).join(', ') });
    }
    const householdName = (id: string | undefined) => groups.find(([hid]) => hid === id)?.[1].householdName ?? '';
    if (error.code === 'order.below_minimum' && details[0]) {
      return details.map((d) => t('logistics:errors.order.below_minimum', {
        name: householdName(d.householdId), minimum: format.total(d.minimum ?? 0), subtotal: format.total(d.subtotal ?? 0),
      })).join(' ');
    }
    if (error.code === 'order.not_yet_available' && details[0]) {
      return details.map((d) => t('logistics:errors.order.not_yet_available', { name: nameOf(d.productId, d.name), date: format.date(d.availableFrom ?? '') })).join(' ');
    }
    if (error.code === 'validation_failed' && details.some((d) => d.quantityStep !== undefined)) {
      return details.filter((d) => d.quantityStep !== undefined)
        .map((d) => t('logistics:errors.step', { name: nameOf(d.productId, d.name), step: format.quantityValue(d.quantityStep!) })).join(' ');
    }
    if (['order.slot_unavailable', 'order.delivery_unavailable', 'order.payment_unavailable'].includes(error.code)) {
      return t(`logistics:errors.${error.code}`);
    }
    if (error.code === 'network') return t('offline');
    return error.message || t('orderFailed');
  }

  /** Each household's choice checked; the first problem, or null when all are fine. */
  function checkChoices(): string | null {
    const next: Record<string, ChoiceErrors> = {};
    let first: string | null = null;
    for (const [id, group] of groups) {
      const household = logistics[id]?.household;
      if (!household) return t('logistics:loading');
      const found = validateChoice(household, choiceOf(id));
      if (Object.keys(found).length > 0) next[id] = found;
      first ??= Object.values(found)[0] ?? null;
      if (!first && group.subtotalPara < rsdToPara(household.minimumOrder)) {
        first = t('logistics:belowMinimum', { missing: format.total(paraToRsd(rsdToPara(household.minimumOrder) - group.subtotalPara)), minimum: format.total(household.minimumOrder) });
      }
    }
    setChoiceErrors(next);
    return first;
  }

  const onSubmit = (values: FormOutput) => {
    if (inFlight.current) return;
    const problem = checkChoices();
    if (problem) {
      toast.error(t('errors:title'), { description: problem });
      return;
    }
    inFlight.current = true;
    const body: CreateOrderBody = {
      items: items.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      households: groups.map(([id]) => householdEntry(id, logistics[id]!.household!, choiceOf(id))),
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
    const problem = checkChoices();
    const first = invalid.contactPhone ?? invalid.notes;
    toast.error(t('errors:title'), { description: problem ?? fieldError(first) ?? t('errors:validation_failed') });
  };

  const isBusy = placeOrder.isPending;
  const errorText = {
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

      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} aria-busy={isBusy}>
        <fieldset disabled={isBusy} className="flex flex-col gap-4">
          {groups.map(([householdId, group]) => {
            const { household, slots } = logistics[householdId] ?? {};
            const fee = feeOf(householdId, group.subtotalPara);
            const choice = choiceOf(householdId);
            return (
              <Card key={householdId} role="region" aria-label={group.householdName}>
                <CardHeader><CardTitle className="text-base">{group.householdName}</CardTitle></CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <ul className="flex flex-col gap-1 text-sm">
                    {group.lines.map((line) => (
                      <li key={line.product.id} className="flex justify-between gap-2">
                        <span className="min-w-0 truncate">{line.product.name} × {format.quantityValue(line.quantity)}</span>
                        <span className="tabular-nums">{format.total(paraToRsd(lineTotalPara(rsdToPara(line.product.price), line.quantity)))}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="flex justify-between text-sm font-medium">
                    <span>{t('logistics:subtotal')}</span><span className="tabular-nums">{format.total(paraToRsd(group.subtotalPara))}</span>
                  </p>
                  {household && household.minimumOrder > 0 && (
                    <p className={cn('text-xs', group.subtotalPara < rsdToPara(household.minimumOrder) ? 'text-destructive' : 'text-muted-foreground')}>
                      {t('logistics:minimum', { amount: format.total(household.minimumOrder) })}
                    </p>
                  )}
                  {household && slots ? (
                    <HouseholdChoice id={`checkout-${householdId.slice(0, 8)}`} household={household} slots={slots} choice={choice}
                      errors={choiceErrors[householdId] ?? {}} today={today}
                      onChange={(next) => setChoices((all) => ({ ...all, [householdId]: next }))} addressPicker={addressPicker} />
                  ) : (
                    <p className="text-sm text-muted-foreground">{t('logistics:loading')}</p>
                  )}
                  {choice.deliveryType === 'delivery' && household && (
                    <p className="flex justify-between text-sm">
                      <span>{t('logistics:deliveryFee')}</span>
                      <span className="tabular-nums" data-testid="delivery-fee">{fee === 0 ? t('logistics:free') : format.total(paraToRsd(fee))}</span>
                    </p>
                  )}
                  {choice.deliveryType === 'delivery' && household?.delivery.freeFrom !== null && household?.delivery.freeFrom !== undefined && fee > 0 && (
                    <p className="text-xs text-muted-foreground">{t('logistics:freeFrom', { amount: format.total(household.delivery.freeFrom) })}</p>
                  )}
                </CardContent>
              </Card>
            );
          })}

          <p className="flex justify-between text-lg font-semibold">
            <span>{t('total')}</span><span className="tabular-nums" data-testid="checkout-total">{format.total(totalRsd)}</span>
          </p>

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

          <Button type="submit" size="lg" disabled={isBusy || !isOnline || loadingLogistics} aria-describedby={isOnline ? undefined : 'checkout-offline'} className="w-full">
            {isBusy ? t('placing') : t('placeOrder', { total: format.total(totalRsd) })}
          </Button>
          {!isOnline && <p id="checkout-offline" className="-mt-2 text-center text-sm text-destructive">{t('offline')}</p>}
        </fieldset>
      </form>
    </div>
  );
}
