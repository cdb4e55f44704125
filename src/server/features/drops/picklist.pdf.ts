import type { Language } from '#shared/constants.ts';
import type { Picklist } from '#shared/contracts/drops.ts';
import { formatDay, formatQuantity, formatTotal } from '#shared/format.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import { createDocument, drawLines, fitText, MM, toBuffer, type Paragraph } from '../../lib/pdf-text.ts';

/**
 * A household's pick list for a drop as an A4 PDF, in the producer's language and script:
 * what to bring (totals), then each order with its buyer, phone, lines, total and payment, a
 * box to tick at the hand-over. Real text with the embedded DejaVu fonts (ADR 0031).
 */

type Texts = Record<'title' | 'household' | 'when' | 'place' | 'bring' | 'orders' | 'none' | 'order' | 'phone' | 'notes' | 'total'
  | 'cash' | 'ips' | 'paid' | 'unpaid' | 'noShow' | 'handedOver' | 'product' | 'quantity', string>;

const SR: Texts = {
  title: 'Списак за испоруку', household: 'Домаћинство', when: 'Када', place: 'Место', bring: 'Понети', orders: 'Поруџбине',
  none: 'Нема поруџбина.', order: 'Поруџбина', phone: 'Телефон', notes: 'Напомена', total: 'Укупно', cash: 'готовином',
  ips: 'IPS QR', paid: 'плаћено', unpaid: 'није плаћено', noShow: 'није преузета', handedOver: 'предата', product: 'Производ',
  quantity: 'Количина',
};
const TEXTS: Record<'sr' | 'en' | 'ru', Texts> = {
  sr: SR,
  en: {
    title: 'Drop pick list', household: 'Household', when: 'When', place: 'Place', bring: 'To bring', orders: 'Orders',
    none: 'No orders.', order: 'Order', phone: 'Phone', notes: 'Notes', total: 'Total', cash: 'cash', ips: 'IPS QR', paid: 'paid',
    unpaid: 'not paid', noShow: 'not collected', handedOver: 'handed over', product: 'Product', quantity: 'Quantity',
  },
  ru: {
    title: 'Лист сборки для выдачи', household: 'Хозяйство', when: 'Когда', place: 'Место', bring: 'Взять с собой', orders: 'Заказы',
    none: 'Заказов нет.', order: 'Заказ', phone: 'Телефон', notes: 'Примечание', total: 'Итого', cash: 'наличными', ips: 'IPS QR',
    paid: 'оплачено', unpaid: 'не оплачено', noShow: 'не забран', handedOver: 'выдан', product: 'Товар', quantity: 'Количество',
  },
};

const PAGE_H = 297 * MM;
const PAGE_W = 210 * MM;
const MARGIN = 16 * MM;

export async function renderPicklist(list: Picklist, language: Language): Promise<Buffer> {
  const base = TEXTS[language === 'sr-Latn' ? 'sr' : language];
  // Serbian Latin: the Cyrillic texts and the data, transliterated (as the packing slip does).
  const latin = language === 'sr-Latn' ? toSerbianLatin : (s: string) => s;
  const t = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, latin(v)])) as Texts;
  const money = (rsd: number) => formatTotal(rsd, language);
  const d = list.drop;
  const doc = await createDocument({ title: `${t.title}: ${latin(d.title)} ${d.date}`, lang: language === 'sr' ? 'sr-Cyrl' : language });
  doc.addPage({ size: 'A4', margin: 0 });
  const width = PAGE_W - 2 * MARGIN;
  let y = MARGIN;
  const room = (needed: number) => {
    if (y + needed <= PAGE_H - MARGIN) return;
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
  };
  const block = (paragraphs: Paragraph[], size: number, x = MARGIN, w = width) => {
    const lay = () => fitText(doc, paragraphs, { x, y, width: w, height: 2000 }, size, size).lines;
    let lines = lay();
    const end = (ls: typeof lines) => { const last = ls[ls.length - 1]; return last ? last.y + last.size * 1.17 : y; };
    if (end(lines) > PAGE_H - MARGIN && y > MARGIN) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN;
      lines = lay();
    }
    drawLines(doc, lines);
    y = end(lines);
  };

  block([
    { runs: [{ text: `${t.title} — ${latin(d.title)}`, bold: true }], scale: 1.45 },
    { runs: [{ text: `${t.household}: `, bold: true }, { text: latin(list.household.name) }] },
    { runs: [{ text: `${t.when}: `, bold: true }, { text: `${formatDay(d.date, language)}, ${d.opens}–${d.closes}` }] },
    { runs: [{ text: `${t.place}: `, bold: true }, { text: latin(`${d.place.name}, ${d.place.address}, ${d.place.town}`) }] },
  ], 11);
  y += 5 * MM;

  block([{ runs: [{ text: t.bring, bold: true }], scale: 1.2 }], 11);
  y += 1 * MM;
  if (list.totals.length === 0) block([{ runs: [{ text: t.none }] }], 10);
  for (const item of list.totals) {
    room(14);
    doc.rect(MARGIN, y, 3.5 * MM, 3.5 * MM).lineWidth(0.6).strokeColor('#000000').stroke();
    block([{ runs: [{ text: latin(item.name) }, { text: ` — ${formatQuantity(item.quantity, item.unit, language)}`, bold: true }] }], 10, MARGIN + 7 * MM, width - 7 * MM);
    y += 2;
  }
  y += 5 * MM;

  block([{ runs: [{ text: `${t.orders} (${list.orders.length})`, bold: true }], scale: 1.2 }], 11);
  y += 1 * MM;
  for (const o of list.orders) {
    room(40 + o.items.length * 13);
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).strokeColor('#000000').stroke();
    y += 4;
    doc.rect(MARGIN, y, 3.5 * MM, 3.5 * MM).lineWidth(0.6).stroke();
    const state = o.status === 'no_show' ? ` · ${t.noShow}` : o.status === 'completed' ? ` · ${t.handedOver}` : '';
    block([
      { runs: [{ text: `${t.order} #${o.number} — ${latin(o.buyerName)}`, bold: true }, { text: state }] },
      { runs: [{ text: `${t.phone}: ` }, { text: o.contactPhone }] },
      ...(o.notes ? [{ runs: [{ text: `${t.notes}: ` }, { text: latin(o.notes) }] }] : []),
      ...o.items.map((i) => ({ runs: [{ text: `• ${latin(i.name)} — ` }, { text: formatQuantity(i.quantity, i.unit, language), bold: true }, { text: `  ${money(i.lineTotal)}` }] })),
      { runs: [{ text: `${t.total}: `, bold: true }, { text: `${money(o.total)} · ${o.payment.method === 'cash' ? t.cash : t.ips}, ${o.payment.status === 'paid' ? t.paid : t.unpaid}` }] },
    ], 10, MARGIN + 7 * MM, width - 7 * MM);
    y += 3 * MM;
  }
  if (list.orders.length === 0) block([{ runs: [{ text: t.none }] }], 10);
  return toBuffer(doc);
}
