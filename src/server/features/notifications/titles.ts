import { textLanguage, type Language, type TextLanguage } from '#shared/constants.ts';
import { formatTotal } from '#shared/format.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import type { NotificationType } from '#shared/contracts/notifications.ts';

/** Notification titles in the reader's language, from the notification's type and data. */

type Data = Record<string, unknown>;
const str = (d: Data, k: string) => (typeof d[k] === 'string' ? d[k] : '');
const shortId = (id: string | null) => (id ?? '').slice(0, 8);

const STATUS: Record<TextLanguage, Record<string, string>> = {
  sr: { pending: 'на чекању', confirmed: 'потврђена', ready: 'спремна', completed: 'завршена', cancelled: 'отказана', awaiting_buyer: 'чека вашу сагласност за коначан износ', no_show: 'није преузета', awaiting_deposit: 'чека капару' },
  en: { pending: 'pending', confirmed: 'confirmed', ready: 'ready', completed: 'completed', cancelled: 'cancelled', awaiting_buyer: 'waiting for you to accept the final total', no_show: 'not collected', awaiting_deposit: 'waiting for the deposit' },
  ru: { pending: 'ожидает', confirmed: 'подтверждён', ready: 'готов', completed: 'завершён', cancelled: 'отменён', awaiting_buyer: 'ждёт вашего согласия с окончательной суммой', no_show: 'не забран', awaiting_deposit: 'ждёт предоплату' },
};

const MODERATION: Record<TextLanguage, Record<string, string>> = {
  sr: {
    producer_approved: 'Ваше домаћинство је одобрено и сада је јавно',
    producer_suspended: 'Ваше домаћинство је суспендовано',
    producer_reinstated: 'Ваше домаћинство је поново активно',
    content_hidden: 'Ваш садржај је сакривен након пријаве',
    content_restored: 'Ваш садржај је враћен',
    account_suspended: 'Ваш налог је суспендован',
    account_reinstated: 'Ваш налог је поново активан',
    other: 'Одлука модератора у вези са вашим налогом',
  },
  en: {
    producer_approved: 'Your household has been approved and is now public',
    producer_suspended: 'Your household has been suspended',
    producer_reinstated: 'Your household is active again',
    content_hidden: 'Your content was hidden after a report',
    content_restored: 'Your content has been restored',
    account_suspended: 'Your account has been suspended',
    account_reinstated: 'Your account is active again',
    other: 'A moderation decision concerning your account',
  },
  ru: {
    producer_approved: 'Ваше хозяйство одобрено и теперь доступно всем',
    producer_suspended: 'Ваше хозяйство приостановлено',
    producer_reinstated: 'Ваше хозяйство снова активно',
    content_hidden: 'Ваш материал скрыт после жалобы',
    content_restored: 'Ваш материал восстановлен',
    account_suspended: 'Ваша учётная запись приостановлена',
    account_reinstated: 'Ваша учётная запись снова активна',
    other: 'Решение модератора по вашей учётной записи',
  },
};

/** Why a standing order's cycle was skipped or the standing order paused (features/standing). */
const STANDING_REASON: Record<TextLanguage, Record<string, string>> = {
  sr: {
    out_of_stock: 'нема довољно залиха', product_unavailable: 'производ више није у понуди', below_minimum: 'испод најмање поруџбине',
    slot_unavailable: 'термин није доступан', delivery_unavailable: 'достава није доступна', payment_unavailable: 'начин плаћања није доступан',
    not_yet_available: 'производ још није доступан', preorder_limit: 'производ је распродат у претпродаји', date_passed: 'датум је прошао док сервис није радио',
    product_removed: 'производ је уклоњен', household_suspended: 'домаћинство је суспендовано', other: 'поруџбина није могла да се направи',
  },
  en: {
    out_of_stock: 'not enough stock', product_unavailable: 'a product is no longer offered', below_minimum: 'below the minimum order',
    slot_unavailable: 'the pickup time is not available', delivery_unavailable: 'delivery is not available', payment_unavailable: 'the payment method is not available',
    not_yet_available: 'a product is not available yet', preorder_limit: 'a product\'s pre-order limit is reached', date_passed: 'the date passed while the service was down',
    product_removed: 'a product was removed', household_suspended: 'the household is suspended', other: 'the order could not be placed',
  },
  ru: {
    out_of_stock: 'недостаточно товара', product_unavailable: 'товар больше не продаётся', below_minimum: 'ниже минимального заказа',
    slot_unavailable: 'время выдачи недоступно', delivery_unavailable: 'доставка недоступна', payment_unavailable: 'способ оплаты недоступен',
    not_yet_available: 'товар ещё недоступен', preorder_limit: 'лимит предзаказа товара исчерпан', date_passed: 'дата прошла, пока сервис не работал',
    product_removed: 'товар удалён', household_suspended: 'хозяйство приостановлено', other: 'заказ не удалось оформить',
  },
};

export function notificationTitle(language: Language, type: NotificationType, orderId: string | null, data: Data): string {
  const title = handWrittenTitle(textLanguage(language), type, orderId, data);
  // Serbian Latin titles are the Cyrillic ones transliterated.
  return language === 'sr-Latn' ? toSerbianLatin(title) : title;
}

function handWrittenTitle(language: TextLanguage, type: NotificationType, orderId: string | null, data: Data): string {
  const id = shortId(orderId);
  switch (type) {
    case 'order_placed':
      return { sr: `Нова поруџбина ${id} од купца ${str(data, 'customerName')}`, en: `New order ${id} from ${str(data, 'customerName')}`, ru: `Новый заказ ${id} от ${str(data, 'customerName')}` }[language];
    case 'order_status': {
      const status = STATUS[language][str(data, 'status')] ?? str(data, 'status');
      return { sr: `Поруџбина ${id} је сада: ${status}`, en: `Order ${id} is now ${status}`, ru: `Заказ ${id}: ${status}` }[language];
    }
    case 'message':
      return { sr: `Нова порука од ${str(data, 'authorName')} (поруџбина ${id})`, en: `New message from ${str(data, 'authorName')} (order ${id})`, ru: `Новое сообщение от ${str(data, 'authorName')} (заказ ${id})` }[language];
    case 'review': {
      const rating = typeof data.rating === 'number' ? `${data.rating}★` : '';
      return { sr: `Нова оцена ${rating} за ${str(data, 'productName')}`, en: `New ${rating} review of ${str(data, 'productName')}`, ru: `Новый отзыв ${rating} о ${str(data, 'productName')}` }[language];
    }
    case 'moderation':
      return MODERATION[language][str(data, 'decision')] ?? MODERATION[language].other!;
    case 'standing_skipped': {
      const reason = STANDING_REASON[language][str(data, 'reason')] ?? STANDING_REASON[language].other!;
      const date = str(data, 'date');
      if (data.paused === true) {
        return { sr: `Стална поруџбина је паузирана: ${reason}`, en: `Standing order paused: ${reason}`, ru: `Постоянный заказ приостановлен: ${reason}` }[language];
      }
      return { sr: `Стална поруџбина за ${date} је прескочена: ${reason}`, en: `Standing order for ${date} skipped: ${reason}`, ru: `Постоянный заказ на ${date} пропущен: ${reason}` }[language];
    }
    case 'order_weighed': {
      const total = typeof data.total === 'number' ? formatTotal(data.total, language) : '';
      return { sr: `Поруџбина ${id} је измерена: коначан износ ${total}`, en: `Order ${id} has been weighed: final total ${total}`, ru: `Заказ ${id} взвешен: окончательная сумма ${total}` }[language];
    }
    case 'standing_price_changed': {
      const name = str(data, 'productName');
      const price = typeof data.newPrice === 'number' || typeof data.newPrice === 'string' ? String(data.newPrice) : '';
      return { sr: `Нова цена за ${name} у сталној поруџбини: ${price} РСД`, en: `New price of ${name} in your standing order: ${price} RSD`, ru: `Новая цена ${name} в постоянном заказе: ${price} RSD` }[language];
    }
    case 'payment_reported': {
      const number = typeof data.number === 'number' ? `#${data.number}` : id;
      if (data.deposit === true) {
        return { sr: `${str(data, 'customerName')} каже да је уплатио/ла капару за поруџбину ${number}: потврдите уплату`, en: `${str(data, 'customerName')} says the deposit of order ${number} is paid: confirm the payment`, ru: `${str(data, 'customerName')} сообщает, что предоплата за заказ ${number} внесена: подтвердите оплату` }[language];
      }
      return { sr: `${str(data, 'customerName')} каже да је платио/ла поруџбину ${number}: потврдите уплату`, en: `${str(data, 'customerName')} says order ${number} is paid: confirm the payment`, ru: `${str(data, 'customerName')} сообщает, что заказ ${number} оплачен: подтвердите оплату` }[language];
    }
    case 'payment_reminder': {
      const number = typeof data.number === 'number' ? `#${data.number}` : id;
      return { sr: `Подсетник: поруџбина ${number} (${str(data, 'householdName')}) још није плаћена, преузимање је сутра`, en: `Reminder: order ${number} (${str(data, 'householdName')}) is not paid yet, it is due tomorrow`, ru: `Напоминание: заказ ${number} (${str(data, 'householdName')}) ещё не оплачен, получение завтра` }[language];
    }
    case 'waitlist_offer': {
      const [name, quantity, until] = [str(data, 'productName'), str(data, 'quantity'), str(data, 'heldUntil')];
      return { sr: `${name} је поново ту: ${quantity} чека на вас до ${until}`, en: `${name} is back: ${quantity} is held for you until ${until}`, ru: `${name} снова в наличии: ${quantity} отложено для вас до ${until}` }[language];
    }
    case 'drop_announced': {
      const [who, town, date] = [str(data, 'householdName'), str(data, 'town'), str(data, 'date')];
      return { sr: `${who} доноси поруџбине у ${town}, ${date}`, en: `${who} brings orders to ${town} on ${date}`, ru: `${who} привозит заказы в ${town}, ${date}` }[language];
    }
    case 'drop_changed': {
      const [title, date] = [str(data, 'title'), str(data, 'date')];
      const change = str(data, 'change');
      if (change === 'cancelled') {
        return { sr: `Испорука „${title}” (${date}) је отказана`, en: `The drop "${title}" (${date}) is cancelled`, ru: `Выдача «${title}» (${date}) отменена` }[language];
      }
      const what = {
        sr: { place: 'ново место', time: 'ново време', place_time: 'ново место и време' },
        en: { place: 'new place', time: 'new time', place_time: 'new place and time' },
        ru: { place: 'новое место', time: 'новое время', place_time: 'новое место и время' },
      }[language][change as 'place' | 'time' | 'place_time'] ?? '';
      return { sr: `Испорука „${title}” (${date}): ${what}`, en: `The drop "${title}" (${date}): ${what}`, ru: `Выдача «${title}» (${date}): ${what}` }[language];
    }
  }
}
