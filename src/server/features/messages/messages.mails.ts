import { textLanguage, type Language, type TextLanguage } from '#shared/constants.ts';
import { formatDateTime } from '#shared/format.ts';
import { escapeHtml } from '../../lib/html.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';

/**
 * The mail about new messages of an order's conversation, in the recipient's
 * language. At most one per order and recipient per 10 minutes: each lists every message
 * the recipient has not been mailed about yet.
 */

export interface MailMessage { authorName: string; body: string; createdAt: Date }

interface Strings {
  locale: string;
  subject: (order: string, count: number) => string;
  intro: (name: string, order: string, household: string, count: number) => string;
  more: (count: number) => string;
  open: string;
  footer: string;
}

/** Serbian Latin mails are the Cyrillic ones transliterated (inLanguage). */
const STRINGS: Record<TextLanguage, Strings> = {
  sr: {
    locale: 'sr-Cyrl-RS',
    subject: (o, n) => (n === 1 ? `Нова порука о поруџбини ${o}` : `Нове поруке о поруџбини ${o} (${n})`),
    intro: (name, o, h, n) => `Поштовани/а ${name}, ${n === 1 ? 'стигла је нова порука' : `стигло је ${n} нових порука`} о поруџбини ${o} (${h}).`,
    more: (n) => `… и још ${n}`,
    open: 'Одговорите на страници поруџбине:',
    footer: 'Домаће — домаћа храна из вашег краја',
  },
  en: {
    locale: 'en-GB',
    subject: (o, n) => (n === 1 ? `New message about order ${o}` : `${n} new messages about order ${o}`),
    intro: (name, o, h, n) => `Dear ${name}, you have ${n === 1 ? 'a new message' : `${n} new messages`} about order ${o} (${h}).`,
    more: (n) => `… and ${n} more`,
    open: 'Reply on the order page:',
    footer: 'Domaće — home-made food from near you',
  },
  ru: {
    locale: 'ru-RU',
    subject: (o, n) => (n === 1 ? `Новое сообщение по заказу ${o}` : `Новые сообщения по заказу ${o} (${n})`),
    intro: (name, o, h, n) => `Здравствуйте, ${name}! ${n === 1 ? 'Новое сообщение' : `Новых сообщений: ${n}`} по заказу ${o} (${h}).`,
    more: (n) => `… и ещё ${n}`,
    open: 'Ответить можно на странице заказа:',
    footer: 'Domaće — домашняя еда рядом с вами',
  },
};

/** When a message was written, on the Belgrade clock, as the app writes dates (src/shared/format.ts). */
function time(at: Date, s: Strings): string {
  return formatDateTime(at, s.locale) ?? '';
}

export interface MessagesMailInput {
  to: { email: string; name: string; language: Language };
  orderId: string;
  householdName: string;
  /** The messages shown, oldest first; `total` counts all of them (those not shown too). */
  messages: MailMessage[];
  total: number;
  link: string;
}

export function messagesMail(m: MessagesMailInput): Mail {
  const s = STRINGS[textLanguage(m.to.language)];
  const order = m.orderId.slice(0, 8);
  const intro = s.intro(m.to.name, order, m.householdName, m.total);
  const hidden = m.total - m.messages.length;
  const lines = m.messages.map((msg) => ({ head: `${msg.authorName} · ${time(msg.createdAt, s)}`, body: msg.body }));
  const text = [
    intro, '',
    ...(hidden > 0 ? [s.more(hidden), ''] : []),
    ...lines.flatMap((l) => [l.head, ...l.body.split('\n').map((b) => `> ${b}`), '']),
    s.open, m.link, '', '--', s.footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(intro)}</p>`,
    hidden > 0 ? `<p>${escapeHtml(s.more(hidden))}</p>` : '',
    ...lines.map((l) => `<p><strong>${escapeHtml(l.head)}</strong></p><blockquote style="white-space:pre-wrap;margin:0 0 12px 12px">${escapeHtml(l.body)}</blockquote>`),
    `<p>${escapeHtml(s.open)} <a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>`,
    `<p style="color:#666">${escapeHtml(s.footer)}</p></body></html>`,
  ].join('');
  return inLanguage({ to: m.to.email, subject: s.subject(order, m.total), text, html }, m.to.language);
}
