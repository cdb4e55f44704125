import { textLanguage, type Language } from '#shared/constants.ts';
import { formatTotal } from '#shared/format.ts';
import { paragraphAndLink, type Mail } from '../../lib/mailer.ts';

/** The producer's mail when a buyer says an IPS order is paid (POST /api/orders/:id/payment-sent). */
export function paymentReportedMail(
  to: { email: string; name: string; language: Language },
  o: { number: number; customerName: string; totalPara: number; publicUrl: string },
): Mail {
  const lang = textLanguage(to.language);
  const amount = formatTotal(o.totalPara / 100, lang);
  const texts = {
    sr: {
      subject: `Домаће: купац ${o.customerName} каже да је платио/ла поруџбину #${o.number}`,
      body: `Поштовани/а ${to.name}, купац ${o.customerName} каже да је уплатио/ла ${amount} за поруџбину #${o.number}. Када уплата стигне, означите је као плаћену (или увезите извод из банке).`,
      link: 'Поруџбине',
    },
    en: {
      subject: `Domaće: ${o.customerName} says order #${o.number} is paid`,
      body: `Dear ${to.name}, ${o.customerName} says they paid ${amount} for order #${o.number}. When the money arrives, mark it paid (or import your bank statement).`,
      link: 'Orders',
    },
    ru: {
      subject: `Domaće: ${o.customerName} сообщает об оплате заказа #${o.number}`,
      body: `${to.name}, покупатель ${o.customerName} сообщает, что оплатил(а) ${amount} за заказ #${o.number}. Когда деньги поступят, отметьте заказ оплаченным (или загрузите банковскую выписку).`,
      link: 'Заказы',
    },
  }[lang];
  const url = `${o.publicUrl.replace(/\/$/, '')}/producer/dashboard?tab=orders`;
  return paragraphAndLink(to, texts, url);
}
