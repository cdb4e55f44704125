import { formatDayMonth, formatNumber, formatQuantity } from '#shared/format.ts';
import { paraToRsd } from '#shared/money.ts';
import { buildSms, PART_SIZE, SMS_MAX_PARTS, type SmsScript } from '#shared/sms.ts';

/**
 * The SMS texts, written in Serbian Cyrillic; src/shared/sms.ts buildSms puts them in the
 * producer's script (Latin without diacritics, or Cyrillic) and cuts them to two parts.
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

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const money = (para: number) => `${formatNumber(paraToRsd(para), 'sr', 0)} дин.`;

function handover(o: SmsOrder): string {
  const when = `${formatDayMonth(o.pickupDate, 'sr')} ${o.pickupTime}`;
  if (o.deliveryType === 'drop') return `Дроп ${o.dropTitle ?? ''} ${when}`;
  if (o.deliveryType === 'delivery') return `Достава ${when}`;
  return `Преузимање ${o.pickupPointName ? `${o.pickupPointName} ` : ''}${when}`;
}

/** Whether `text` fits the parts allowed without being cut. */
function fits(text: string, script: SmsScript, maxParts = SMS_MAX_PARTS): boolean {
  const built = buildSms(text, script, maxParts);
  const limit = PART_SIZE[built.encoding].multi * maxParts;
  return built.parts <= maxParts && !(built.text.endsWith('...') || built.text.endsWith('…')) && built.text.length <= limit;
}

/**
 * A new order: number, buyer's first name, total, pickup or drop, how to answer, then as many
 * lines as fit in two parts ("и још 2").
 */
export function orderSms(o: SmsOrder, script: SmsScript): string {
  const head = `Поруџбина #${o.number}, ${firstName(o.buyerName)}, ${money(o.totalPara)} ${handover(o)}. ДА ${o.number} / НЕ ${o.number} разлог.`;
  const lines = o.lines.map((l) => `${formatQuantity(l.quantity, l.unit, 'sr')} ${l.name}`);
  for (let n = lines.length; n >= 0; n--) {
    const more = lines.length - n;
    const text = `${head} ${lines.slice(0, n).join(', ')}${more > 0 ? `${n > 0 ? ',' : ''} и још ${more}` : ''}`.trim();
    if (fits(text, script) || n === 0) return text;
  }
  return head;
}

/** One line of a held summary (quiet hours). */
export function orderSummaryLine(o: SmsOrder): string {
  return `#${o.number} ${firstName(o.buyerName)} ${money(o.totalPara)}`;
}

export function messageSms(number: number, authorName: string, body: string): string {
  return `Порука за #${number} од ${firstName(authorName)}: ${body.replace(/\s+/g, ' ')}`;
}

export function messageSummaryLine(number: number, authorName: string): string {
  return `порука #${number} ${firstName(authorName)}`;
}

export const QUIET_HEADER = 'Домаће, док сте се одмарали:';

export function codeSms(code: string): string {
  return `Домаће: ваш код је ${code}. Важи 10 минута.`;
}

/** One part even in Cyrillic (70 characters). */
export const HELP_SMS = 'Домаће: ДА 100123 потврђује, НЕ 100123 разлог одбија, STOP гаси SMS.';

export interface SmsLine { name: string; quantity: number; unit: string }

const listOf = (lines: SmsLine[]) => lines.map((l) => `${formatQuantity(l.quantity, l.unit, 'sr')} ${l.name}`).join(', ');

/** A drop's orders when its cutoff passed: how many, their total, and the quantities to bring. */
export function dropCutoffSms(d: { title: string; date: string; orders: number; totalPara: number; lines: SmsLine[] }): string {
  return `Дроп ${d.title} ${formatDayMonth(d.date, 'sr')}: поруџбине затворене. ${d.orders} пор., ${money(d.totalPara)} Понесите: ${listOf(d.lines)}`;
}

/** What tomorrow's standing orders commit. */
export function standingDemandSms(date: string, lines: SmsLine[]): string {
  return `Сутра ${formatDayMonth(date, 'sr')} сталне поруџбине: ${listOf(lines)}`;
}
