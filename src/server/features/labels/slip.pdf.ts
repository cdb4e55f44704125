import type { Unit } from '#shared/constants.ts';
import { formatDateTime, formatDay, formatQuantity, formatTotal } from '#shared/format.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import { createDocument, drawLines, fitText, MM, toBuffer, type Paragraph } from '../../lib/pdf-text.ts';

/** A packing slip for one order: A4, in the producer's language (docs/papers-and-labels.md). */

export type SlipLanguage = 'sr' | 'sr-Latn' | 'en' | 'ru';

export interface SlipData {
  number: number;
  createdAt: Date;
  householdName: string;
  householdAddress: string;
  holdingNumber: string | null;
  buyerName: string;
  contactPhone: string;
  deliveryType: 'pickup' | 'delivery' | 'drop';
  date: string;
  time: string;
  place: string | null;
  notes: string | null;
  paymentMethod: 'cash' | 'ips_qr';
  paid: boolean;
  deliveryFeePara: number;
  totalPara: number;
  /** `perKg`: sold by weight, the price is per kg and `weight` the weighed kg (null: not weighed, the line an estimate). */
  items: Array<{ name: string; unit: Unit; quantity: number; unitPricePara: number; lineTotalPara: number; perKg?: boolean; weight?: number | null }>;
}

type Texts = Record<'title' | 'order' | 'placed' | 'buyer' | 'phone' | 'pickup' | 'delivery' | 'drop' | 'place' | 'notes' | 'product' | 'quantity'
  | 'price' | 'lineTotal' | 'deliveryFee' | 'total' | 'payment' | 'cash' | 'ips' | 'paid' | 'unpaid' | 'holding' | 'checked', string>;

const SR: Texts = {
  title: 'Отпремница', order: 'Поруџбина', placed: 'Наручено', buyer: 'Купац', phone: 'Телефон', pickup: 'Преузимање',
  delivery: 'Достава', drop: 'Испорука на тачки', place: 'Место', notes: 'Напомена', product: 'Производ', quantity: 'Количина', price: 'Цена',
  lineTotal: 'Износ', deliveryFee: 'Достава', total: 'Укупно', payment: 'Плаћање', cash: 'готовином', ips: 'IPS QR',
  paid: 'плаћено', unpaid: 'није плаћено', holding: 'БПГ', checked: 'Спаковао/ла',
};
const TEXTS: Record<SlipLanguage, Texts> = {
  sr: SR,
  'sr-Latn': Object.fromEntries(Object.entries(SR).map(([k, v]) => [k, toSerbianLatin(v)])) as Texts,
  en: {
    title: 'Packing slip', order: 'Order', placed: 'Placed', buyer: 'Buyer', phone: 'Phone', pickup: 'Pickup', delivery: 'Delivery', drop: 'Drop',
    place: 'Place', notes: 'Notes', product: 'Product', quantity: 'Quantity', price: 'Price', lineTotal: 'Amount', deliveryFee: 'Delivery',
    total: 'Total', payment: 'Payment', cash: 'cash', ips: 'IPS QR', paid: 'paid', unpaid: 'not paid', holding: 'Holding no.',
    checked: 'Packed by',
  },
  ru: {
    title: 'Упаковочный лист', order: 'Заказ', placed: 'Оформлен', buyer: 'Покупатель', phone: 'Телефон', pickup: 'Самовывоз',
    delivery: 'Доставка', drop: 'Выдача', place: 'Место', notes: 'Примечание', product: 'Товар', quantity: 'Количество', price: 'Цена',
    lineTotal: 'Сумма', deliveryFee: 'Доставка', total: 'Итого', payment: 'Оплата', cash: 'наличными', ips: 'IPS QR',
    paid: 'оплачено', unpaid: 'не оплачено', holding: 'Номер хозяйства', checked: 'Упаковал(а)',
  },
};

const PAGE_W = 210 * MM;
const MARGIN = 18 * MM;

export async function renderSlip(data: SlipData, language: SlipLanguage): Promise<Buffer> {
  const t = TEXTS[language];
  const latin = language === 'sr-Latn' ? toSerbianLatin : (s: string) => s;
  const money = (para: number) => formatTotal(para / 100, language);
  const doc = await createDocument({ title: `${t.title} #${data.number}`, lang: language === 'sr' ? 'sr-Cyrl' : language });
  doc.addPage({ size: 'A4', margin: 0 });
  const width = PAGE_W - 2 * MARGIN;
  let y = MARGIN;
  const block = (paragraphs: Paragraph[], size: number, height = 400) => {
    const { lines } = fitText(doc, paragraphs, { x: MARGIN, y, width, height }, size, size);
    drawLines(doc, lines);
    const last = lines[lines.length - 1];
    y = last ? last.y + last.size * 1.17 : y;
  };
  block([
    { runs: [{ text: `${t.title} — ${t.order} #${data.number}`, bold: true }], scale: 1.5 },
    { runs: [{ text: latin(data.householdName), bold: true }, ...(data.householdAddress ? [{ text: `, ${latin(data.householdAddress)}` }] : []),
      ...(data.holdingNumber ? [{ text: ` · ${t.holding} ${data.holdingNumber}` }] : [])] },
    { runs: [{ text: `${t.placed}: ${formatDateTime(data.createdAt, language) ?? ''}` }] },
  ], 11);
  y += 4 * MM;
  block([
    { runs: [{ text: `${t.buyer}: `, bold: true }, { text: latin(data.buyerName) }] },
    { runs: [{ text: `${t.phone}: `, bold: true }, { text: data.contactPhone }] },
    { runs: [{ text: `${t[data.deliveryType]}: `, bold: true }, { text: `${formatDay(data.date, language)} ${data.time}` }] },
    ...(data.place ? [{ runs: [{ text: `${t.place}: `, bold: true }, { text: latin(data.place) }] }] : []),
    { runs: [{ text: `${t.payment}: `, bold: true }, { text: `${data.paymentMethod === 'cash' ? t.cash : t.ips}, ${data.paid ? t.paid : t.unpaid}` }] },
    ...(data.notes ? [{ runs: [{ text: `${t.notes}: `, bold: true }, { text: latin(data.notes) }] }] : []),
  ], 10.5);
  y += 5 * MM;

  // The lines as a table: name (wraps), quantity, price, amount; a box to tick when packed.
  const cols = { tick: MARGIN, name: MARGIN + 8 * MM, qty: MARGIN + 76 * MM, price: MARGIN + 112 * MM, total: MARGIN + width };
  const header = (text: string, x: number, right = false) => {
    doc.font('bold').fontSize(9.5);
    doc.text(text, right ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
  };
  header(t.product, cols.name);
  header(t.quantity, cols.qty);
  header(t.price, cols.price);
  header(t.lineTotal, cols.total, true);
  y += 14;
  doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + width, y - 3).lineWidth(0.6).strokeColor('#000000').stroke();
  for (const item of data.items) {
    const { lines } = fitText(doc, [{ runs: [{ text: latin(item.name) }] }], { x: cols.name, y, width: cols.qty - cols.name - 4 * MM, height: 200 }, 10, 10);
    drawLines(doc, lines);
    doc.rect(cols.tick, y, 3.5 * MM, 3.5 * MM).lineWidth(0.6).stroke();
    doc.font('regular').fontSize(10);
    const weighed = item.perKg && item.weight != null ? ` · ${formatQuantity(item.weight, 'kg', language)}` : '';
    doc.text(formatQuantity(item.quantity, item.unit, language) + weighed, cols.qty, y, { lineBreak: false });
    doc.text(money(item.unitPricePara) + (item.perKg ? ' / kg' : ''), cols.price, y, { lineBreak: false });
    const total = money(item.lineTotalPara);
    doc.text(total, cols.total - doc.widthOfString(total), y, { lineBreak: false });
    y += Math.max(lines.length, 1) * 10 * 1.17 + 4;
    if (y > 270 * MM) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN;
    }
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.6).stroke();
  y += 6;
  const sum = (label: string, para: number, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11.5 : 10);
    const value = money(para);
    doc.text(`${label}:`, cols.price, y, { lineBreak: false });
    doc.text(value, cols.total - doc.widthOfString(value), y, { lineBreak: false });
    y += bold ? 16 : 13;
  };
  if (data.deliveryFeePara > 0) sum(t.deliveryFee, data.deliveryFeePara);
  sum(t.total, data.totalPara, true);
  y += 12 * MM;
  doc.font('regular').fontSize(10).text(`${t.checked}: ____________________`, MARGIN, y, { lineBreak: false });
  return toBuffer(doc);
}
