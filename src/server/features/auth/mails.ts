import { textLanguage, type Language, type TextLanguage } from '#shared/constants.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The account mails, in the user's language, as plain text and HTML.
 * Codes appear only here and in the outbox row, never in the log.
 */
type Kind = 'signupCode' | 'resetCode' | 'passwordChanged';

interface Texts { subject: string; greeting: (name: string) => string; lines: (vars: { code: string; minutes: number; hours: number }) => string[]; signature: string }

const TEXTS: Record<TextLanguage, Record<Kind, Texts>> = {
  sr: {
    signupCode: {
      subject: 'Домаће: код за потврду е-поште',
      greeting: (n) => `Здраво ${n},`,
      lines: ({ code, hours }) => [`Ваш код за потврду е-поште је: ${code}`, `Код важи ${hours} сата. Ако се нисте ви регистровали, занемарите ову поруку.`],
      signature: 'Тим Домаће',
    },
    resetCode: {
      subject: 'Домаће: код за промену лозинке',
      greeting: (n) => `Здраво ${n},`,
      lines: ({ code, minutes }) => [`Ваш код за промену лозинке је: ${code}`, `Код важи ${minutes} минута. Ако нисте тражили промену лозинке, занемарите ову поруку.`],
      signature: 'Тим Домаће',
    },
    passwordChanged: {
      subject: 'Домаће: лозинка је промењена',
      greeting: (n) => `Здраво ${n},`,
      lines: () => ['Лозинка вашег налога је управо промењена.', 'Ако то нисте били ви, одмах затражите нову лозинку преко опције „Заборављена лозинка“.'],
      signature: 'Тим Домаће',
    },
  },
  en: {
    signupCode: {
      subject: 'Domaće: your verification code',
      greeting: (n) => `Hello ${n},`,
      lines: ({ code, hours }) => [`Your email verification code is: ${code}`, `The code is valid for ${hours} hours. If you did not sign up, ignore this message.`],
      signature: 'The Domaće team',
    },
    resetCode: {
      subject: 'Domaće: your password reset code',
      greeting: (n) => `Hello ${n},`,
      lines: ({ code, minutes }) => [`Your password reset code is: ${code}`, `The code is valid for ${minutes} minutes. If you did not ask to reset your password, ignore this message.`],
      signature: 'The Domaće team',
    },
    passwordChanged: {
      subject: 'Domaće: your password was changed',
      greeting: (n) => `Hello ${n},`,
      lines: () => ['The password of your account was just changed.', 'If this was not you, reset your password at once with "Forgot password".'],
      signature: 'The Domaće team',
    },
  },
  ru: {
    signupCode: {
      subject: 'Domaće: код подтверждения почты',
      greeting: (n) => `Здравствуйте, ${n}!`,
      lines: ({ code, hours }) => [`Ваш код подтверждения электронной почты: ${code}`, `Код действует ${hours} часа. Если вы не регистрировались, проигнорируйте это письмо.`],
      signature: 'Команда Domaće',
    },
    resetCode: {
      subject: 'Domaće: код для сброса пароля',
      greeting: (n) => `Здравствуйте, ${n}!`,
      lines: ({ code, minutes }) => [`Ваш код для сброса пароля: ${code}`, `Код действует ${minutes} минут. Если вы не запрашивали сброс пароля, проигнорируйте это письмо.`],
      signature: 'Команда Domaće',
    },
    passwordChanged: {
      subject: 'Domaće: пароль изменён',
      greeting: (n) => `Здравствуйте, ${n}!`,
      lines: () => ['Пароль вашей учётной записи только что изменён.', 'Если это были не вы, немедленно сбросьте пароль через «Забыли пароль».'],
      signature: 'Команда Domaće',
    },
  },
};

export function accountMail(kind: Kind, to: { email: string; name: string; language: Language }, vars: { code?: string; validMs?: number } = {}): Mail {
  const texts = TEXTS[textLanguage(to.language)][kind];
  const validMs = vars.validMs ?? 0;
  const lines = texts.lines({ code: vars.code ?? '', minutes: Math.round(validMs / 60_000), hours: Math.round(validMs / 3_600_000) });
  const greeting = texts.greeting(to.name);
  const text = [greeting, '', ...lines, '', texts.signature, ''].join('\n');
  const codeBlock = vars.code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(vars.code)}</p>`
    : '';
  const html = `<!doctype html><html lang="${textLanguage(to.language)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">`
    + `<p>${escapeHtml(greeting)}</p>`
    + lines.map((l, i) => (i === 0 && vars.code ? `<p>${escapeHtml(l.replace(vars.code, '').replace(/[:\s]+$/, ''))}:</p>${codeBlock}` : `<p>${escapeHtml(l)}</p>`)).join('')
    + `<p>${escapeHtml(texts.signature)}</p></body></html>`;
  return inLanguage({ to: to.email, subject: texts.subject, text, html }, to.language);
}

const NEW_PRODUCER: Record<TextLanguage, { subject: string; greeting: (n: string) => string; line: (producer: string, email: string) => string; action: string; signature: string }> = {
  sr: {
    subject: 'Домаће: нови произвођач чека одобрење',
    greeting: (n) => `Здраво ${n},`,
    line: (p, e) => `Нови произвођач „${p}“ (${e}) је потврдио налог и чека одобрење.`,
    action: 'Одобрите или одбијте га у конзоли:',
    signature: 'Тим Домаће',
  },
  en: {
    subject: 'Domaće: a new producer awaits approval',
    greeting: (n) => `Hello ${n},`,
    line: (p, e) => `A new producer "${p}" (${e}) confirmed their account and awaits approval.`,
    action: 'Approve or suspend it in the console:',
    signature: 'The Domaće team',
  },
  ru: {
    subject: 'Domaće: новый производитель ждёт одобрения',
    greeting: (n) => `Здравствуйте, ${n}!`,
    line: (p, e) => `Новый производитель «${p}» (${e}) подтвердил аккаунт и ждёт одобрения.`,
    action: 'Одобрите или приостановите его в консоли:',
    signature: 'Команда Domaće',
  },
};

/** To an operator: a producer confirmed its account and waits for approval (PRODUCER_APPROVAL=manual). */
export function newProducerMail(to: { email: string; name: string; language: Language }, producer: { name: string; email: string }, consoleUrl: string): Mail {
  const t = NEW_PRODUCER[textLanguage(to.language)];
  const lines = [t.greeting(to.name), '', t.line(producer.name, producer.email), t.action, consoleUrl, '', t.signature, ''];
  const html = `<!doctype html><html lang="${textLanguage(to.language)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">`
    + `<p>${escapeHtml(t.greeting(to.name))}</p><p>${escapeHtml(t.line(producer.name, producer.email))}</p>`
    + `<p>${escapeHtml(t.action)} <a href="${escapeHtml(consoleUrl)}">${escapeHtml(consoleUrl)}</a></p>`
    + `<p>${escapeHtml(t.signature)}</p></body></html>`;
  return inLanguage({ to: to.email, subject: t.subject, text: lines.join('\n'), html }, to.language);
}
