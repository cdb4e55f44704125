import { describe, expect, it } from 'vitest';
import { notificationTitle } from './titles.ts';

const ORDER = '0a1b2c3d-0000-4000-8000-000000000000';

describe('notification titles', () => {
  it('are written in the reader language, Serbian Latin transliterated from the Cyrillic', () => {
    expect(notificationTitle('sr', 'order_status', ORDER, { status: 'confirmed' })).toBe('Поруџбина 0a1b2c3d је сада: потврђена');
    expect(notificationTitle('sr-Latn', 'order_status', ORDER, { status: 'confirmed' })).toBe('Porudžbina 0a1b2c3d je sada: potvrđena');
    expect(notificationTitle('en', 'message', ORDER, { authorName: 'Marija' })).toBe('New message from Marija (order 0a1b2c3d)');
    expect(notificationTitle('ru', 'moderation', null, { decision: 'account_suspended' })).toBe('Ваша учётная запись приостановлена');
  });

  it('fall back to a general title for an unknown moderation decision, in Latin too', () => {
    expect(notificationTitle('sr-Latn', 'moderation', null, { decision: 'made-up' })).toBe('Odluka moderatora u vezi sa vašim nalogom');
  });
});

describe('standing order titles', () => {
  it('say which date was skipped and why, or that it is paused, and the new price', () => {
    expect(notificationTitle('en', 'standing_skipped', null, { reason: 'out_of_stock', date: '2026-10-25' })).toBe('Standing order for 2026-10-25 skipped: not enough stock');
    expect(notificationTitle('sr-Latn', 'standing_skipped', null, { reason: 'household_suspended', paused: true })).toBe('Stalna porudžbina je pauzirana: domaćinstvo je suspendovano');
    expect(notificationTitle('ru', 'standing_skipped', null, { reason: 'made-up', date: '2027-03-28' })).toBe('Постоянный заказ на 2027-03-28 пропущен: заказ не удалось оформить');
    expect(notificationTitle('en', 'standing_price_changed', null, { productName: 'Milk', newPrice: 160 })).toBe('New price of Milk in your standing order: 160 RSD');
  });
});
