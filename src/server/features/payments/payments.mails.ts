import { textLanguage, type Language } from '#shared/constants.ts';
import { formatDay, formatTotal } from '#shared/format.ts';
import { formatAccount, model97Reference } from '#shared/ips.ts';
import { escapeHtml } from '../../lib/html.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';
import type { ReminderOrder } from './payments.repository.ts';

/** The one gentle reminder to a buyer whose IPS order is unpaid the day before its date, in their language. */
export function paymentReminderMail(to: { email: string; name: string; language: Language }, o: ReminderOrder, publicUrl: string): Mail {
  const lang = textLanguage(to.language);
  const amount = formatTotal(o.totalPara / 100, lang);
  const day = formatDay(o.pickupDate, lang);
  const reference = model97Reference(String(o.number));
  const account = o.ipsAccount ? formatAccount(o.ipsAccount) : '';
  const texts = {
    sr: {
      subject: `Домаће: поруџбина #${o.number} још није плаћена`,
      body: `Поштовани/а ${to.name}, поруџбина #${o.number} код домаћинства „${o.householdName}” (${day}) још није означена као плаћена. Ако сте већ платили, на страници поруџбина притисните „Платио/ла сам” и занемарите ову поруку.`,
      facts: [['Рачун', account], ['Износ', amount], ['Позив на број', reference]],
      link: 'Ваше поруџбине',
    },
    en: {
      subject: `Domaće: order #${o.number} is not paid yet`,
      body: `Dear ${to.name}, order #${o.number} from "${o.householdName}" (${day}) is not marked paid yet. If you have already paid, press "I have paid" on your orders page and ignore this mail.`,
      facts: [['Account', account], ['Amount', amount], ['Reference', reference]],
      link: 'Your orders',
    },
    ru: {
      subject: `Domaće: заказ #${o.number} ещё не оплачен`,
      body: `${to.name}, заказ #${o.number} у хозяйства «${o.householdName}» (${day}) ещё не отмечен как оплаченный. Если вы уже оплатили, нажмите «Я оплатил(а)» на странице заказов и не обращайте внимания на это письмо.`,
      facts: [['Счёт', account], ['Сумма', amount], ['Номер платежа', reference]],
      link: 'Ваши заказы',
    },
  }[lang];
  const facts = texts.facts.filter(([, v]) => v !== '');
  const url = `${publicUrl.replace(/\/$/, '')}/orders`;
  return inLanguage({
    to: to.email,
    subject: texts.subject,
    text: `${texts.body}\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${texts.link}: ${url}\n`,
    html: `<!doctype html><html lang="${lang}"><body><p>${escapeHtml(texts.body)}</p><table>${facts.map(([k, v]) => `<tr><th align="left" style="padding:2px 8px 2px 0">${escapeHtml(k!)}</th><td>${escapeHtml(v!)}</td></tr>`).join('')}</table><p><a href="${escapeHtml(url)}">${escapeHtml(texts.link)}</a></p></body></html>`,
  }, to.language);
}
