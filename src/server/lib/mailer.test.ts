import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { sinkAndMailer, until } from '../../../test/smtp-sink.ts';
import { accountMail } from '../features/auth/mails.ts';
import { createMailer, createWorkerMailer, inLanguage, smtpTransportOptions, type WorkerMailer } from './mailer.ts';

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

const FROM = 'no-reply@domace.example';
const noLog = { info: () => undefined };
const aMail = (i: number) => ({ to: `kupac${i}@test.rs`, subject: `Поруџбина ${i}`, text: `Текст ${i}`, html: `<p>${i}</p>` });
/** The SMTP mailer; createMailer gives it as a plain Mailer, its thread is what these tests watch. */
/** A mail thread of its own on 127.0.0.1:port, with createWorkerMailer's options (bounds, idle time). */
const threadMailer = (port: number, options: { maxPending?: number; idleMs?: number }) =>
  createWorkerMailer({ transportOptions: smtpTransportOptions(`smtp://127.0.0.1:${port}`), message: (mail) => ({ from: FROM, ...mail }), ...options });
const smtpMailer = (port: number, query = '') => createMailer({ smtpUrl: `smtp://127.0.0.1:${port}${query}`, from: FROM, outboxDir: os.tmpdir(), log: noLog }) as WorkerMailer;

describe('the SMTP transport', () => {
  it('is pooled: a few connections, each reused for many mails', () => {
    expect(smtpTransportOptions('smtp://relay.example:587')).toMatchObject({ url: 'smtp://relay.example:587', pool: true, maxConnections: 10, maxMessages: 100 });
  });

  it('sends a burst over at most maxConnections connections, each mail with the Message-ID made from its id', async () => {
    const { sink, mailer } = await sinkAndMailer({}, (port) => createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?maxConnections=2`, from: 'Domaće <no-reply@domace.example>', outboxDir: os.tmpdir(), log: { info: () => undefined } }) as WorkerMailer);
    const ids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await Promise.all(ids.map((id, i) => mailer.send({ to: `kupac${i}@test.rs`, subject: `Поруџбина ${i}`, text: `Текст ${i}`, html: `<p>${i}</p>` }, { id })));
    expect(sink.received).toHaveLength(40);
    expect(sink.connections()).toBeLessThanOrEqual(2);
    const mail7 = sink.received.find((m) => m.includes('kupac7@test.rs'))!;
    expect(mail7).toMatch(/^Message-ID: <00000000-0000-4000-8000-000000000007@domace\.example>\r$/m);
    expect(mail7).toContain('From: =?UTF-8?Q?Doma=C4=87e?= <no-reply@domace.example>');
  });

  it('gives up on an aborted mail without sending it', async () => {
    const { sink, mailer } = await sinkAndMailer({}, (port) => smtpMailer(port));
    const abort = new AbortController();
    abort.abort();
    await expect(mailer.send({ to: 'a@test.rs', subject: 's', text: 't', html: '<p>t</p>' }, { signal: abort.signal })).rejects.toThrow(/abort/i);
    expect(sink.received).toHaveLength(0);
  });
});

describe('the mail thread (mail-worker.mjs)', () => {
  it('composes and sends on a thread of its own, started by the first send, and closes with its connections', async () => {
    const { sink, mailer } = await sinkAndMailer({}, (port) => smtpMailer(port));
    expect(mailer.thread()).toBeUndefined();
    await mailer.send(aMail(1), { id: '00000000-0000-4000-8000-000000000001' });
    const thread = mailer.thread();
    expect(thread).toBeDefined();
    expect(thread!.threadId).not.toBe(threadId);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatch(/^Message-ID: <00000000-0000-4000-8000-000000000001@domace\.example>\r$/m);
    const exited = new Promise<number>((r) => thread!.once('exit', r));
    await mailer.close();
    expect(await exited).toBe(0); // it ended on its own, not terminated
    await until(() => sink.closedConnections() === sink.connections(), 'the connections to close');
    expect(mailer.thread()).toBeUndefined();
    await expect(mailer.send(aMail(2))).rejects.toThrow(/closed/);
  });

  it('ends the thread and its connections after idleMs without a send; the next send starts another', async () => {
    const { sink, mailer } = await sinkAndMailer({}, (port) => threadMailer(port, { idleMs: 300 }));
    await mailer.send(aMail(1));
    const first = mailer.thread()!;
    const exited = new Promise<number>((r) => first.once('exit', r));
    await mailer.send(aMail(2)); // a send within idleMs keeps it
    expect(mailer.thread()).toBe(first);
    expect(await exited).toBe(0);
    expect(mailer.thread()).toBeUndefined();
    await until(() => sink.closedConnections() === sink.connections(), 'the connections to close');
    await mailer.send(aMail(3));
    expect(mailer.thread()).toBeDefined();
    expect(mailer.thread()).not.toBe(first);
    expect(sink.received).toHaveLength(3);
  });

  it('drops a mail aborted while it waits in the pool, and rejects its send at once', async () => {
    const { sink, mailer } = await sinkAndMailer({ held: true }, (port) => smtpMailer(port, '?maxConnections=1'));
    const first = mailer.send(aMail(1));
    await until(() => sink.arriving() === 1, 'the first mail to reach the sink');
    // The one connection is busy with the first mail: the second waits in the pool's queue.
    const abort = new AbortController();
    const second = mailer.send(aMail(2), { signal: abort.signal });
    const rejected = expect(second).rejects.toMatchObject({ name: 'AbortError', message: expect.stringMatching(/abort/i) });
    abort.abort();
    await rejected;
    sink.release();
    await first;
    await mailer.send(aMail(3));
    expect(sink.received.map((m) => /^To: (\S+)\r$/m.exec(m)?.[1])).toEqual(['kupac1@test.rs', 'kupac3@test.rs']);
  });

  it('rejects every pending send when the thread dies, and the next send starts a new one', async () => {
    const { sink, mailer } = await sinkAndMailer({ held: true }, (port) => smtpMailer(port));
    const sends = [1, 2, 3].map((i) => mailer.send(aMail(i)));
    const settled = Promise.allSettled(sends);
    await until(() => sink.arriving() === 3, 'the mails to reach the sink');
    const dead = mailer.thread()!;
    await dead.terminate();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toMatch(/mail thread stopped/);

    sink.release();
    await mailer.send(aMail(4));
    expect(mailer.thread()).toBeDefined();
    expect(mailer.thread()).not.toBe(dead);
    expect(sink.received.some((m) => m.includes('kupac4@test.rs'))).toBe(true);
  });

  it('rejects the pending sends with the error that crashed the thread', async () => {
    const { sink, mailer } = await sinkAndMailer({ held: true }, (port) => smtpMailer(port));
    const send = mailer.send(aMail(1));
    await until(() => sink.arriving() === 1, 'the mail to reach the sink');
    // An uncaught exception in the thread: it throws on a message it does not know.
    mailer.thread()!.postMessage({ type: 'no such message' });
    await expect(send).rejects.toThrow(/mail thread stopped .*unknown message/);
    sink.release();
    await mailer.send(aMail(2));
  });

  it('holds at most maxPending sends: beyond them a send fails at once', async () => {
    const { sink, mailer } = await sinkAndMailer({ held: true }, (port) => threadMailer(port, { maxPending: 2 }));
    const held = [mailer.send(aMail(1)), mailer.send(aMail(2))];
    await expect(mailer.send(aMail(3))).rejects.toThrow(/2 mails already wait/);
    sink.release();
    await Promise.all(held);
    await mailer.send(aMail(4)); // room again once they were sent
    expect(sink.received).toHaveLength(3);
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
