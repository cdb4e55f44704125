import type { Language } from '#shared/constants.ts';
import { formatDayMonth, formatNumber, formatQuantity } from '#shared/format.ts';
import { paraToRsd } from '#shared/money.ts';
import { buildSms, PART_SIZE, SMS_MAX_PARTS, type SmsScript } from '#shared/sms.ts';

/**
 * The SMS texts in the producer's language (the language chosen in the app, users.language):
 * Serbian (sr and sr-Latn alike: written in Cyrillic here), English and Russian. src/shared/sms.ts
 * buildSms then puts them in the producer's SMS script — Latin without diacritics in GSM-7, or
 * Cyrillic as written (UCS-2) — and cuts them to two parts. Short on purpose: a Cyrillic part
 * holds 70 characters (67 in a longer message), a Latin one 160 (153); ADR 0049. The reply words
 * each language teaches (ДА/НЕ, YES/NO, ДА/НЕТ, STOP/СТОП) are all read in any language by
 * parseSmsReply.
 */

export interface SmsOrder {
  number: number;
  buyerName: string;
  lines: Array<{ name: string; quantity: number; unit: string }>;
  totalPara: number;
  deliveryType: 'pickup' | 'delivery' | 'drop';
  pickupDate: string;
  pickupTime: string;
  pickupPointName: string | null;
  dropTitle: string | null;
}

export interface SmsLine { name: string; quantity: number; unit: string }

/** The words of one language; numbers, dates and quantities are written by src/shared/format.ts. */
interface Words {
  /** How the texts' dates and quantities are written (Serbian in Cyrillic: buildSms makes the Latin). */
  format: Language;
  currency: string;
  order: string;
  answer: (n: number) => string;
  drop: string;
  delivery: string;
  pickup: string;
  more: (n: number) => string;
  message: (n: number, author: string) => string;
  messageLine: (n: number, author: string) => string;
  quietHeader: string;
  code: (code: string) => string;
  /** One part in both scripts (70 Cyrillic characters). */
  help: string;
  dropClosed: (title: string, date: string, orders: number, money: string) => string;
  dropLine: (title: string, orders: number) => string;
  standing: (date: string) => string;
  standingLine: (products: number) => string;
}

const SERBIAN: Words = {
  format: 'sr',
  currency: 'дин.',
  order: 'Поруџбина',
  answer: (n) => `ДА ${n} / НЕ ${n} разлог.`,
  drop: 'Дроп',
  delivery: 'Достава',
  pickup: 'Преузимање',
  more: (n) => `и још ${n}`,
  message: (n, a) => `Порука за #${n} од ${a}: `,
  messageLine: (n, a) => `порука #${n} ${a}`,
  quietHeader: 'Домаће, док сте се одмарали:',
  code: (c) => `Домаће: ваш код је ${c}. Важи 10 минута.`,
  help: 'Домаће: ДА 100123 потврђује, НЕ 100123 разлог одбија, STOP гаси SMS.',
  dropClosed: (t, d, o, m) => `Дроп ${t} ${d}: поруџбине затворене. ${o} пор., ${m} Понесите: `,
  dropLine: (t, o) => `дроп ${t}: ${o} пор.`,
  standing: (d) => `Сутра ${d} сталне поруџбине: `,
  standingLine: (p) => `сутра ${p} произв.`,
};

const ENGLISH: Words = {
  format: 'en',
  currency: 'RSD',
  order: 'Order',
  answer: (n) => `YES ${n} / NO ${n} reason.`,
  drop: 'Drop',
  delivery: 'Delivery',
  pickup: 'Pickup',
  more: (n) => `and ${n} more`,
  message: (n, a) => `Message on #${n} from ${a}: `,
  messageLine: (n, a) => `message #${n} ${a}`,
  quietHeader: 'Domace, while you rested:',
  code: (c) => `Domace: your code is ${c}. Valid 10 minutes.`,
  help: 'Domace: YES 100123 confirms, NO 100123 reason declines, STOP ends SMS.',
  dropClosed: (t, d, o, m) => `Drop ${t} ${d}: orders closed. ${o} orders, ${m} Bring: `,
  dropLine: (t, o) => `drop ${t}: ${o} orders`,
  standing: (d) => `Tomorrow ${d} standing orders: `,
  standingLine: (p) => `tomorrow ${p} products`,
};

const RUSSIAN: Words = {
  format: 'ru',
  currency: 'дин.',
  order: 'Заказ',
  answer: (n) => `ДА ${n} / НЕТ ${n} причина.`,
  drop: 'Дроп',
  delivery: 'Доставка',
  pickup: 'Самовывоз',
  more: (n) => `и ещё ${n}`,
  message: (n, a) => `Сообщение к #${n} от ${a}: `,
  messageLine: (n, a) => `сообщение #${n} ${a}`,
  quietHeader: 'Домаће, пока вы отдыхали:',
  code: (c) => `Домаће: ваш код ${c}. Действует 10 минут.`,
  help: 'Домаће: ДА 100123 принять, НЕТ 100123 причина отклонить, СТОП без SMS',
  dropClosed: (t, d, o, m) => `Дроп ${t} ${d}: заказы закрыты. ${o} зак., ${m} Возьмите: `,
  dropLine: (t, o) => `дроп ${t}: ${o} зак.`,
  standing: (d) => `Завтра ${d} постоянные заказы: `,
  standingLine: (p) => `завтра ${p} тов.`,
};

const WORDS: Record<Language, Words> = { sr: SERBIAN, 'sr-Latn': SERBIAN, en: ENGLISH, ru: RUSSIAN };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** Whether `text` fits the parts allowed without being cut. */
function fits(text: string, script: SmsScript, maxParts = SMS_MAX_PARTS): boolean {
  const built = buildSms(text, script, maxParts);
  const limit = PART_SIZE[built.encoding].multi * maxParts;
  return built.parts <= maxParts && !(built.text.endsWith('...') || built.text.endsWith('…')) && built.text.length <= limit;
}

/** The texts of SMS to a producer whose language is `language`. */
export function smsTexts(language: Language) {
  const w = WORDS[language];
  const money = (para: number) => `${formatNumber(paraToRsd(para), w.format, 0)} ${w.currency}`;
  const listOf = (lines: SmsLine[]) => lines.map((l) => `${formatQuantity(l.quantity, l.unit, w.format)} ${l.name}`).join(', ');

  function handover(o: SmsOrder): string {
    const when = `${formatDayMonth(o.pickupDate, w.format)} ${o.pickupTime}`;
    if (o.deliveryType === 'drop') return `${w.drop} ${o.dropTitle ?? ''} ${when}`;
    if (o.deliveryType === 'delivery') return `${w.delivery} ${when}`;
    return `${w.pickup} ${o.pickupPointName ? `${o.pickupPointName} ` : ''}${when}`;
  }

  return {
    /**
     * A new order: number, buyer's first name, total, pickup or drop, how to answer, then as many
     * lines as fit in two parts ("и још 2").
     */
    order(o: SmsOrder, script: SmsScript): string {
      const head = `${w.order} #${o.number}, ${firstName(o.buyerName)}, ${money(o.totalPara)} ${handover(o)}. ${w.answer(o.number)}`;
      const lines = o.lines.map((l) => `${formatQuantity(l.quantity, l.unit, w.format)} ${l.name}`);
      for (let n = lines.length; n >= 0; n--) {
        const more = lines.length - n;
        const text = `${head} ${lines.slice(0, n).join(', ')}${more > 0 ? `${n > 0 ? ',' : ''} ${w.more(more)}` : ''}`.trim();
        if (fits(text, script) || n === 0) return text;
      }
      return head;
    },
    /** One line of a held summary (quiet hours). */
    orderLine: (o: SmsOrder) => `#${o.number} ${firstName(o.buyerName)} ${money(o.totalPara)}`,
    message: (number: number, authorName: string, body: string) => `${w.message(number, firstName(authorName))}${body.replace(/\s+/g, ' ')}`,
    messageLine: (number: number, authorName: string) => w.messageLine(number, firstName(authorName)),
    quietHeader: w.quietHeader,
    code: w.code,
    help: w.help,
    /** A drop's orders when its cutoff passed: how many, their total, and the quantities to bring. */
    dropCutoff: (d: { title: string; date: string; orders: number; totalPara: number; lines: SmsLine[] }) =>
      `${w.dropClosed(d.title, formatDayMonth(d.date, w.format), d.orders, money(d.totalPara))}${listOf(d.lines)}`,
    dropLine: (title: string, orders: number) => w.dropLine(title, orders),
    /** What tomorrow's standing orders commit. */
    standingDemand: (date: string, lines: SmsLine[]) => `${w.standing(formatDayMonth(date, w.format))}${listOf(lines)}`,
    standingLine: (products: number) => w.standingLine(products),
  };
}

export type SmsTexts = ReturnType<typeof smsTexts>;
