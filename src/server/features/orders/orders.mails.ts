import { textLanguage, type DeliveryType, type Language, type OrderStatus, type TextLanguage, type Unit } from '#shared/constants.ts';
import { formatQuantityValue, formatTotal, unitLabel } from '#shared/format.ts';
import { formatAccount } from '#shared/ips.ts';
import { isEstimateLine, linePricePara, type PricedLine } from '#shared/weight-price.ts';
import type { DepositStatus } from '#shared/deposit.ts';
import type { OrderDrop } from '#shared/contracts/orders.ts';
import { escapeHtml } from '../../lib/html.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';

/**
 * The order mails, in the recipient's language: plain text and HTML.
 * Money in RSD with 2 decimals and units as the app writes them (src/shared/format.ts).
 */

export interface MailOrder {
  id: string;
  householdName: string;
  customerName: string;
  status: OrderStatus;
  deliveryType: DeliveryType;
  pickupDate: string;
  pickupTime: string;
  deliveryAddress: string | null;
  contactPhone: string;
  notes: string | null;
  totalPara: number;
  number: number;
  deliveryFeePara: number;
  deliveryArea: string | null;
  pickupPointName: string | null;
  pickupPointAddress: string | null;
  paymentMethod: 'cash' | 'ips_qr';
  paymentStatus: 'unpaid' | 'reported' | 'paid';
  items: (PricedLine & { name: string; unit: Unit })[];
  /** True while a line sold by weight is not weighed: the total is an estimate (docs/weight-pricing.md). */
  estimate: boolean;
  estimateTotalPara: number | null;
  /**
   * What the buyer pays by IPS now: the account, the amount, the model 97 reference and the QR as
   * a PNG data URL (a pre-order's deposit while it is due: src/shared/deposit.ts).
   */
  ips: { account: string; amountPara: number; reference: string; qrPng: string } | null;
  /** A pre-order's deposit, else null. */
  deposit: { percent: number; para: number; status: DepositStatus } | null;
  /** The drop of a drop order (docs/drops.md). */
  drop: OrderDrop | null;
}

interface Strings {
  language: Language;
  confirmationSubject: (count: number) => string;
  confirmationIntro: (name: string) => string;
  newOrderSubject: (customer: string) => string;
  newOrderIntro: (name: string, customer: string) => string;
  statusSubject: (id: string, status: string) => string;
  statusIntro: (name: string, id: string, household: string, status: string) => string;
  /** The producer's reason, when they declined by SMS (features/sms). */
  declineReason: (reason: string) => string;
  cancelledByBuyerSubject: (id: string) => string;
  cancelledByBuyerIntro: (name: string, id: string, customer: string) => string;
  /** The deposit line of a pre-order, by its status. */
  deposit: (percent: number, status: DepositStatus) => string;
  order: string;
  total: string;
  grandTotal: string;
  pickup: string;
  delivery: string;
  drop: string;
  dropPlace: string;
  when: string;
  address: string;
  phone: string;
  notes: string;
  customer: string;
  pickupPoint: string;
  deliveryFee: string;
  payment: string;
  cash: string;
  ipsQr: string;
  paid: string;
  unpaid: string;
  ipsHint: string;
  account: string;
  reference: string;
  amount: string;
  statuses: Record<OrderStatus, string>;
  footer: string;
  /** Sold by weight (docs/weight-pricing.md). */
  estimate: string;
  estimateNote: string;
  perKg: string;
  weighedSubject: (id: string) => string;
  weighedIntro: (name: string, id: string, household: string, total: string, estimate: string) => string;
  consentSubject: (id: string) => string;
  consentIntro: (name: string, id: string, household: string, total: string, estimate: string) => string;
}

const STRINGS: Record<TextLanguage, Strings> = {
  sr: {
    language: 'sr',
    confirmationSubject: (n) => (n === 1 ? 'Ваша поруџбина је примљена' : `Ваше поруџбине су примљене (${n})`),
    confirmationIntro: (name) => `Поштовани/а ${name}, хвала на поруџбини! Произвођачи ће је ускоро потврдити.`,
    newOrderSubject: (c) => `Нова поруџбина од купца ${c}`,
    newOrderIntro: (name, c) => `Поштовани/а ${name}, стигла је нова поруџбина од купца ${c}.`,
    statusSubject: (id, s) => `Поруџбина ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Поштовани/а ${name}, статус ваше поруџбине ${id} (${h}) је сада: ${s}.`,
    declineReason: (reason) => `Произвођач је навео разлог: ${reason}`,
    cancelledByBuyerSubject: (id) => `Купац је отказао поруџбину ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Поштовани/а ${name}, купац ${c} је отказао поруџбину ${id}. Залиха је враћена.`,
    deposit: (p, st) => `Капара ${p} %${st === 'due' ? ' (уплатите је да бисте задржали поруџбину)' : st === 'paid' ? ' (плаћена)' : st === 'refund_due' ? ' (биће враћена)' : ' (враћена)'}`,
    order: 'Поруџбина', total: 'Укупно', grandTotal: 'Свега', pickup: 'Лично преузимање', delivery: 'Достава',
    drop: 'Испорука на тачки', dropPlace: 'Место',
    when: 'Датум и време', address: 'Адреса', phone: 'Телефон', notes: 'Напомена', customer: 'Купац',
    pickupPoint: 'Место преузимања', deliveryFee: 'Достава', payment: 'Плаћање', cash: 'готовином', ipsQr: 'IPS QR',
    paid: 'плаћено', unpaid: 'није плаћено', ipsHint: 'Скенирајте IPS QR код апликацијом своје банке или уплатите на:',
    account: 'Рачун', reference: 'Позив на број', amount: 'Износ',
    statuses: { pending: 'на чекању', confirmed: 'потврђена', ready: 'спремна', completed: 'завршена', cancelled: 'отказана', awaiting_buyer: 'чека вашу сагласност', no_show: 'није преузета', awaiting_deposit: 'чека капару' },
    footer: 'Домаће — домаћа храна из вашег краја',
    estimate: 'процена', perKg: 'кг',
    estimateNote: 'Производи на меру се плаћају по стварној тежини: произвођач ће их измерити и послати коначан износ (и IPS QR код).',
    weighedSubject: (id) => `Поруџбина ${id} је измерена`,
    weighedIntro: (name, id, h, total, est) => `Поштовани/а ${name}, ${h} је измерио/ла поруџбину ${id}. Коначан износ: ${total} (процена је била ${est}).`,
    consentSubject: (id) => `Поруџбина ${id}: потврдите коначан износ`,
    consentIntro: (name, id, h, total, est) => `Поштовани/а ${name}, ${h} је измерио/ла поруџбину ${id}. Коначан износ ${total} је више од 15 % изнад процене (${est}). Прихватите га или откажите поруџбину у апликацији, у вашим поруџбинама.`,
  },
  en: {
    language: 'en',
    confirmationSubject: (n) => (n === 1 ? 'Your order has been received' : `Your ${n} orders have been received`),
    confirmationIntro: (name) => `Dear ${name}, thank you for your order! The producers will confirm it soon.`,
    newOrderSubject: (c) => `New order from ${c}`,
    newOrderIntro: (name, c) => `Dear ${name}, you have a new order from ${c}.`,
    statusSubject: (id, s) => `Order ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Dear ${name}, your order ${id} (${h}) is now: ${s}.`,
    declineReason: (reason) => `The producer gave this reason: ${reason}`,
    cancelledByBuyerSubject: (id) => `The customer cancelled order ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Dear ${name}, ${c} cancelled order ${id}. The stock has been returned.`,
    deposit: (p, st) => `Deposit ${p} %${st === 'due' ? ' (pay it to keep the order)' : st === 'paid' ? ' (paid)' : st === 'refund_due' ? ' (to be refunded)' : ' (refunded)'}`,
    order: 'Order', total: 'Total', grandTotal: 'Grand total', pickup: 'Pickup', delivery: 'Delivery',
    drop: 'Drop', dropPlace: 'Place',
    when: 'Date and time', address: 'Address', phone: 'Phone', notes: 'Notes', customer: 'Customer',
    pickupPoint: 'Pickup point', deliveryFee: 'Delivery fee', payment: 'Payment', cash: 'cash', ipsQr: 'IPS QR',
    paid: 'paid', unpaid: 'not paid', ipsHint: 'Scan the IPS QR code with your banking app, or pay to:',
    account: 'Account', reference: 'Reference', amount: 'Amount',
    statuses: { pending: 'pending', confirmed: 'confirmed', ready: 'ready', completed: 'completed', cancelled: 'cancelled', awaiting_buyer: 'awaiting your consent', no_show: 'not collected', awaiting_deposit: 'awaiting the deposit' },
    footer: 'Domaće — home-made food from near you',
    estimate: 'estimate', perKg: 'kg',
    estimateNote: 'Products sold by weight are paid by their real weight: the producer will weigh them and send the final amount (and the IPS QR code).',
    weighedSubject: (id) => `Order ${id} has been weighed`,
    weighedIntro: (name, id, h, total, est) => `Dear ${name}, ${h} weighed order ${id}. Final total: ${total} (the estimate was ${est}).`,
    consentSubject: (id) => `Order ${id}: please accept the final total`,
    consentIntro: (name, id, h, total, est) => `Dear ${name}, ${h} weighed order ${id}. The final total ${total} is more than 15 % above the estimate (${est}). Accept it or cancel the order in the app, under your orders.`,
  },
  ru: {
    language: 'ru',
    confirmationSubject: (n) => (n === 1 ? 'Ваш заказ принят' : `Ваши заказы приняты (${n})`),
    confirmationIntro: (name) => `Здравствуйте, ${name}! Спасибо за заказ. Производители скоро его подтвердят.`,
    newOrderSubject: (c) => `Новый заказ от ${c}`,
    newOrderIntro: (name, c) => `Здравствуйте, ${name}! У вас новый заказ от ${c}.`,
    statusSubject: (id, s) => `Заказ ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Здравствуйте, ${name}! Статус вашего заказа ${id} (${h}): ${s}.`,
    declineReason: (reason) => `Причина, указанная производителем: ${reason}`,
    cancelledByBuyerSubject: (id) => `Покупатель отменил заказ ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Здравствуйте, ${name}! ${c} отменил(а) заказ ${id}. Остаток возвращён.`,
    deposit: (p, st) => `Предоплата ${p} %${st === 'due' ? ' (оплатите, чтобы сохранить заказ)' : st === 'paid' ? ' (оплачена)' : st === 'refund_due' ? ' (будет возвращена)' : ' (возвращена)'}`,
    order: 'Заказ', total: 'Итого', grandTotal: 'Всего', pickup: 'Самовывоз', delivery: 'Доставка',
    drop: 'Выдача', dropPlace: 'Место',
    when: 'Дата и время', address: 'Адрес', phone: 'Телефон', notes: 'Примечание', customer: 'Покупатель',
    pickupPoint: 'Пункт выдачи', deliveryFee: 'Доставка', payment: 'Оплата', cash: 'наличными', ipsQr: 'IPS QR',
    paid: 'оплачено', unpaid: 'не оплачено', ipsHint: 'Отсканируйте IPS QR-код в приложении банка или переведите на:',
    account: 'Счёт', reference: 'Назначение (позив на број)', amount: 'Сумма',
    statuses: { pending: 'ожидает', confirmed: 'подтверждён', ready: 'готов', completed: 'завершён', cancelled: 'отменён', awaiting_buyer: 'ждёт вашего согласия', no_show: 'не забран', awaiting_deposit: 'ждёт предоплату' },
    footer: 'Domaće — домашняя еда рядом с вами',
    estimate: 'оценка', perKg: 'кг',
    estimateNote: 'Товары на вес оплачиваются по фактическому весу: производитель взвесит их и пришлёт окончательную сумму (и IPS QR-код).',
    weighedSubject: (id) => `Заказ ${id} взвешен`,
    weighedIntro: (name, id, h, total, est) => `Здравствуйте, ${name}! ${h} взвесил(а) заказ ${id}. Окончательная сумма: ${total} (оценка была ${est}).`,
    consentSubject: (id) => `Заказ ${id}: подтвердите окончательную сумму`,
    consentIntro: (name, id, h, total, est) => `Здравствуйте, ${name}! ${h} взвесил(а) заказ ${id}. Окончательная сумма ${total} более чем на 15 % выше оценки (${est}). Примите её или отмените заказ в приложении, в разделе заказов.`,
  },
};


const shortId = (id: string) => id.slice(0, 8);

function money(para: number, s: Strings): string {
  return formatTotal(para / 100, s.language);
}

function orderBlock(o: MailOrder, s: Strings, opts: { forProducer: boolean }): { text: string; html: string } {
  const lines = o.items.map((i) => {
    const head = `${i.name} × ${formatQuantityValue(i.quantity, s.language)} ${unitLabel(i.unit, s.language)}`;
    if (i.pricing !== 'weight') return `${head} — ${money(linePricePara(i), s)}`;
    const perKg = `${money(i.unitPricePara, s)} / ${s.perKg}`;
    if (isEstimateLine(i)) return `${head} (${perKg}) — ≈ ${money(linePricePara(i), s)}, ${s.estimate}`;
    return `${head}, ${formatQuantityValue(i.weight ?? 0, s.language)} ${s.perKg} × ${perKg} — ${money(linePricePara(i), s)}`;
  });
  const totalText = o.estimate ? `≈ ${money(o.totalPara, s)}, ${s.estimate}` : money(o.totalPara, s);
  const fact = (k: string, v: string): [string, string] => [k, v];
  const facts: [string, string][] = [
    [s.order, `#${o.number} · ${shortId(o.id)} · ${o.householdName}`],
    ...(opts.forProducer ? [fact(s.customer, o.customerName)] : []),
    o.drop
      ? fact(s.drop, `${o.drop.title} · ${o.drop.date} ${o.drop.opens}–${o.drop.closes}`)
      : fact(o.deliveryType === 'delivery' ? s.delivery : s.pickup, `${o.pickupDate} ${o.pickupTime}`.trim()),
    ...(o.drop ? [fact(s.dropPlace, [o.drop.place.name, o.drop.place.address, o.drop.place.town].join(', '))] : []),
    ...(o.pickupPointName ? [fact(s.pickupPoint, `${o.pickupPointName}, ${o.pickupPointAddress ?? ''}`)] : []),
    ...(o.deliveryType === 'delivery' && o.deliveryAddress ? [fact(s.address, [o.deliveryAddress, o.deliveryArea].filter(Boolean).join(', '))] : []),
    [s.phone, o.contactPhone],
    ...(o.notes ? [fact(s.notes, o.notes)] : []),
    ...(o.deliveryFeePara > 0 ? [fact(s.deliveryFee, money(o.deliveryFeePara, s))] : []),
    ...(o.deposit ? [fact(s.deposit(o.deposit.percent, o.deposit.status), money(o.deposit.para, s))] : []),
    [s.payment, `${o.paymentMethod === 'ips_qr' ? s.ipsQr : s.cash} · ${o.paymentStatus === 'paid' ? s.paid : s.unpaid}`],
  ];
  const ipsFacts: [string, string][] = o.ips
    ? [[s.account, formatAccount(o.ips.account)], [s.amount, money(o.ips.amountPara, s)], [s.reference, o.ips.reference]]
    : [];
  const text = [
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...lines.map((l) => `  - ${l}`),
    `${s.total}: ${totalText}`,
    ...(o.estimate ? [s.estimateNote] : []),
    ...(o.ips && !opts.forProducer ? [s.ipsHint, ...ipsFacts.map(([k, v]) => `  ${k}: ${v}`)] : []),
  ].join('\n');
  const html = [
    '<table style="border-collapse:collapse;margin:12px 0">',
    ...facts.map(([k, v]) => `<tr><th align="left" style="padding:2px 8px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table><ul>',
    ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
    `</ul><p><strong>${escapeHtml(s.total)}: ${escapeHtml(totalText)}</strong></p>`,
    ...(o.estimate ? [`<p>${escapeHtml(s.estimateNote)}</p>`] : []),
    ...(o.ips && !opts.forProducer ? [
      `<p>${escapeHtml(s.ipsHint)}</p><img src="${o.ips.qrPng}" width="240" height="240" alt="NBS IPS QR"><table>`,
      ...ipsFacts.map(([k, v]) => `<tr><th align="left" style="padding:2px 8px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
      '</table>',
    ] : []),
  ].join('');
  return { text, html };
}

function wrap(s: Strings, to: string, subject: string, intro: string, blocks: { text: string; html: string }[], extra?: string): Mail {
  return {
    to,
    subject,
    text: [intro, '', ...blocks.map((b) => `${b.text}\n`), ...(extra ? [extra, ''] : []), '--', s.footer].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(intro)}</p>${blocks.map((b) => b.html).join('<hr>')}${extra ? `<p><strong>${escapeHtml(extra)}</strong></p>` : ''}<p style="color:#666">${escapeHtml(s.footer)}</p></body></html>`,
  };
}

interface Person { email: string; name: string; language: Language }

/** One mail per checkout to the buyer, listing every order. */
export function confirmationMail(buyer: Person, orders: MailOrder[]): Mail {
  const s = STRINGS[textLanguage(buyer.language)];
  const grand = orders.reduce((sum, o) => sum + o.totalPara, 0);
  const grandText = orders.some((o) => o.estimate) ? `≈ ${money(grand, s)}, ${s.estimate}` : money(grand, s);
  return inLanguage(wrap(s, buyer.email, s.confirmationSubject(orders.length), s.confirmationIntro(buyer.name),
    orders.map((o) => orderBlock(o, s, { forProducer: false })), `${s.grandTotal}: ${grandText}`), buyer.language);
}

export function newOrderMail(producer: Person, o: MailOrder): Mail {
  const s = STRINGS[textLanguage(producer.language)];
  return inLanguage(wrap(s, producer.email, s.newOrderSubject(o.customerName), s.newOrderIntro(producer.name, o.customerName), [orderBlock(o, s, { forProducer: true })]), producer.language);
}

export function statusChangeMail(buyer: Person, o: MailOrder, reason?: string): Mail {
  const s = STRINGS[textLanguage(buyer.language)];
  const status = s.statuses[o.status];
  const extra = reason ? s.declineReason(reason) : undefined;
  return inLanguage(wrap(s, buyer.email, s.statusSubject(shortId(o.id), status), s.statusIntro(buyer.name, shortId(o.id), o.householdName, status), [orderBlock(o, s, { forProducer: false })], extra), buyer.language);
}

export function cancelledByBuyerMail(producer: Person, o: MailOrder): Mail {
  const s = STRINGS[textLanguage(producer.language)];
  return inLanguage(wrap(s, producer.email, s.cancelledByBuyerSubject(shortId(o.id)), s.cancelledByBuyerIntro(producer.name, shortId(o.id), o.customerName), [orderBlock(o, s, { forProducer: true })]), producer.language);
}

/**
 * The buyer's mail when every line sold by weight is weighed: the final total (with the IPS QR
 * for ips_qr orders); `consent` when it is more than 15 % above the estimate and waits for them.
 */
export function weighedMail(buyer: Person, o: MailOrder, consent: boolean): Mail {
  const s = STRINGS[textLanguage(buyer.language)];
  const id = shortId(o.id);
  const total = money(o.totalPara, s);
  const estimate = money(o.estimateTotalPara ?? o.totalPara, s);
  const intro = consent ? s.consentIntro(buyer.name, id, o.householdName, total, estimate) : s.weighedIntro(buyer.name, id, o.householdName, total, estimate);
  return inLanguage(wrap(s, buyer.email, consent ? s.consentSubject(id) : s.weighedSubject(id), intro, [orderBlock(o, s, { forProducer: false })]), buyer.language);
}
