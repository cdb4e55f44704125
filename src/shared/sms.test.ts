import { describe, expect, it } from 'vitest';
import { buildSms, gsmLength, isQuiet, normalisePhone, parseSmsReply, partsOf, sendableAt, toGsmLatin } from './sms.ts';

describe('normalisePhone', () => {
  it('writes Serbian numbers in E.164', () => {
    expect(normalisePhone('064 123 4567')).toBe('+381641234567');
    expect(normalisePhone('064/123-45-67')).toBe('+381641234567');
    expect(normalisePhone('+381 64 123 4567')).toBe('+381641234567');
    expect(normalisePhone('00381641234567')).toBe('+381641234567');
    expect(normalisePhone('381641234567')).toBe('+381641234567');
    expect(normalisePhone('011 123 456')).toBe('+38111123456');
    expect(normalisePhone('+49 151 23456789')).toBe('+4915123456789');
  });
  it('refuses what is not a phone', () => {
    for (const bad of ['', 'abc', '064 12', '+381 0641234567', '123', '+38164123456789', '064 123 4567 ext 2', '+0 123 456 789']) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
  });
});

describe('the text of a message', () => {
  it('is Latin without diacritics in GSM-7, 160 a part', () => {
    expect(toGsmLatin('Ђорђе, џем од шљива, Čačak, Žarko')).toBe('Djordje, dzem od sljiva, Cacak, Zarko');
    const one = buildSms('Нова поруџбина #100123: Ана, 2 кг јабука.', 'latn');
    expect(one).toEqual({ text: 'Nova porudzbina #100123: Ana, 2 kg jabuka.', encoding: 'gsm7', parts: 1 });
    expect(buildSms('a'.repeat(160), 'latn').parts).toBe(1);
    expect(buildSms('a'.repeat(161), 'latn').parts).toBe(2);
    expect(gsmLength('€[]')).toBe(6);
  });
  it('is UCS-2 in Cyrillic, 70 a part', () => {
    const text = 'Нова поруџбина #100123: Ана';
    expect(buildSms(text, 'cyrl')).toEqual({ text, encoding: 'ucs2', parts: 1 });
    expect(buildSms('ж'.repeat(70), 'cyrl').parts).toBe(1);
    expect(buildSms('ж'.repeat(71), 'cyrl').parts).toBe(2);
  });
  it('reads Russian in Latin the way a Serbian reader says it; no-break spaces are spaces', () => {
    expect(toGsmLatin('Новый заказ, ещё Юля, Щука, объём')).toBe('Novyj zakaz, esce Julja, Scuka, obem');
    expect(toGsmLatin('1\u00a0234 дин.')).toBe('1 234 din.');
  });
  it('in Cyrillic only when it needs it: an English text stays GSM-7', () => {
    expect(buildSms('Order #100123, Ana', 'cyrl')).toEqual({ text: 'Order #100123, Ana', encoding: 'gsm7', parts: 1 });
    expect(buildSms('Order #100123, Ана', 'cyrl').encoding).toBe('ucs2');
    expect(buildSms('Заказ #100123', 'cyrl')).toEqual({ text: 'Заказ #100123', encoding: 'ucs2', parts: 1 });
  });
  it('is cut to two parts at most', () => {
    const latn = buildSms('jabuka '.repeat(100), 'latn');
    expect(latn.parts).toBe(2);
    expect(gsmLength(latn.text)).toBeLessThanOrEqual(306);
    expect(latn.text.endsWith('...')).toBe(true);
    const cyrl = buildSms('јабука '.repeat(100), 'cyrl');
    expect(cyrl.parts).toBe(2);
    expect(cyrl.text.length).toBeLessThanOrEqual(134);
    expect(buildSms('jabuka '.repeat(100), 'latn', 1).parts).toBe(1);
    expect(partsOf(307, 'gsm7')).toBe(3);
  });
});

describe('parseSmsReply', () => {
  it('reads DA, NE and STOP whatever the case, diacritics, script and #', () => {
    expect(parseSmsReply('DA 100123')).toEqual({ kind: 'confirm', number: 100123 });
    expect(parseSmsReply(' da #100123 ')).toEqual({ kind: 'confirm', number: 100123 });
    expect(parseSmsReply('Да 100123')).toEqual({ kind: 'confirm', number: 100123 });
    expect(parseSmsReply('NE 100123 nema više')).toEqual({ kind: 'decline', number: 100123, reason: 'nema više' });
    expect(parseSmsReply('ne #100123')).toEqual({ kind: 'decline', number: 100123, reason: '' });
    expect(parseSmsReply('НЕ 100123 нема више')).toEqual({ kind: 'decline', number: 100123, reason: 'нема више' });
    expect(parseSmsReply('stop')).toEqual({ kind: 'stop' });
    expect(parseSmsReply('СТОП')).toEqual({ kind: 'stop' });
  });
  it('reads the English and Russian words the texts teach, in any script', () => {
    expect(parseSmsReply('yes 100123')).toEqual({ kind: 'confirm', number: 100123 });
    expect(parseSmsReply('NO 100123 sold out')).toEqual({ kind: 'decline', number: 100123, reason: 'sold out' });
    expect(parseSmsReply('НЕТ 100123 нет товара')).toEqual({ kind: 'decline', number: 100123, reason: 'нет товара' });
    expect(parseSmsReply('net #100123')).toEqual({ kind: 'decline', number: 100123, reason: '' });
    expect(parseSmsReply('да 100123')).toEqual({ kind: 'confirm', number: 100123 });
    expect(parseSmsReply('Стоп')).toEqual({ kind: 'stop' });
    for (const text of ['YES', 'NOT 100123', 'NETT 100123', 'YESS 100123']) expect(parseSmsReply(text), text).toEqual({ kind: 'help' });
  });
  it('answers anything else with help', () => {
    for (const text of ['', 'hvala', 'DA', 'NE molim', 'DANE 100123', 'stop it now']) expect(parseSmsReply(text), text).toEqual({ kind: 'help' });
  });
});

describe('quiet hours (Europe/Belgrade)', () => {
  it('hold a message until they end, in winter and in summer', () => {
    // Winter: UTC+1. 22:30 Belgrade = 21:30 UTC; quiet until 07:00 Belgrade = 06:00 UTC.
    const winter = new Date('2026-01-15T21:30:00Z');
    expect(isQuiet(winter, '21:00', '07:00')).toBe(true);
    expect(sendableAt(winter, '21:00', '07:00').toISOString()).toBe('2026-01-16T06:00:00.000Z');
    // Summer: UTC+2. 05:00 Belgrade = 03:00 UTC; quiet until 07:00 = 05:00 UTC the same day.
    const summer = new Date('2026-07-15T03:00:00Z');
    expect(sendableAt(summer, '21:00', '07:00').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // Noon is not quiet.
    const noon = new Date('2026-07-15T10:00:00Z');
    expect(isQuiet(noon, '21:00', '07:00')).toBe(false);
    expect(sendableAt(noon, '21:00', '07:00')).toBe(noon);
  });
  it('across the night summer time starts and ends', () => {
    // 29 March 2026: clocks go 02:00 → 03:00. 23:00 Belgrade on the 28th (UTC+1) = 22:00 UTC.
    expect(sendableAt(new Date('2026-03-28T22:00:00Z'), '21:00', '07:00').toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // 25 October 2026: clocks go 03:00 → 02:00. 23:00 on the 24th (UTC+2) = 21:00 UTC.
    expect(sendableAt(new Date('2026-10-24T21:00:00Z'), '21:00', '07:00').toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });
  it('within a day, and none when from equals to', () => {
    expect(isQuiet(new Date('2026-07-15T11:00:00Z'), '12:00', '14:00')).toBe(true);
    expect(isQuiet(new Date('2026-07-15T11:00:00Z'), '00:00', '00:00')).toBe(false);
  });
});
