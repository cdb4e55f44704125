import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface Mail { to: string; subject: string; text: string; html: string }

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
}

interface MailLog { info: (obj: object, msg: string) => void }

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise each mail is written to
 * DATA_DIR/outbox/*.eml and logged, so a developer can sign up locally (DESIGN.md 1).
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: MailLog }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
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
