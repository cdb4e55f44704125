/**
 * Harvest pre-orders with a deposit (docs/product.md, "Pre-orders and the waitlist"; ADR 0048):
 * the one place of the deposit's rules, used by the API's validation, the checkout, the
 * statement import and the web app.
 */
import { model97Reference, model97ReferenceOf } from './ips.ts';
import { belgradeDateOf } from './time.ts';

/** A product asks 0..50 % of a pre-order's total as a deposit (0 = none). */
export const DEPOSIT_PERCENT_MIN = 0;
export const DEPOSIT_PERCENT_MAX = 50;
export const DEPOSIT_PERCENT_DEFAULT = 0;
/** Days a buyer has to pay the deposit before the pre-order is cancelled (the household's setting). */
export const DEPOSIT_DAYS_MIN = 1;
export const DEPOSIT_DAYS_MAX = 14;
export const DEPOSIT_DAYS_DEFAULT = 3;
/** A waitlist entry asks for 1..999 units (a quantity above 0, like an order line). */
export const WAITLIST_QUANTITY_MAX = 999;
/** Hours a returned unit is held for a waiting buyer (WAITLIST_HOLD_HOURS overrides it). */
export const WAITLIST_HOLD_HOURS_DEFAULT = 12;

export const DEPOSIT_STATUSES = ['due', 'paid', 'refund_due', 'refunded'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** The suffix that makes an order's reference the reference of its deposit. */
export const DEPOSIT_REFERENCE_SUFFIX = '-1';

/** The deposit of a total: round(total × percent / 100), to the para (half up). */
export function depositPara(totalPara: number, percent: number): number {
  return Math.round((totalPara * percent) / 100);
}

/** True while the product's harvest is still ahead on `now`'s Belgrade day: an order of it is a pre-order. */
export function isPreorder(availableFrom: string | null, now: Date): boolean {
  return availableFrom !== null && availableFrom > belgradeDateOf(now);
}

/**
 * The percent an order asks as its deposit: the largest of its pre-ordered lines' products
 * (a farm that asks 30 % of its raspberries asks it of the whole basket), 0 = no deposit.
 */
export function depositPercentOf(lines: ReadonlyArray<{ preorder: boolean; depositPercent: number }>): number {
  return lines.reduce((max, l) => (l.preorder ? Math.max(max, l.depositPercent) : max), 0);
}

/** When an unpaid deposit expires: `days` × 24 hours after the order was placed. */
export function depositDueAt(placedAt: Date, days: number): Date {
  return new Date(placedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/** The deposit's reference as people write it: the order number and `-1`. */
export function depositReference(orderNumber: number): string {
  return `${orderNumber}${DEPOSIT_REFERENCE_SUFFIX}`;
}

/**
 * The deposit's model 97 reference as the QR's RO carries it: "97", the check digits over the
 * reference's digits (the dash is not a digit), then the reference with its dash:
 * `97` + check + `100001-1`.
 */
export function depositModel97Reference(orderNumber: number): string {
  return model97Reference(depositReference(orderNumber));
}

/**
 * What a statement row's reference names: an order's payment or its deposit, or null. A deposit
 * is told by its `-1` ending (`97 xx 100001-1`); without the dash the digits are an order number.
 */
export function paymentReferenceOf(text: string): { number: number; deposit: boolean } | null {
  const m = /^(.*\d)\s*-\s*1\s*$/.exec(text.trim());
  if (m) {
    const digits = model97ReferenceOf(`${m[1]}1`);
    if (digits && digits.length >= 2) {
      const n = numberOf(digits.slice(0, -1));
      if (n !== null) return { number: n, deposit: true };
    }
  }
  const digits = model97ReferenceOf(text);
  const n = digits === null ? null : numberOf(digits);
  return n === null ? null : { number: n, deposit: false };
}

function numberOf(digits: string): number | null {
  if (digits.length === 0 || digits.length > 15) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * What the buyer still pays for an order with a deposit: the total less a paid deposit (the
 * remainder, due at handover or by IPS once final).
 */
export function remainderPara(totalPara: number, deposit: { para: number; status: DepositStatus } | null): number {
  return deposit && deposit.status === 'paid' ? Math.max(0, totalPara - deposit.para) : totalPara;
}
