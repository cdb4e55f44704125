import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Language } from '#shared/constants.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';

export interface Mail { to: string; subject: string; text: string; html: string }

/**
 * A mail written from the hand-written texts of `textLanguage(language)`, put in the recipient's
 * script: Serbian Latin mails are the Cyrillic ones transliterated (the address stays as it is).
 */
export function inLanguage(mail: Mail, language: Language): Mail {
  if (language !== 'sr-Latn') return mail;
  return {
    ...mail,
    subject: toSerbianLatin(mail.subject),
    text: toSerbianLatin(mail.text),
    html: toSerbianLatin(mail.html).replace(/<html lang="sr">/, '<html lang="sr-Latn">'),
  };
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
}

/** Milliseconds; query parameters of SMTP_URL (e.g. ?socketTimeout=60000) override them. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

interface MailLog { info: (obj: object, msg: string) => void }

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise each mail is written to
 * DATA_DIR/outbox/*.eml and logged, so a developer can sign up locally (README.md).
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: MailLog }): Mailer {
  if (opts.smtpUrl) {
    // A relay that does not answer is given up on in seconds, not the library's minutes: the
    // outbox retries later (lib/outbox.ts), and a stop never waits on a dead relay.
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The subject and recipient only: bodies may hold codes, which are never logged.
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
