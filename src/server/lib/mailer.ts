import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { Worker } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import { textLanguage, type Language } from '#shared/constants.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../config/root.ts';
import { escapeHtml } from './html.ts';

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

/**
 * A mail of one paragraph and one link (`texts` written in `textLanguage` of the recipient's
 * language), in the recipient's script.
 */
export function paragraphAndLink(to: { email: string; language: Language }, texts: { subject: string; body: string; link: string }, url: string): Mail {
  return inLanguage({
    to: to.email,
    subject: texts.subject,
    text: `${texts.body}\n\n${texts.link}: ${url}\n`,
    html: `<!doctype html><html lang="${textLanguage(to.language)}"><body><p>${escapeHtml(texts.body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(texts.link)}</a></p></body></html>`,
  }, to.language);
}

/** How the outbox hands one mail over (domain/outbox.ts). */
export interface SendOptions {
  /** The outbox row's id, made the Message-ID (<id@the domain of MAIL_FROM>): a mail sent again after a crash carries the same one. */
  id?: string;
  /** Aborts the send (a timeout or a stop): a pooled transport drops the mail from its queue. */
  signal?: AbortSignal;
}

export interface Mailer {
  send: (mail: Mail, options?: SendOptions) => Promise<void>;
  /**
   * Whether the relay answers now (a connection and its 220 greeting, nothing sent): the outbox
   * asks while the relay is down, to send the waiting mail as soon as it is back.
   */
  probe?: () => Promise<boolean>;
  /** Closes pooled connections (at shutdown); resolves once they and their thread are gone. */
  close?: () => void | Promise<void>;
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
    from: opts.from, ...mail,
    ...(options.id ? { messageId: `<${options.id}@${domain}>`, baseBoundary: options.id.replace(/-/g, '') } : {}),
  });
  // Composition and the pooled SMTP transport run on a thread of their own (mail-worker.mjs).
  // A relay that does not answer is given up on in seconds, not the library's minutes: the
  // outbox retries later (domain/outbox.ts), and a stop never waits on a dead relay.
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    return Object.assign(createWorkerMailer({ transportOptions: smtpTransportOptions(smtpUrl), message }), { probe: () => probeRelay(smtpUrl) });
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
      const info = await transport.sendMail({ ...message(mail, options), signal: options.signal });
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

/**
 * Sends waiting for the mail thread at most: beyond it a send fails at once (the outbox retries
 * it later). The outbox keeps CONCURRENCY (domain/outbox.ts) in flight, far below this.
 */
export const MAX_PENDING_SENDS = 256;
/**
 * How long close() lets the thread finish its deliveries and say QUIT before it is terminated.
 * Short: by then the outbox has stopped (its own grace), and a mail cut off mid-delivery was
 * not marked sent, so it goes out again later (domain/outbox.ts).
 */
export const CLOSE_GRACE_MS = 500;
/**
 * A mail thread with nothing to send for this long ends, and its pool's connections with it:
 * its memory (docs/performance.md) is not kept at rest. The next send starts another.
 */
export const MAIL_THREAD_IDLE_MS = 60_000;

/** Plain JavaScript, so it loads without tsx or Vitest's transform (see the file's head). */
const MAIL_WORKER = pathToFileURL(path.join(ROOT, 'src/server/lib/mail-worker.mjs'));

/** A reply of mail-worker.mjs: `error` when the relay did not take the mail. */
interface WorkerReply { seq: number; error?: { name: string; message: string; code?: string; responseCode?: number; response?: string; command?: string } }

interface Pending { resolve: () => void; reject: (err: Error) => void; worker: Worker }

export interface WorkerMailer extends Mailer {
  close: () => Promise<void>;
  /** The running mail thread, if any (for tests that make it die). */
  thread: () => Worker | undefined;
}

/**
 * A Mailer whose sends are composed and delivered by mail-worker.mjs on a worker thread: the
 * main thread only posts each mail (plain fields) and settles its promise on the reply.
 *
 * The thread starts on the first send. If it dies (an uncaught error, terminate), every send
 * waiting on it rejects (the outbox retries those rows later) and the next send starts a new
 * one. An aborted send rejects at once; the thread drops it from the pool's queue (or ignores
 * its late result). The thread does not keep the process alive while no send waits on it, and
 * ends after `idleMs` without a send.
 */
export function createWorkerMailer(opts: {
  transportOptions: ReturnType<typeof smtpTransportOptions>;
  /** nodemailer's message options for a mail: plain fields only, they are cloned to the thread. */
  message: (mail: Mail, options: SendOptions) => Record<string, unknown>;
  maxPending?: number;
  idleMs?: number;
}): WorkerMailer {
  const maxPending = opts.maxPending ?? MAX_PENDING_SENDS;
  const idleMs = opts.idleMs ?? MAIL_THREAD_IDLE_MS;
  const pending = new Map<number, Pending>();
  /** Threads told to close that have not exited yet (close() waits for them). */
  const retiring = new Set<Promise<void>>();
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let seq = 0;
  let closed = false;

  const rebuild = (e: NonNullable<WorkerReply['error']>) => Object.assign(new Error(e.message), e);

  /** Once nothing waits on the thread: it stops holding the process, and ends if no send comes. */
  function idle(w: Worker) {
    if (pending.size > 0) return;
    w.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => { if (pending.size === 0 && worker === w) void retire(w, false); }, idleMs);
    idleTimer.unref();
  }

  /**
   * The thread's pool says QUIT and the thread ends once its deliveries are done, or is
   * terminated after CLOSE_GRACE_MS. Detached at once: a send meanwhile starts another.
   */
  function retire(w: Worker, holdProcess: boolean): Promise<void> {
    if (worker === w) worker = undefined;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    if (holdProcess) w.ref();
    w.postMessage({ type: 'close' });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS); });
    if (!holdProcess) timer?.unref();
    const done = Promise.race([exited, late])
      .then(async (first) => { if (first === 'late') await w.terminate(); })
      .then(() => exited)
      .finally(() => { clearTimeout(timer); retiring.delete(done); });
    retiring.add(done);
    return done;
  }

  function start(): Worker {
    const w = new Worker(MAIL_WORKER, { workerData: { transportOptions: opts.transportOptions } });
    let failure: Error | undefined;
    w.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.seq);
      if (!p) return; // aborted meanwhile
      pending.delete(reply.seq);
      idle(w);
      if (reply.error) p.reject(rebuild(reply.error));
      else p.resolve();
    });
    w.on('error', (err) => { failure = err; });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      const err = new Error(`the mail thread stopped (exit code ${code})${failure ? `: ${failure.message}` : ''}`, { cause: failure });
      for (const [key, p] of pending) {
        if (p.worker !== w) continue;
        pending.delete(key);
        p.reject(err);
      }
    });
    w.unref();
    return w;
  }

  return {
    send(mail, options = {}) {
      const { signal } = options;
      if (closed) return Promise.reject(new Error('the mailer is closed'));
      if (signal?.aborted) return Promise.reject(abortError(signal));
      if (pending.size >= maxPending) return Promise.reject(new Error(`${pending.size} mails already wait for the mail thread`));
      clearTimeout(idleTimer);
      worker ??= start();
      const w = worker;
      const key = ++seq;
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          if (!pending.delete(key)) return;
          idle(w);
          w.postMessage({ type: 'abort', seq: key });
          reject(abortError(signal!));
        };
        const done = () => signal?.removeEventListener('abort', onAbort);
        pending.set(key, { worker: w, resolve: () => { done(); resolve(); }, reject: (err) => { done(); reject(err); } });
        signal?.addEventListener('abort', onAbort, { once: true });
        w.ref();
        w.postMessage({ type: 'send', seq: key, message: opts.message(mail, options) });
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      if (worker) void retire(worker, true);
      await Promise.all([...retiring]);
    },
    thread: () => worker,
  };
}

/** The error an aborted send rejects with (the one nodemailer's pool gives an aborted mail). */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('Message sending aborted', { cause: signal.reason }), { name: 'AbortError', code: 'EABORT' });
}

/** How long a relay probe waits for the greeting. */
export const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether the SMTP relay of `smtpUrl` answers: connects (TLS for smtps://), waits for its 220
 * greeting, says QUIT. Cheap enough to ask every few seconds while the relay is down.
 */
export function probeRelay(smtpUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<boolean>((resolve) => {
    const socket = secure ? tls.connect({ host, port, ...(net.isIP(host) ? {} : { servername: host }) }) : net.connect({ host, port });
    let greeting = '';
    let settled = false;
    const done = (up: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (up) socket.end('QUIT\r\n');
      socket.destroy();
      resolve(up);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      greeting += chunk.toString('latin1');
      if (/\r?\n$/.test(greeting) || greeting.length > 512) done(/^220[ -]/.test(greeting));
    });
    socket.on('close', () => done(false));
  });
}
