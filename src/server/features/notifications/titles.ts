import { textLanguage, type Language, type TextLanguage } from '#shared/constants.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import type { NotificationType } from '#shared/contracts/notifications.ts';

/** Notification titles in the reader's language, from the notification's type and data. */

type Data = Record<string, unknown>;
const str = (d: Data, k: string) => (typeof d[k] === 'string' ? d[k] : '');
const shortId = (id: string | null) => (id ?? '').slice(0, 8);

const STATUS: Record<TextLanguage, Record<string, string>> = {
  sr: { pending: 'на чекању', confirmed: 'потврђена', ready: 'спремна', completed: 'завршена', cancelled: 'отказана' },
  en: { pending: 'pending', confirmed: 'confirmed', ready: 'ready', completed: 'completed', cancelled: 'cancelled' },
  ru: { pending: 'ожидает', confirmed: 'подтверждён', ready: 'готов', completed: 'завершён', cancelled: 'отменён' },
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
  }
}
