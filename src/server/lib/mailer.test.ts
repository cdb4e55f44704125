import { describe, expect, it } from 'vitest';
import { accountMail } from '../features/auth/mails.ts';
import { inLanguage } from './mailer.ts';

describe('mails in Serbian Latin', () => {
  it('are the Cyrillic mails transliterated, address and code untouched', () => {
    const to = { email: 'marija@example.rs', name: 'Марија', language: 'sr' as const };
    const cyrillic = accountMail('signupCode', to, { code: '123456', validMs: 86_400_000 });
    const latin = accountMail('signupCode', { ...to, language: 'sr-Latn' }, { code: '123456', validMs: 86_400_000 });
    expect(cyrillic.subject).toBe('Домаће: код за потврду е-поште');
    expect(latin.subject).toBe('Domaće: kod za potvrdu e-pošte');
    expect(latin.to).toBe('marija@example.rs');
    expect(latin.text).toContain('Zdravo Marija,');
    expect(latin.text).toContain('123456');
    expect(latin.html).toContain('<html lang="sr-Latn">');
    expect(latin.text).not.toMatch(/[\u0400-\u04ff]/);
  });

  it('leaves other languages as written', () => {
    const mail = { to: 'a@b.rs', subject: 'Поруџбина', text: 'Текст', html: '<p>Текст</p>' };
    expect(inLanguage(mail, 'ru')).toEqual(mail);
    expect(inLanguage(mail, 'sr')).toEqual(mail);
  });
});
