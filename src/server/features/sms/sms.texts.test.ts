import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/constants.ts';
import { buildSms, parseSmsReply, SMS_SCRIPTS } from '#shared/sms.ts';
import { smsTexts, type SmsOrder } from './sms.texts.ts';

/** The SMS texts in each language the app speaks, in both SMS scripts (ADR 0049). */

const order: SmsOrder = {
  number: 100123, buyerName: 'Марија Николић', totalPara: 180_000, deliveryType: 'pickup', pickupDate: '2030-06-13', pickupTime: '10:00',
  pickupPointName: null, dropTitle: null, lines: [{ name: 'Кајмак', quantity: 2, unit: 'kg' }],
};

const expected = {
  sr: {
    latn: 'Porudzbina #100123, Marija, 1.800 din. Preuzimanje 13. jun 10:00. DA 100123 / NE 100123 razlog. 2 kg Kajmak',
    cyrl: 'Поруџбина #100123, Марија, 1.800 дин. Преузимање 13. јун 10:00. ДА 100123 / НЕ 100123 разлог. 2 кг Кајмак',
  },
  en: {
    latn: 'Order #100123, Marija, 1,800 RSD Pickup 13 Jun 10:00. YES 100123 / NO 100123 reason. 2 kg Kajmak',
    cyrl: 'Order #100123, Марија, 1,800 RSD Pickup 13 Jun 10:00. YES 100123 / NO 100123 reason. 2 kg Кајмак',
  },
  ru: {
    latn: 'Zakaz #100123, Marija, 1 800 din. Samovyvoz 13 ijun. 10:00. DA 100123 / NET 100123 pricina. 2 kg Kajmak',
    cyrl: 'Заказ #100123, Марија, 1 800 дин. Самовывоз 13 июн. 10:00. ДА 100123 / НЕТ 100123 причина. 2 кг Кајмак',
  },
};

describe('SMS texts in the producer\'s language', () => {
  for (const language of LANGUAGES) {
    const texts = smsTexts(language);
    const words = expected[language === 'sr-Latn' ? 'sr' : language];
    for (const script of SMS_SCRIPTS) {
      it(`${language}, ${script}: the order as written, the code and help in one part, the replies it teaches read`, () => {
        const sms = buildSms(texts.order(order, script), script);
        expect(sms.text).toBe(words[script]);
        expect(sms.encoding).toBe(script === 'latn' ? 'gsm7' : 'ucs2');
        expect(sms.parts).toBeLessThanOrEqual(2);
        for (const text of [texts.help, texts.code('123456')]) {
          const one = buildSms(text, script, 1);
          expect(one.parts).toBe(1);
          expect(one.text.endsWith('...') || one.text.endsWith('…'), one.text).toBe(false);
        }
        // Every reply the texts teach, as the producer would type it back (in the script received).
        const [yes, no] = sms.text.split('. ').at(-2)!.split(' / ');
        expect(parseSmsReply(yes!)).toEqual({ kind: 'confirm', number: 100123 });
        expect(parseSmsReply(`${no!.split(' ').slice(0, 2).join(' ')} nema`)).toEqual({ kind: 'decline', number: 100123, reason: 'nema' });
        const help = buildSms(texts.help, script, 1).text;
        const stop = /(?:^|\s)(STOP|СТОП)(?=\s|$)/u.exec(help)?.[1];
        expect(stop, help).toBeDefined();
        expect(parseSmsReply(stop!)).toEqual({ kind: 'stop' });
      });
    }
  }

  it('a long order is cut to its lines that fit, with how many more, within two parts', () => {
    const many: SmsOrder = { ...order, lines: Array.from({ length: 12 }, (_, i) => ({ name: `Производ број ${i + 1}`, quantity: i + 1, unit: 'kg' })) };
    for (const [language, more] of [['sr', 'и још'], ['en', 'more'], ['ru', 'и ещё']] as const) {
      const text = smsTexts(language).order(many, 'cyrl');
      expect(text).toContain(more);
      expect(buildSms(text, 'cyrl').parts).toBeLessThanOrEqual(2);
      expect(buildSms(text, 'cyrl').text.endsWith('…')).toBe(false);
    }
  });

  it('summaries and the quiet header in each language', () => {
    const lines = [{ name: 'Млеко', quantity: 4, unit: 'l' }];
    expect(smsTexts('en').standingDemand('2030-06-13', lines)).toMatch(/^Tomorrow 13 Jun standing orders: 4 /);
    const drop = buildSms(smsTexts('ru').dropCutoff({ title: 'Нови Сад', date: '2030-06-13', orders: 3, totalPara: 540_000, lines }), 'cyrl');
    expect(drop.text).toMatch(/^Дроп Нови Сад 13 июн\.: заказы закрыты\. 3 зак\., 5 400 дин\. Возьмите: 4 \S+ Млеко$/);
    expect(smsTexts('sr-Latn').quietHeader).toBe(smsTexts('sr').quietHeader);
    expect(buildSms(smsTexts('sr-Latn').quietHeader, 'latn').text).toBe('Domace, dok ste se odmarali:');
  });
});
