import type { ChoiceIssue, FulfilmentChoice } from '#shared/checkout-plan.ts';
import { defaultPaymentMethod, planHouseholdOf } from '#shared/checkout-plan.ts';
import { dropTakesOrders } from '#shared/checkout-plan.ts';
import type { Drop } from '#shared/contracts/drops.ts';
import type { Household, Slots } from '#shared/contracts/households.ts';
import type { HouseholdCheckoutBody, PaymentMethod } from '#shared/contracts/orders.ts';

/** One household's part of the checkout form, as its fields hold it ('' = not chosen yet). */
export interface Choice {
  deliveryType: 'pickup' | 'delivery' | 'drop';
  pickupPointId: string;
  /** deliveryType "drop": the chosen drop ('' = none yet). */
  dropId: string;
  /** The chosen pickup window: "date|opens|closes". */
  slot: string;
  date: string;
  time: string;
  deliveryArea: string;
  deliveryAddress: string;
  paymentMethod: PaymentMethod;
}

export type ChoiceErrors = Partial<Record<keyof Choice, string>>;

const slotValue = (s: { date: string; opens: string; closes: string }) => `${s.date}|${s.opens}|${s.closes}`;

/** The first window of a point, as the "When" select's value; '' when it has none. */
export function firstSlotOf(slots: Slots | undefined, pointId: string): string {
  const first = slots?.pickup.find((s) => s.pickupPointId === pointId);
  return first ? slotValue(first) : '';
}

/** Whether the buyer can still choose the drop: open, and before its cutoff by this clock. */
export const dropIsOpen = (d: Pick<Drop, 'status' | 'orderBy'>, now: Date): boolean => d.status === 'open' && dropTakesOrders(d, now);

/**
 * At the first drop of the household that still takes orders, when the basket came from one
 * (the buyer ordered from the drop's page); else pickup at the first point in its first window
 * (or by hand); paid the household's default way.
 */
export function defaultChoice(household: Household | undefined, slots: Slots | undefined, drops: readonly Drop[] = [], now = new Date()): Choice {
  const point = household?.pickupPoints[0];
  const drop = drops.find((d) => dropIsOpen(d, now));
  return {
    deliveryType: drop ? 'drop' : 'pickup',
    dropId: drop?.id ?? '',
    pickupPointId: point?.id ?? '',
    slot: point ? firstSlotOf(slots, point.id) : '',
    date: '',
    time: '',
    deliveryArea: '',
    deliveryAddress: '',
    paymentMethod: household ? defaultPaymentMethod(planHouseholdOf(household)) : 'cash',
  };
}

/** The opening and closing time of the chosen window ('' when none is chosen). */
export function windowOf(choice: Choice): { date: string; opens: string; closes: string } {
  const [date = '', opens = '', closes = ''] = choice.slot.split('|');
  return { date, opens, closes };
}

/** The form's fields as the household's entry of POST /api/orders (what the checkout plan checks). */
export function entryOf(householdId: string, household: Household, c: Choice, drops: readonly Pick<Drop, 'id' | 'date'>[] = []): FulfilmentChoice & HouseholdCheckoutBody {
  if (c.deliveryType === 'drop') {
    // The drop's own day is the order's ('' until a drop is chosen: the plan asks for one).
    return { householdId, deliveryType: 'drop', dropId: c.dropId || undefined, date: drops.find((d) => d.id === c.dropId)?.date ?? '', paymentMethod: c.paymentMethod };
  }
  if (c.deliveryType === 'delivery') {
    return { householdId, deliveryType: 'delivery', date: c.date, deliveryArea: c.deliveryArea || undefined, deliveryAddress: c.deliveryAddress.trim(), paymentMethod: c.paymentMethod };
  }
  if (household.pickupPoints.length > 0) {
    return {
      householdId, deliveryType: 'pickup', pickupPointId: c.pickupPointId || undefined, date: windowOf(c).date,
      ...(c.time ? { time: c.time } : {}), paymentMethod: c.paymentMethod,
    };
  }
  return { householdId, deliveryType: 'pickup', date: c.date, ...(c.time ? { time: c.time } : {}), paymentMethod: c.paymentMethod };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The form field an issue marks: a pickup point's day is its "When" select. */
function fieldOf(issue: ChoiceIssue, household: Household, c: Choice): keyof Choice {
  if (issue.field === 'date' && c.deliveryType === 'pickup' && household.pickupPoints.length > 0) return 'slot';
  return issue.field;
}

/** The text the form shows for an issue of the checkout plan. */
function textOf(issue: ChoiceIssue, household: Household, c: Choice, t: Translate): string {
  const withPoints = c.deliveryType === 'pickup' && household.pickupPoints.length > 0;
  switch (issue.reason) {
    case 'date_missing': return c.deliveryType === 'delivery' ? t('logistics:chooseDate') : withPoints ? t('logistics:chooseSlot') : t('validation.dateTime');
    case 'date_past': return t('validation.datePast');
    case 'time_missing': return t('validation.dateTime');
    case 'time_passed': return t('logistics:timePassed');
    case 'closed': return issue.field === 'time' && windowOf(c).opens ? t('logistics:timeOutside', windowOf(c)) : t('logistics:errors.order.slot_unavailable');
    case 'point_missing':
    case 'not_a_point': return t('logistics:choosePoint');
    case 'area': return t('logistics:chooseTown');
    case 'address_missing': return t('validation.address');
    case 'no_delivery':
    case 'delivery_day': return t('logistics:errors.order.delivery_unavailable');
    case 'payment': return t('logistics:errors.order.payment_unavailable');
    // No drop chosen: the form picks an open one, so none of them takes orders any more.
    case 'drop_missing': return t('drops:checkout.none');
    case 'not_a_member': return t('errors:order.drop_unavailable');
    case 'drop_cancelled': return t('errors:order.drop_cancelled');
    case 'drop_closed': return t('errors:order.drop_closed');
    case 'drop_date': return t('errors:order.drop_closed');
  }
}

/** The plan's issues as the form's field errors: the first one of each field. */
export function choiceErrorsOf(issues: readonly ChoiceIssue[], household: Household, c: Choice, t: Translate): ChoiceErrors {
  const out: ChoiceErrors = {};
  for (const issue of issues) out[fieldOf(issue, household, c)] ??= textOf(issue, household, c, t);
  return out;
}
