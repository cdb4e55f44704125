import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import smpp, { type Pdu, type Session } from 'smpp';
import { PART_SIZE, gsmLength, type SmsEncoding } from '#shared/sms.ts';

/** One SMS as the outbox hands it over (domain/sms-outbox.ts): already cut and encoded by src/shared/sms.ts. */
export interface OutgoingSms { to: string; text: string; encoding: SmsEncoding; parts: number }

/** What came in over the link: a producer's reply, or a delivery receipt of a message sent. */
export type IncomingSms =
  | { kind: 'reply'; from: string; text: string }
  | { kind: 'receipt'; messageId: string; status: string };

export interface SmsSender {
  /** Resolves with the SMSC's message ids (one per part, space-separated); rejects when the link is down or the SMSC refused. */
  send: (sms: OutgoingSms) => Promise<string>;
  /** Whether a send can go now (SMPP: bound). The outbox waits for `onUp` while it cannot. */
  isUp: () => boolean;
  onUp: (listener: () => void) => void;
  onIncoming: (listener: (sms: IncomingSms) => void) => void;
  close: () => Promise<void>;
}

/** An SMSC's refusal that sending again will not cure (anything but throttling, a full queue or a system error). */
export class SmsRefused extends Error {
  constructor(readonly status: number) { super(`the SMSC refused the message (command_status 0x${status.toString(16)})`); }
}

export interface SmsLog { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }

/**
 * Over SMPP when SMS_URL is set (`smpp://system_id:password@host:port?source=Domace`); otherwise
 * each SMS is written to DATA_DIR/sms-outbox/ and logged, as mail is (README.md).
 */
export function createSmsSender(opts: { smsUrl?: string | undefined; outboxDir: string; log: SmsLog }): SmsSender {
  return opts.smsUrl ? createSmppSender(opts.smsUrl, opts.log) : createFileSender(opts.outboxDir, opts.log);
}

function createFileSender(dir: string, log: SmsLog): SmsSender {
  let folder: Promise<unknown> | undefined;
  return {
    async send(sms) {
      folder ??= fs.mkdir(dir, { recursive: true }).catch((err: unknown) => { folder = undefined; throw err; });
      await folder;
      const id = randomUUID();
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.slice(0, 8)}.txt`);
      await fs.writeFile(file, `To: ${sms.to}\nEncoding: ${sms.encoding}\nParts: ${sms.parts}\n\n${sms.text}\n`);
      // The recipient only: the text may hold a code.
      log.info({ to: sms.to, parts: sms.parts, file }, 'SMS written to the outbox (no SMS_URL set)');
      return id;
    },
    isUp: () => true,
    onUp: () => undefined,
    onIncoming: () => undefined,
    close: async () => undefined,
  };
}

/** Keep-alive: an enquire_link this often; no answer within the timeout cuts the link (and reconnects). */
export const ENQUIRE_LINK_MS = 30_000;
const RESPONSE_TIMEOUT_MS = 10_000;
/** Reconnects wait from 1 s, doubling up to 30 s. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** The SMS split into parts of the SMSC's size, with a concatenation header (8-bit reference) when more than one. */
export function partsFor(sms: OutgoingSms): Array<{ udh?: Buffer; message: string }> {
  if (sms.parts <= 1) return [{ message: sms.text }];
  const size = PART_SIZE[sms.encoding].multi;
  const chunks: string[] = [];
  let current = '';
  for (const c of sms.text) {
    const next = current + c;
    if ((sms.encoding === 'gsm7' ? gsmLength(next) : next.length) > size) { chunks.push(current); current = c; } else current = next;
  }
  if (current) chunks.push(current);
  const ref = randomBytes(1)[0]!;
  return chunks.map((message, n) => ({ udh: Buffer.from([0x05, 0x00, 0x03, ref, chunks.length, n + 1]), message }));
}

/** A delivery receipt's id and stat from its text (`id:… sub:… dlvrd:… … stat:DELIVRD err:…`) or its TLVs. */
function receiptOf(pdu: Pdu, text: string): { messageId: string; status: string } | null {
  const tlvId = pdu.receipted_message_id as string | undefined;
  const id = tlvId ?? /\bid:(\S+)/i.exec(text)?.[1];
  const status = /\bstat:(\w+)/i.exec(text)?.[1] ?? (pdu.message_state !== undefined ? String(pdu.message_state) : undefined);
  return id ? { messageId: id, status: status ?? 'UNKNOWN' } : null;
}

function textOf(pdu: Pdu): string {
  const sm = pdu.short_message as { message?: unknown } | Buffer | string | undefined;
  const payload = pdu.message_payload as { message?: unknown } | Buffer | string | undefined;
  const pick = (v: typeof sm): string => {
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    if (Buffer.isBuffer(v)) return v.toString('latin1');
    return typeof v.message === 'string' ? v.message : Buffer.isBuffer(v.message) ? v.message.toString('latin1') : '';
  };
  return pick(sm) || pick(payload);
}

/**
 * One bound transceiver session: bind_transceiver on connect, enquire_link every ENQUIRE_LINK_MS
 * (an unanswered one cuts the link), and reconnect after a cut with a doubling wait. submit_sm
 * goes only while bound; deliver_sm (replies and receipts) is answered and handed on.
 */
function createSmppSender(smsUrl: string, log: SmsLog): SmsSender {
  const url = new URL(smsUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 2775);
  const systemId = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const source = url.searchParams.get('source') ?? 'Domace';
  const upListeners: Array<() => void> = [];
  const incomingListeners: Array<(sms: IncomingSms) => void> = [];
  let session: Session | undefined;
  let bound = false;
  let closed = false;
  let wait = RECONNECT_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let keepAlive: NodeJS.Timeout | undefined;

  function cut(s: Session, why: string) {
    if (session !== s) return;
    session = undefined;
    bound = false;
    clearInterval(keepAlive);
    s.destroy();
    if (closed) return;
    log.warn({ why, retryInMs: wait }, 'SMPP link down; reconnecting');
    reconnectTimer = setTimeout(connect, wait);
    reconnectTimer.unref();
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  }

  function connect() {
    if (closed) return;
    const s = smpp.connect({ host, port });
    session = s;
    s.on('error', (err: Error) => cut(s, err.message));
    s.on('close', () => cut(s, 'closed'));
    s.on('connect', () => {
      s.bind_transceiver({ system_id: systemId, password, system_type: '', interface_version: 0x34 }, (pdu) => {
        if (pdu.command_status !== 0) { cut(s, `bind refused (0x${pdu.command_status.toString(16)})`); return; }
        bound = true;
        wait = RECONNECT_FIRST_MS;
        log.info({ host, port }, 'SMPP link bound');
        keepAlive = setInterval(() => {
          const timer = setTimeout(() => cut(s, 'enquire_link unanswered'), RESPONSE_TIMEOUT_MS);
          s.enquire_link({}, () => clearTimeout(timer));
        }, ENQUIRE_LINK_MS);
        keepAlive.unref();
        for (const listener of upListeners) listener();
      });
    });
    s.on('enquire_link', (pdu: Pdu) => { s.send(pdu.response()); });
    s.on('unbind', (pdu: Pdu) => { s.send(pdu.response()); cut(s, 'unbound by the SMSC'); });
    s.on('deliver_sm', (pdu: Pdu) => {
      s.send(pdu.response());
      const text = textOf(pdu);
      const esm = Number(pdu.esm_class ?? 0);
      const incoming: IncomingSms | null = (esm & 0x04) !== 0
        ? (() => { const r = receiptOf(pdu, text); return r ? { kind: 'receipt' as const, ...r } : null; })()
        : { kind: 'reply', from: String(pdu.source_addr ?? ''), text };
      if (incoming) for (const listener of incomingListeners) listener(incoming);
    });
  }

  connect();

  function submit(s: Session, part: { udh?: Buffer; message: string }, encoding: SmsEncoding, to: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('submit_sm unanswered')), RESPONSE_TIMEOUT_MS);
      const ok = s.submit_sm({
        source_addr_ton: 5, source_addr_npi: 0, source_addr: source,
        dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: to.replace(/^\+/, ''),
        registered_delivery: 1,
        data_coding: encoding === 'ucs2' ? 0x08 : 0x00,
        short_message: part.udh ? { udh: part.udh, message: part.message } : { message: part.message },
      }, (pdu) => {
        clearTimeout(timer);
        if (pdu.command_status === 0) resolve(String(pdu.message_id ?? ''));
        else if ([smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL, smpp.ESME_RSYSERR].includes(pdu.command_status)) reject(new Error(`the SMSC asked to try later (0x${pdu.command_status.toString(16)})`));
        else reject(new SmsRefused(pdu.command_status));
      });
      if (!ok) { clearTimeout(timer); reject(new Error('the SMPP link is down')); }
    });
  }

  return {
    async send(sms) {
      const s = session;
      if (!s || !bound) throw new Error('the SMPP link is down');
      const ids: string[] = [];
      for (const part of partsFor(sms)) ids.push(await submit(s, part, sms.encoding, sms.to));
      return ids.join(' ');
    },
    isUp: () => bound,
    onUp: (listener) => { upListeners.push(listener); },
    onIncoming: (listener) => { incomingListeners.push(listener); },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(keepAlive);
      const s = session;
      session = undefined;
      bound = false;
      if (!s) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { s.destroy(); resolve(); }, 1_000);
        s.unbind({}, () => { clearTimeout(timer); s.destroy(); resolve(); });
      });
    },
  };
}
