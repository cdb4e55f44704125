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

/** How the outbox hands one mail over (lib/outbox.ts). */
export interface SendOptions {
  /** The outbox row's id, made the Message-ID (<id@the domain of MAIL_FROM>): a mail sent again after a crash carries the same one. */
  id?: string;
  /** Aborts the send (a timeout or a stop): a pooled transport drops the mail from its queue. */
  signal?: AbortSignal;
}

export interface Mailer {
  send: (mail: Mail, options?: SendOptions) => Promise<void>;
  /** Closes pooled connections (at shutdown). */
  close?: () => void;
}

/** Milliseconds; query parameters of SMTP_URL (e.g. ?socketTimeout=60000) override them. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/**
 * Pooled SMTP by default: a few connections, each reused for up to `maxMessages` mails, so a
 * mail costs MAIL FROM / RCPT TO / DATA on an open connection instead of a TCP (and TLS)
 * handshake and EHLO of its own. SMTP_URL's query overrides them (?pool=false, ?maxConnections=20).
 */
export const SMTP_POOL = { pool: true, maxConnections: 10, maxMessages: 100 } as const;

interface MailLog { info: (obj: object, msg: string) => void }

/** The options given to nodemailer.createTransport for SMTP_URL (exported for the test of the pool's configuration). */
export function smtpTransportOptions(smtpUrl: string) {
  return { url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS };
}

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise each mail is written to
 * DATA_DIR/outbox/*.eml and logged, so a developer can sign up locally (README.md).
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: MailLog }): Mailer {
  // The row's id as Message-ID and as the multipart boundaries' random part (a random UUID
  // too) also spares nodemailer eight randomBytes calls per mail.
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'domace.local';
  const message = (mail: Mail, options: SendOptions) => ({
    from: opts.from, ...mail, signal: options.signal,
    ...(options.id ? { messageId: `<${options.id}@${domain}>`, baseBoundary: options.id.replace(/-/g, '') } : {}),
  });
  if (opts.smtpUrl) {
    // The message is composed into one buffer and handed to the pool as `raw`: streamed
    // through SMTP part by part it cost a socket write per piece (most of a mail's CPU).
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    // A relay that does not answer is given up on in seconds, not the library's minutes: the
    // outbox retries later (lib/outbox.ts), and a stop never waits on a dead relay.
    const transport = nodemailer.createTransport(smtpTransportOptions(opts.smtpUrl));
    return {
      async send(mail, options = {}) {
        const composed = await composer.sendMail(message(mail, options));
        await transport.sendMail({ envelope: composed.envelope, raw: composed.message as Buffer, messageId: composed.messageId, signal: options.signal });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once, not before every file (that was a tenth of a mail's cost); made
  // again if someone removed it meanwhile.
  let folder: Promise<unknown> | undefined;
  const write = async (file: string, data: Buffer, signal: AbortSignal | undefined) => {
    folder ??= fs.mkdir(opts.outboxDir, { recursive: true }).catch((err: unknown) => { folder = undefined; throw err; });
    await folder;
    await fs.writeFile(file, data, { signal });
  };
  return {
    async send(mail, options = {}) {
      const info = await transport.sendMail(message(mail, options));
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      try {
        await write(file, info.message as Buffer, options.signal);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        folder = undefined;
        await write(file, info.message as Buffer, options.signal);
      }
      // The subject and recipient only: bodies may hold codes, which are never logged.
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
