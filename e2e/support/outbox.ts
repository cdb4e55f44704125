import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The mail the e2e server wrote (no SMTP_URL in e2e: each message is a file in
 * DATA_DIR/outbox; scripts/e2e-server.mjs notes where DATA_DIR is).
 */
export function outboxDir(): string {
  const note = path.join(os.tmpdir(), `domace-e2e-${process.env.E2E_PORT ?? '3100'}.datadir`);
  return path.join(fs.readFileSync(note, 'utf8').trim(), 'outbox');
}

/** The raw mails to `email`, newest first. */
export function mailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(email.toLowerCase()));
}

/** The text of a mail: its body without quoted-printable soft breaks, and its base64 parts decoded (a mail in Cyrillic is sent so). */
function plainText(raw: string): string {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n').replace(/=\r?\n/g, '');
  const decoded = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [body, ...decoded].join('\n');
}

/** The 6-digit code of the newest mail to `email` (polls: mail leaves through the outbox). */
export async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const raw of mailsTo(email)) {
      const match = /:\s*(\d{6})\b/.exec(plainText(raw));
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

/**
 * The 6-digit code of the newest SMS to `phone` (E.164): the e2e server has no SMS_URL, so each
 * SMS is a file in DATA_DIR/sms-outbox (src/server/lib/sms-sender.ts). Polls: SMS leave through the outbox.
 */
export async function smsCode(phone: string): Promise<string> {
  const dir = path.join(path.dirname(outboxDir()), 'sms-outbox');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().reverse() : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const match = raw.startsWith(`To: ${phone}\n`) ? /(\d{6})/.exec(raw.split('\n\n').slice(1).join('\n')) : null;
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code to ${phone}`);
}
