/**
 * Serbian payment details for the NBS IPS QR code.
 *
 * Account numbers: 18 digits = bank (3) + account (13) + control (2). People write them as
 * `bank-account-control` with the middle part shortened (leading zeros left out), e.g.
 * `840-955845-10` = `840000000095584510`. The control is the ISO 7064 MOD 97-10 check:
 * 98 - (first 16 digits × 100 mod 97), two digits.
 *
 * The QR text follows the National Bank of Serbia's IPS QR rules: tag:value pairs joined by
 * `|`, nothing before the first or after the last, no tag with an empty value, UTF-8; K:PR,
 * V:01, C:1 first, then R (18-digit account), N (payee, at most 70 characters), I (currency
 * and amount, "RSD" then the amount with a decimal comma and no thousands separator), SF
 * (3-digit payment code; 221 = goods and services, final consumption), S (purpose, at most 35)
 * and RO (model and reference: "97", its two check digits, then the reference). The model 97
 * check digits are the same MOD 97-10 rule over the reference digits: 98 - (reference × 100
 * mod 97), zero-padded to two digits.
 */

function mod97(digits: string): number {
  // Chunked so any length works without BigInt.
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** The ISO 7064 MOD 97-10 check digits of a digit string: 98 - (digits × 100 mod 97), two digits. */
export function mod97CheckDigits(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('digits only');
  return String(98 - mod97(`${digits}00`)).padStart(2, '0');
}

/**
 * The 18-digit form of a Serbian account written as 18 digits or as `bank-account-control`
 * (dashes or spaces), or null when it is malformed or its control digits are wrong.
 */
export function normalizeAccount(input: string): string | null {
  const value = input.trim();
  let digits: string;
  const compact = value.replace(/\s+/g, '');
  if (/^\d{18}$/.test(compact)) digits = compact;
  else {
    const m = /^(\d{3})[\s-]+(\d{1,13})[\s-]+(\d{2})$/.exec(value);
    if (!m) return null;
    digits = `${m[1]}${m[2]!.padStart(13, '0')}${m[3]}`;
  }
  return mod97CheckDigits(digits.slice(0, 16)) === digits.slice(16) ? digits : null;
}

/** `840000000095584510` -> `840-0000000955845-10`, for people to read. */
export function formatAccount(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 16)}-${digits.slice(16)}`;
}

/**
 * A model 97 reference for the QR's RO tag: "97" + check digits + the reference. The reference
 * is digits, dashes allowed between them (a deposit's `100001-1`: src/shared/deposit.ts); the
 * check digits are computed over its digits only.
 */
export function model97Reference(reference: string): string {
  if (!/^\d+(-\d+)*$/.test(reference)) throw new Error('digits only (dashes between them allowed)');
  return `97${mod97CheckDigits(reference.replace(/-/g, ''))}${reference}`;
}

/** Integer para as the I tag's amount: decimal comma, two decimals, no thousands separator. */
export function ipsAmount(para: number): string {
  const whole = Math.floor(para / 100);
  return `${whole},${String(para % 100).padStart(2, '0')}`;
}

export const IPS_PAYEE_MAX = 70;
export const IPS_PURPOSE_MAX = 35;
export const IPS_DEFAULT_PAYMENT_CODE = '221';

/** Text fit for a tag value: no `|`, one line, trimmed, at most `max` characters. */
function tagText(value: string, max: number): string {
  return [...value.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim()].slice(0, max).join('').trim();
}

export interface IpsPayment {
  /** 18 digits */
  account: string;
  payeeName: string;
  amountPara: number;
  purpose: string;
  /** Digits (dashes between them allowed), e.g. the order number. */
  reference: string;
  paymentCode?: string;
}

/** The NBS IPS QR text of a payment order to the payee. */
export function ipsPayload(p: IpsPayment): string {
  if (!/^\d{18}$/.test(p.account)) throw new Error('account must be 18 digits');
  if (!Number.isInteger(p.amountPara) || p.amountPara < 0) throw new Error('amount must be whole para');
  const code = p.paymentCode ?? IPS_DEFAULT_PAYMENT_CODE;
  if (!/^\d{3}$/.test(code)) throw new Error('payment code must be 3 digits');
  const fields: [string, string][] = [
    ['K', 'PR'], ['V', '01'], ['C', '1'], ['R', p.account],
    ['N', tagText(p.payeeName, IPS_PAYEE_MAX)],
    ['I', `RSD${ipsAmount(p.amountPara)}`],
    ['SF', code],
    ['S', tagText(p.purpose, IPS_PURPOSE_MAX)],
    ['RO', model97Reference(p.reference)],
  ];
  // An empty optional value leaves its tag out; N is required, so a nameless payee cannot happen here.
  return fields.filter(([, v]) => v !== '').map(([k, v]) => `${k}:${v}`).join('|');
}

/**
 * The reference a model 97 payment carried, as bank statements print it: `97 12 100001`,
 * `97-12-100001`, `9712100001`, `(97) 12-100001`, `HR97 12100001`, or without the model,
 * `12 100001` / `12100001` (when a statement has a column of its own for the model). Spaces,
 * dashes, slashes, dots and brackets are ignored. Returns the reference (digits after the
 * check digits) when the check digits are right, else null. With the model prefix is tried
 * first, then without it.
 */
export function model97ReferenceOf(text: string): string | null {
  const compact = text.trim().replace(/^(HR|RS)?\s*/i, '').replace(/^model\s*/i, '').replace(/[\s\-/.()]/g, '');
  if (!/^\d{3,}$/.test(compact)) return null;
  const valid = (digits: string) => (digits.length >= 3 && mod97CheckDigits(digits.slice(2)) === digits.slice(0, 2) ? digits.slice(2) : null);
  return (compact.startsWith('97') ? valid(compact.slice(2)) : null) ?? valid(compact);
}
