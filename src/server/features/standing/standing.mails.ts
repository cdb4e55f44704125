import { textLanguage, type Language } from '#shared/constants.ts';
import { paragraphAndLink, type Mail } from '../../lib/mailer.ts';

/** The mail telling a buyer that a standing order's cycle was not ordered, in their language. */

const REASONS: Record<'sr' | 'en' | 'ru', Record<string, string>> = {
  sr: {
    out_of_stock: 'нема довољно залиха', product_unavailable: 'производ више није у понуди', below_minimum: 'износ је испод најмање поруџбине',
    slot_unavailable: 'термин преузимања није доступан', delivery_unavailable: 'достава није доступна', payment_unavailable: 'начин плаћања није доступан',
    not_yet_available: 'производ још није доступан', preorder_limit: 'производ је распродат у претпродаји', date_passed: 'датум је прошао док сервис није радио', other: 'поруџбина није могла да се направи',
  },
  en: {
    out_of_stock: 'there is not enough stock', product_unavailable: 'a product is no longer offered', below_minimum: 'the total is below the minimum order',
    slot_unavailable: 'the pickup time is not available', delivery_unavailable: 'delivery is not available', payment_unavailable: 'the payment method is not available',
    not_yet_available: 'a product is not available yet', preorder_limit: 'a product\'s pre-order limit is reached', date_passed: 'the date passed while the service was down', other: 'the order could not be placed',
  },
  ru: {
    out_of_stock: 'недостаточно товара', product_unavailable: 'товар больше не продаётся', below_minimum: 'сумма ниже минимального заказа',
    slot_unavailable: 'время выдачи недоступно', delivery_unavailable: 'доставка недоступна', payment_unavailable: 'способ оплаты недоступен',
    not_yet_available: 'товар ещё недоступен', preorder_limit: 'лимит предзаказа товара исчерпан', date_passed: 'дата прошла, пока сервис не работал', other: 'заказ не удалось оформить',
  },
};

export function standingSkippedMail(to: { email: string; name: string; language: Language }, c: { householdName: string; date: string; reason: string; publicUrl: string }): Mail {
  const lang = textLanguage(to.language);
  const reason = REASONS[lang][c.reason] ?? REASONS[lang].other!;
  const texts = {
    sr: { subject: `Домаће: стална поруџбина за ${c.date} је прескочена`, body: `Поштовани ${to.name}, сталну поруџбину код домаћинства „${c.householdName}” за ${c.date} нисмо могли да направимо: ${reason}. Следећи пут покушавамо поново.`, link: 'Ваше поруџбине' },
    en: { subject: `Domaće: standing order for ${c.date} skipped`, body: `Dear ${to.name}, we could not place your standing order from "${c.householdName}" for ${c.date}: ${reason}. We will try again next time.`, link: 'Your orders' },
    ru: { subject: `Domaće: постоянный заказ на ${c.date} пропущен`, body: `${to.name}, мы не смогли оформить ваш постоянный заказ у хозяйства «${c.householdName}» на ${c.date}: ${reason}. В следующий раз попробуем снова.`, link: 'Ваши заказы' },
  }[lang];
  const url = `${c.publicUrl.replace(/\/$/, '')}/orders`;
  return paragraphAndLink(to, texts, url);
}
