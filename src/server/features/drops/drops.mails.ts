import { textLanguage, type Language } from '#shared/constants.ts';
import { formatDay } from '#shared/format.ts';
import { escapeHtml } from '../../lib/html.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';

/** The drop mails, in the recipient's language (docs/drops.md): announced, changed, cancelled. */

export interface MailPerson { email: string; name: string; language: Language }

export interface MailDrop {
  id: string;
  title: string;
  place: { name: string; address: string; town: string };
  date: string;
  opens: string;
  closes: string;
}

const FOOTER = { sr: 'Домаће — домаћа храна из вашег краја', en: 'Domaće — home-made food from near you', ru: 'Domaće — домашняя еда рядом с вами' };
const LINK = { sr: 'Погледајте испоруку', en: 'See the drop', ru: 'Открыть выдачу' };

function when(d: MailDrop, language: Language) {
  return `${formatDay(d.date, language)}, ${d.opens}–${d.closes}`;
}
const where = (d: MailDrop) => `${d.place.name}, ${d.place.address}, ${d.place.town}`;

function compose(to: MailPerson, subject: string, paragraphs: string[], url: string): Mail {
  const lang = textLanguage(to.language);
  return inLanguage({
    to: to.email,
    subject,
    text: [...paragraphs, '', `${LINK[lang]}: ${url}`, '', '--', FOOTER[lang]].join('\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}`
      + `<p><a href="${escapeHtml(url)}">${escapeHtml(LINK[lang])}</a></p><p style="color:#666">${escapeHtml(FOOTER[lang])}</p></body></html>`,
  }, to.language);
}

const dropUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/drop/${id}`;

/** To a follower: a followed household announced or joined a drop. */
export function dropAnnouncedMail(to: MailPerson, householdName: string, d: MailDrop, repeats: number, publicUrl: string): Mail {
  const lang = textLanguage(to.language);
  const t = {
    sr: {
      subject: `${householdName} доноси поруџбине: ${d.place.town}, ${formatDay(d.date, to.language)}`,
      body: [`Поштовани/а ${to.name}, домаћинство „${householdName}” које пратите доноси поруџбине на испоруку „${d.title}”.`,
        `${when(d, to.language)} — ${where(d)}.`, ...(repeats > 0 ? [`Испорука се понавља сваке недеље још ${repeats} пута.`] : [])],
    },
    en: {
      subject: `${householdName} brings orders to ${d.place.town} on ${formatDay(d.date, to.language)}`,
      body: [`Dear ${to.name}, ${householdName}, a household you follow, brings orders to the drop "${d.title}".`,
        `${when(d, to.language)} — ${where(d)}.`, ...(repeats > 0 ? [`The drop repeats weekly ${repeats} more times.`] : [])],
    },
    ru: {
      subject: `${householdName} привозит заказы: ${d.place.town}, ${formatDay(d.date, to.language)}`,
      body: [`Здравствуйте, ${to.name}! Хозяйство «${householdName}», на которое вы подписаны, привозит заказы на выдачу «${d.title}».`,
        `${when(d, to.language)} — ${where(d)}.`, ...(repeats > 0 ? [`Выдача повторяется каждую неделю ещё ${repeats} раз.`] : [])],
    },
  }[lang];
  return compose(to, t.subject, t.body, dropUrl(publicUrl, d.id));
}

/** To a buyer with an order for the drop: its place or time changed. */
export function dropChangedMail(to: MailPerson, d: MailDrop, publicUrl: string): Mail {
  const lang = textLanguage(to.language);
  const t = {
    sr: { subject: `Испорука „${d.title}” је промењена`, body: [`Поштовани/а ${to.name}, испорука „${d.title}” за коју имате поруџбину је промењена.`, `Сада: ${when(d, to.language)} — ${where(d)}.`] },
    en: { subject: `The drop "${d.title}" has changed`, body: [`Dear ${to.name}, the drop "${d.title}" you have an order for has changed.`, `Now: ${when(d, to.language)} — ${where(d)}.`] },
    ru: { subject: `Выдача «${d.title}» изменена`, body: [`Здравствуйте, ${to.name}! Выдача «${d.title}», на которую у вас есть заказ, изменена.`, `Теперь: ${when(d, to.language)} — ${where(d)}.`] },
  }[lang];
  return compose(to, t.subject, t.body, dropUrl(publicUrl, d.id));
}

/** To a buyer with an order for the drop: the host cancelled it; the orders are cancelled. */
export function dropCancelledMail(to: MailPerson, d: MailDrop, orderNumbers: number[], reason: string | null, publicUrl: string): Mail {
  const lang = textLanguage(to.language);
  const numbers = orderNumbers.map((n) => `#${n}`).join(', ');
  const t = {
    sr: {
      subject: `Испорука „${d.title}” је отказана`,
      body: [`Поштовани/а ${to.name}, испорука „${d.title}” (${when(d, to.language)}, ${where(d)}) је отказана.`,
        ...(reason ? [`Разлог: ${reason}`] : []), `Ваше поруџбине ${numbers} су отказане; ништа не плаћате.`],
    },
    en: {
      subject: `The drop "${d.title}" is cancelled`,
      body: [`Dear ${to.name}, the drop "${d.title}" (${when(d, to.language)}, ${where(d)}) has been cancelled.`,
        ...(reason ? [`Reason: ${reason}`] : []), `Your orders ${numbers} are cancelled; you pay nothing.`],
    },
    ru: {
      subject: `Выдача «${d.title}» отменена`,
      body: [`Здравствуйте, ${to.name}! Выдача «${d.title}» (${when(d, to.language)}, ${where(d)}) отменена.`,
        ...(reason ? [`Причина: ${reason}`] : []), `Ваши заказы ${numbers} отменены; платить ничего не нужно.`],
    },
  }[lang];
  return compose(to, t.subject, t.body, dropUrl(publicUrl, d.id));
}
