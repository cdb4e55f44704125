import type { DeliveryType, Language, OrderStatus, Unit } from '#shared/constants.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * The order mails (issue 5), in the recipient's language: plain text and HTML.
 * Money in RSD with 2 decimals, formatted for the language.
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
  items: { name: string; unit: Unit; unitPricePara: number; quantity: number }[];
}

interface Strings {
  locale: string;
  confirmationSubject: (count: number) => string;
  confirmationIntro: (name: string) => string;
  newOrderSubject: (customer: string) => string;
  newOrderIntro: (name: string, customer: string) => string;
  statusSubject: (id: string, status: string) => string;
  statusIntro: (name: string, id: string, household: string, status: string) => string;
  cancelledByBuyerSubject: (id: string) => string;
  cancelledByBuyerIntro: (name: string, id: string, customer: string) => string;
  order: string;
  total: string;
  grandTotal: string;
  pickup: string;
  delivery: string;
  when: string;
  address: string;
  phone: string;
  notes: string;
  customer: string;
  statuses: Record<OrderStatus, string>;
  units: Record<Unit, string>;
  footer: string;
}

const STRINGS: Record<Language, Strings> = {
  sr: {
    locale: 'sr-Cyrl-RS',
    confirmationSubject: (n) => (n === 1 ? 'Ваша поруџбина је примљена' : `Ваше поруџбине су примљене (${n})`),
    confirmationIntro: (name) => `Поштовани/а ${name}, хвала на поруџбини! Произвођачи ће је ускоро потврдити.`,
    newOrderSubject: (c) => `Нова поруџбина од купца ${c}`,
    newOrderIntro: (name, c) => `Поштовани/а ${name}, стигла је нова поруџбина од купца ${c}.`,
    statusSubject: (id, s) => `Поруџбина ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Поштовани/а ${name}, статус ваше поруџбине ${id} (${h}) је сада: ${s}.`,
    cancelledByBuyerSubject: (id) => `Купац је отказао поруџбину ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Поштовани/а ${name}, купац ${c} је отказао поруџбину ${id}. Залиха је враћена.`,
    order: 'Поруџбина', total: 'Укупно', grandTotal: 'Свега', pickup: 'Лично преузимање', delivery: 'Достава',
    when: 'Датум и време', address: 'Адреса', phone: 'Телефон', notes: 'Напомена', customer: 'Купац',
    statuses: { pending: 'на чекању', confirmed: 'потврђена', ready: 'спремна', completed: 'завршена', cancelled: 'отказана' },
    units: { kg: 'кг', l: 'литар', jar: 'тегла', pc: 'ком' },
    footer: 'Домаће — домаћа храна из вашег краја',
  },
  en: {
    locale: 'en-GB',
    confirmationSubject: (n) => (n === 1 ? 'Your order has been received' : `Your ${n} orders have been received`),
    confirmationIntro: (name) => `Dear ${name}, thank you for your order! The producers will confirm it soon.`,
    newOrderSubject: (c) => `New order from ${c}`,
    newOrderIntro: (name, c) => `Dear ${name}, you have a new order from ${c}.`,
    statusSubject: (id, s) => `Order ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Dear ${name}, your order ${id} (${h}) is now: ${s}.`,
    cancelledByBuyerSubject: (id) => `The customer cancelled order ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Dear ${name}, ${c} cancelled order ${id}. The stock has been returned.`,
    order: 'Order', total: 'Total', grandTotal: 'Grand total', pickup: 'Pickup', delivery: 'Delivery',
    when: 'Date and time', address: 'Address', phone: 'Phone', notes: 'Notes', customer: 'Customer',
    statuses: { pending: 'pending', confirmed: 'confirmed', ready: 'ready', completed: 'completed', cancelled: 'cancelled' },
    units: { kg: 'kg', l: 'litre', jar: 'jar', pc: 'pc' },
    footer: 'Domaće — home-made food from near you',
  },
  ru: {
    locale: 'ru-RU',
    confirmationSubject: (n) => (n === 1 ? 'Ваш заказ принят' : `Ваши заказы приняты (${n})`),
    confirmationIntro: (name) => `Здравствуйте, ${name}! Спасибо за заказ. Производители скоро его подтвердят.`,
    newOrderSubject: (c) => `Новый заказ от ${c}`,
    newOrderIntro: (name, c) => `Здравствуйте, ${name}! У вас новый заказ от ${c}.`,
    statusSubject: (id, s) => `Заказ ${id}: ${s}`,
    statusIntro: (name, id, h, s) => `Здравствуйте, ${name}! Статус вашего заказа ${id} (${h}): ${s}.`,
    cancelledByBuyerSubject: (id) => `Покупатель отменил заказ ${id}`,
    cancelledByBuyerIntro: (name, id, c) => `Здравствуйте, ${name}! ${c} отменил(а) заказ ${id}. Остаток возвращён.`,
    order: 'Заказ', total: 'Итого', grandTotal: 'Всего', pickup: 'Самовывоз', delivery: 'Доставка',
    when: 'Дата и время', address: 'Адрес', phone: 'Телефон', notes: 'Примечание', customer: 'Покупатель',
    statuses: { pending: 'ожидает', confirmed: 'подтверждён', ready: 'готов', completed: 'завершён', cancelled: 'отменён' },
    units: { kg: 'кг', l: 'литр', jar: 'банка', pc: 'шт' },
    footer: 'Domaće — домашняя еда рядом с вами',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const shortId = (id: string) => id.slice(0, 8);

// One formatter per locale, built once (building one costs far more than formatting).
const moneyFormats = new Map<string, Intl.NumberFormat>();

function money(para: number, s: Strings): string {
  let format = moneyFormats.get(s.locale);
  if (!format) {
    format = new Intl.NumberFormat(s.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(s.locale, format);
  }
  return `${format.format(para / 100)} RSD`;
}

function orderBlock(o: MailOrder, s: Strings, opts: { forProducer: boolean }): { text: string; html: string } {
  const lines = o.items.map((i) => `${i.name} × ${i.quantity} ${s.units[i.unit]} — ${money(i.unitPricePara * i.quantity, s)}`);
  const facts: [string, string][] = [
    [s.order, `${shortId(o.id)} · ${o.householdName}`],
    ...(opts.forProducer ? [[s.customer, o.customerName] as [string, string]] : []),
    [o.deliveryType === 'delivery' ? s.delivery : s.pickup, `${o.pickupDate} ${o.pickupTime}`],
    ...(o.deliveryType === 'delivery' && o.deliveryAddress ? [[s.address, o.deliveryAddress] as [string, string]] : []),
    [s.phone, o.contactPhone],
    ...(o.notes ? [[s.notes, o.notes] as [string, string]] : []),
  ];
  const text = [
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...lines.map((l) => `  - ${l}`),
    `${s.total}: ${money(o.totalPara, s)}`,
  ].join('\n');
  const html = [
    '<table style="border-collapse:collapse;margin:12px 0">',
    ...facts.map(([k, v]) => `<tr><th align="left" style="padding:2px 8px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table><ul>',
    ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
    `</ul><p><strong>${escapeHtml(s.total)}: ${escapeHtml(money(o.totalPara, s))}</strong></p>`,
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
  const s = STRINGS[buyer.language];
  const grand = orders.reduce((sum, o) => sum + o.totalPara, 0);
  return wrap(s, buyer.email, s.confirmationSubject(orders.length), s.confirmationIntro(buyer.name),
    orders.map((o) => orderBlock(o, s, { forProducer: false })), `${s.grandTotal}: ${money(grand, s)}`);
}

export function newOrderMail(producer: Person, o: MailOrder): Mail {
  const s = STRINGS[producer.language];
  return wrap(s, producer.email, s.newOrderSubject(o.customerName), s.newOrderIntro(producer.name, o.customerName), [orderBlock(o, s, { forProducer: true })]);
}

export function statusChangeMail(buyer: Person, o: MailOrder): Mail {
  const s = STRINGS[buyer.language];
  const status = s.statuses[o.status];
  return wrap(s, buyer.email, s.statusSubject(shortId(o.id), status), s.statusIntro(buyer.name, shortId(o.id), o.householdName, status), [orderBlock(o, s, { forProducer: false })]);
}

export function cancelledByBuyerMail(producer: Person, o: MailOrder): Mail {
  const s = STRINGS[producer.language];
  return wrap(s, producer.email, s.cancelledByBuyerSubject(shortId(o.id)), s.cancelledByBuyerIntro(producer.name, shortId(o.id), o.customerName), [orderBlock(o, s, { forProducer: true })]);
}
