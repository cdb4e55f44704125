import { describe, expect, it } from 'vitest';
import { messagesMail } from './messages.mails.ts';

const input = (language: 'sr' | 'sr-Latn' | 'en') => ({
  to: { email: 'kupac@test.rs', name: 'Марија', language },
  orderId: '0a1b2c3d-0000-4000-8000-000000000000',
  householdName: 'Газдинство <Петровић>',
  messages: [{ authorName: 'Петар', body: 'Стиже сутра у 10 <b>', createdAt: new Date('2026-03-01T09:00:00Z') }],
  total: 3,
  link: 'https://domace.test/orders?order=0a1b2c3d-0000-4000-8000-000000000000',
});

describe('the messages mail', () => {
  it('is Serbian Latin for a sr-Latn reader: the Cyrillic mail transliterated', () => {
    const cyrillic = messagesMail(input('sr'));
    const latin = messagesMail(input('sr-Latn'));
    expect(cyrillic.subject).toBe('Нове поруке о поруџбини 0a1b2c3d (3)');
    expect(latin.subject).toBe('Nove poruke o porudžbini 0a1b2c3d (3)');
    expect(latin.text).toContain('… i još 2');
    expect(latin.text).not.toMatch(/[\u0400-\u04FF]/);
    expect(latin.to).toBe('kupac@test.rs');
  });

  it('escapes what people wrote in the HTML part', () => {
    const mail = messagesMail(input('en'));
    expect(mail.subject).toBe('3 new messages about order 0a1b2c3d');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).toContain('Газдинство &lt;Петровић&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
