import { toSerbianLatin } from './serbian-latin.ts';
import { addDays, belgradeDateOf, belgradeInstant, belgradeParts, minutesOf } from './time.ts';

/**
 * The rules of SMS to producers (docs/notifications.md, "SMS"), in one place for the server,
 * the web app and the tests: phone numbers, the text of a message and its parts, the replies
 * a producer may send, and the quiet hours.
 */

/** What a producer may be told by SMS. */
export const SMS_EVENTS = ['order', 'message', 'drop_cutoff', 'standing_demand'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];
export const SMS_SCRIPTS = ['latn', 'cyrl'] as const;
export type SmsScript = (typeof SMS_SCRIPTS)[number];

export const SMS_DEFAULTS = { events: ['order', 'message'] as SmsEvent[], quietFrom: '21:00', quietTo: '07:00', script: 'latn' as SmsScript };

/** A confirmation code: 6 digits, 5 tries, 10 minutes; a new one at most every minute, 5 an hour. */
export const SMS_CODE = { digits: 6, tries: 5, ttlMs: 10 * 60_000, resendAfterMs: 60_000, perHour: 5 } as const;

/** At most this many parts per message (parts cost money). */
export const SMS_MAX_PARTS = 2;

/**
 * A phone number in E.164 (`+38164…`), or null when it is not one. Serbian numbers written the
 * national way (`064 123 4567`, `011/123-456`) get +381; `00…` becomes `+…`. Spaces, dashes,
 * dots, slashes and brackets are ignored.
 */
export function normalisePhone(input: string): string | null {
  const raw = input.trim().replace(/[\s\-./()]/g, '');
  let e164: string;
  if (/^\+\d+$/.test(raw)) e164 = raw;
  else if (/^00\d+$/.test(raw)) e164 = `+${raw.slice(2)}`;
  else if (/^381\d+$/.test(raw)) e164 = `+${raw}`;
  else if (/^0[1-9]\d+$/.test(raw)) e164 = `+381${raw.slice(1)}`;
  else return null;
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) return null;
  // Serbia: 8 or 9 digits after +381 (mobile 6x, landlines by area code).
  if (e164.startsWith('+381') && !/^\+381[1-9]\d{7,8}$/.test(e164)) return null;
  return e164;
}

/** The GSM 03.38 default alphabet (one septet each) and its extension table (two septets each). */
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const GSM_CHARS = new Set([...GSM_BASIC, ...GSM_EXTENDED]);

/**
 * The letters of Russian that Serbian Cyrillic does not have, in Latin the way a Serbian reader
 * says them (я → ja, like Serbian ја); the letters both share go as Serbian writes them.
 */
const RUSSIAN_ONLY: Record<string, string> = { й: 'j', ы: 'y', э: 'e', ю: 'ju', я: 'ja', ё: 'e', щ: 'sc', ъ: '', ь: '' };

function russianToLatin(text: string): string {
  return text.replace(/[йыэюяёщъьЙЫЭЮЯЁЩЪЬ]/g, (c) => {
    const latin = RUSSIAN_ONLY[c.toLowerCase()]!;
    return c === c.toLowerCase() ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}

/**
 * Latin without diacritics: Serbian Latin (č ć š ž đ) and any accent stripped, Russian the way a
 * Serbian reader says it (Заказ → Zakaz, Новый → Novyj), the rest of GSM-7 or '?'.
 */
export function toGsmLatin(text: string): string {
  const latin = toSerbianLatin(russianToLatin(text))
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'dj' : 'Dj'))
    .replace(/[“”„«»]/g, '"').replace(/[‘’‚]/g, "'").replace(/[–—]/g, '-').replace(/…/g, '...');
  const plain = latin.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
  return [...plain].map((c) => (GSM_CHARS.has(c) ? c : '?')).join('');
}

/** Septets of a GSM-7 text (extension characters count two). */
export function gsmLength(text: string): number {
  let n = 0;
  for (const c of text) n += GSM_EXTENDED.includes(c) ? 2 : 1;
  return n;
}

/** UCS-2 code units of a text (a character outside the BMP counts two). */
export function ucs2Length(text: string): number {
  return text.length;
}

export type SmsEncoding = 'gsm7' | 'ucs2';
/** One part alone, and each part of a concatenated message (the rest is the UDH). */
export const PART_SIZE = { gsm7: { single: 160, multi: 153 }, ucs2: { single: 70, multi: 67 } } as const;

export function partsOf(length: number, encoding: SmsEncoding): number {
  const size = PART_SIZE[encoding];
  if (length <= size.single) return 1;
  return Math.ceil(length / size.multi);
}

export interface SmsText { text: string; encoding: SmsEncoding; parts: number }

/** Whether every character of `text` is in the GSM-7 alphabet. */
export function isGsm(text: string): boolean {
  for (const c of text) if (!GSM_CHARS.has(c)) return false;
  return true;
}

/**
 * The message as sent: `latn` → GSM-7 Latin without diacritics, `cyrl` → as written (Cyrillic):
 * UCS-2, or GSM-7 when nothing in it needs more (an English text). Cut with "..." to at most
 * `maxParts` parts.
 */
export function buildSms(text: string, script: SmsScript, maxParts = SMS_MAX_PARTS): SmsText {
  // No-break spaces (Russian digit groups: src/shared/format.ts) go as plain spaces.
  const written = text.replace(/[ \t\u00a0\u202f]+/g, ' ').trim();
  const encoding: SmsEncoding = script === 'cyrl' && !isGsm(written) ? 'ucs2' : 'gsm7';
  let body = encoding === 'ucs2' ? written : toGsmLatin(written);
  const length = encoding === 'gsm7' ? gsmLength : ucs2Length;
  const limit = maxParts === 1 ? PART_SIZE[encoding].single : PART_SIZE[encoding].multi * maxParts;
  if (length(body) > limit) {
    const ellipsis = encoding === 'gsm7' ? '...' : '…';
    let chars = [...body];
    while (chars.length > 0 && length(chars.join('') + ellipsis) > limit) chars = chars.slice(0, -1);
    body = chars.join('').trimEnd() + ellipsis;
  }
  return { text: body, encoding, parts: partsOf(length(body), encoding) };
}

export type SmsReply =
  | { kind: 'confirm'; number: number }
  | { kind: 'decline'; number: number; reason: string }
  | { kind: 'stop' }
  | { kind: 'help' };

/**
 * What a producer's reply asks: `DA 100123`, `NE 100123 reason`, `STOP`, and the words the texts
 * of the other languages teach (features/sms/sms.texts.ts): English `YES` / `NO`, Russian `ДА` /
 * `НЕТ` / `СТОП`. Case, diacritics, the script (Cyrillic is read as its Latin: `НЕТ` is `NET`)
 * and `#` are ignored, so any word is read whatever the producer's language; anything else is
 * `help`. The reason is kept as written (the buyer reads it).
 */
export function parseSmsReply(text: string): SmsReply {
  const original = text.replace(/#/g, ' ').replace(/\s+/g, ' ').trim();
  const folded = toGsmLatin(original).toUpperCase();
  if (/^STOP\W*$/.test(folded)) return { kind: 'stop' };
  const match = /^(DA|YES|NET|NE|NO)\W*(\d{1,12})\b/.exec(folded);
  if (!match) return { kind: 'help' };
  const number = Number(match[2]);
  if (match[1] === 'DA' || match[1] === 'YES') return { kind: 'confirm', number };
  // The reason: what follows the number in the original text.
  const after = /^\D*\d+[\s.,:;!-]*(.*)$/su.exec(original);
  return { kind: 'decline', number, reason: (after?.[1] ?? '').trim().slice(0, 300) };
}

/** Whether `at` falls in the quiet hours `from`..`to` (HH:MM, Belgrade; across midnight when from > to). */
export function isQuiet(at: Date, from: string, to: string): boolean {
  const { hour, minute } = belgradeParts(at);
  const now = hour * 60 + minute;
  const f = minutesOf(from);
  const t = minutesOf(to);
  if (f === t) return false;
  return f < t ? now >= f && now < t : now >= f || now < t;
}

/** When a message held at `at` may go: `at` itself outside the quiet hours, else when they end (Belgrade clocks, summer time included). */
export function sendableAt(at: Date, from: string, to: string): Date {
  if (!isQuiet(at, from, to)) return at;
  const today = belgradeDateOf(at);
  const end = belgradeInstant(today, to);
  return end.getTime() > at.getTime() ? end : belgradeInstant(addDays(today, 1), to);
}
