import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { accountMail } from '../features/auth/mails.ts';
import { createMailer, inLanguage, smtpTransportOptions } from './mailer.ts';

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

/** An SMTP server on 127.0.0.1 that keeps what it is sent and counts its connections. */
async function startSink() {
  const received: string[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], disableReverseLookup: true, logger: false,
    onConnect(_session, callback) { connections += 1; callback(); },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, connections: () => connections, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the SMTP transport', () => {
  it('is pooled: a few connections, each reused for many mails', () => {
    expect(smtpTransportOptions('smtp://relay.example:587')).toMatchObject({ url: 'smtp://relay.example:587', pool: true, maxConnections: 10, maxMessages: 100 });
  });

  it('sends a burst over at most maxConnections connections, each mail with the Message-ID made from its id', async () => {
    const sink = await startSink();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}?maxConnections=2`, from: 'Domaće <no-reply@domace.example>', outboxDir: os.tmpdir(), log: { info: () => undefined } });
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      await Promise.all(ids.map((id, i) => mailer.send({ to: `kupac${i}@test.rs`, subject: `Поруџбина ${i}`, text: `Текст ${i}`, html: `<p>${i}</p>` }, { id })));
      expect(sink.received).toHaveLength(40);
      expect(sink.connections()).toBeLessThanOrEqual(2);
      const mail7 = sink.received.find((m) => m.includes('kupac7@test.rs'))!;
      expect(mail7).toMatch(/^Message-ID: <00000000-0000-4000-8000-000000000007@domace\.example>\r$/m);
      expect(mail7).toContain('From: =?UTF-8?Q?Doma=C4=87e?= <no-reply@domace.example>');
    } finally {
      mailer.close?.();
      await sink.close();
    }
  });

  it('gives up on an aborted mail without sending it', async () => {
    const sink = await startSink();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'no-reply@domace.example', outboxDir: os.tmpdir(), log: { info: () => undefined } });
    try {
      const abort = new AbortController();
      abort.abort();
      await expect(mailer.send({ to: 'a@test.rs', subject: 's', text: 't', html: '<p>t</p>' }, { signal: abort.signal })).rejects.toThrow(/abort/i);
      expect(sink.received).toHaveLength(0);
    } finally {
      mailer.close?.();
      await sink.close();
    }
  });
});

describe('the .eml outbox (no SMTP_URL)', () => {
  it('writes one file per mail, and makes its folder again if it was removed', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'domace-eml-')), 'outbox');
    const mailer = createMailer({ from: 'Domaće <no-reply@domace.example>', outboxDir: dir, log: { info: () => undefined } });
    try {
      const id = '00000000-0000-4000-8000-000000000001';
      await Promise.all([1, 2, 3].map((i) => mailer.send({ to: `k${i}@test.rs`, subject: `S ${i}`, text: 'T', html: '<p>T</p>' }, { id: i === 1 ? id : undefined })));
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(3);
      const texts = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
      expect(texts.filter((t) => t.includes(`Message-ID: <${id}@domace.example>`))).toHaveLength(1);
      fs.rmSync(dir, { recursive: true });
      await mailer.send({ to: 'k4@test.rs', subject: 'S 4', text: 'T', html: '<p>T</p>' });
      expect(fs.readdirSync(dir)).toHaveLength(1);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
