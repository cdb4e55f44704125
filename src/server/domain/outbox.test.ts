import { eq, isNull, sql } from 'drizzle-orm';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { sinkAndMailer, startSmtpSink, until } from '../../../test/smtp-sink.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { freePort } from '../config/free-port.ts';
import { mailOutbox } from '../db/schema.ts';
import { createMailer, type Mail, type Mailer, type WorkerMailer } from '../lib/mailer.ts';
import { createMailOutbox, enqueueMail, MAX_PERMANENT_FAILURES, MAX_WAIT_MS, PERMANENT_WAIT_MS, POLL_MS, RETRY_WINDOW_MS } from './outbox.ts';

/**
 * The transactional mail outbox (docs/decisions/0003-mail-outbox.md) as several instances use it: each
 * "instance" here has its own connection pool and outbox on the same database.
 */
let database: TestDatabase;
const pools: Array<{ end: () => Promise<void> }> = [];

beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database?.close();
});
beforeEach(async () => { await database.db.delete(mailOutbox); });

/** A second process's view of the same database: its own pool, its own connections. */
function instanceDb(max = 5): Db {
  const pool = createPool(database.url, max);
  pools.push(pool);
  return createDb(pool);
}

const mail = (i: number): Mail => ({ to: `kupac${i}@test.rs`, subject: `Поруџбина ${i}`, text: `Текст ${i}`, html: `<p>${i}</p>` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the mail outbox', () => {
  it('sends mails in the order they became due, whatever order the rows are stored in', async () => {
    const start = Date.now() - 60_000;
    // Stored newest first, and one updated afterwards so its row moves: the physical order is not the due order.
    const order = Array.from({ length: 40 }, (_, i) => 39 - i);
    await database.db.insert(mailOutbox).values(order.map((i) => ({ ...mail(i), nextAttemptAt: new Date(start + i * 100) })));
    await database.db.update(mailOutbox).set({ lastError: 'moved' }).where(eq(mailOutbox.subject, mail(20).subject));
    const delivered: string[] = [];
    const outbox = createMailOutbox({ db: database.db, mailer: { async send(m) { delivered.push(m.subject); } } });
    await outbox.drain();
    expect(delivered).toEqual(Array.from({ length: 40 }, (_, i) => mail(i).subject));
  });

  it('started, sends within about a second mail that another instance wrote, with no kick', async () => {
    const delivered: string[] = [];
    const outbox = createMailOutbox({ db: instanceDb(), mailer: { async send(m) { delivered.push(m.subject); } } });
    outbox.start();
    try {
      // Written by "another instance": nothing tells this one.
      await enqueueMail(database.db, mail(1));
      const written = Date.now();
      while (delivered.length === 0 && Date.now() - written < 8_000) await sleep(20);
      expect(delivered).toEqual([mail(1).subject]);
      // Its own poll found it: within one interval (1 s), with room for a busy test machine.
      expect(Date.now() - written).toBeLessThan(POLL_MS + 3_000);
    } finally {
      await outbox.stop();
    }
  });

  it('sends every mail exactly once when two instances drain the same database at once', async () => {
    const count = 120;
    await database.db.insert(mailOutbox).values(Array.from({ length: count }, (_, i) => mail(i)));
    const delivered: Array<{ by: string; subject: string }> = [];
    const mailerOf = (by: string): Mailer => ({
      async send(m) {
        await sleep(1 + Math.random() * 3); // an SMTP round trip, so the two overlap
        delivered.push({ by, subject: m.subject });
      },
    });
    // Small batches, so each instance claims several while the other is sending.
    const a = createMailOutbox({ db: instanceDb(), mailer: mailerOf('a'), batchSize: 10 });
    const b = createMailOutbox({ db: instanceDb(), mailer: mailerOf('b'), batchSize: 10 });

    // Each instance drains repeatedly, as its timer and kicks after commits would.
    const sentBy = await Promise.all([a, b].map(async (outbox) => {
      let sent = 0;
      for (let round = 0; round < 3; round++) sent += await outbox.drain();
      return sent;
    }));

    expect(sentBy[0]! + sentBy[1]!).toBe(count);
    const subjects = delivered.map((d) => d.subject);
    expect(new Set(subjects).size).toBe(count);
    expect(subjects).toHaveLength(count); // no duplicate
    // Both really worked in parallel: each claimed batches the other skipped.
    expect(delivered.filter((d) => d.by === 'a').length).toBeGreaterThan(0);
    expect(delivered.filter((d) => d.by === 'b').length).toBeGreaterThan(0);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1 && r.lastError === null)).toBe(true);
  });

  it('retries a failing mail with exponential backoff, recording the error, until it goes out', async () => {
    const clock = createClock();
    let calls = 0;
    const delivered: Mail[] = [];
    const flaky: Mailer = {
      async send(m) {
        calls += 1;
        if (calls <= 2) throw new Error(`421 4.7.0 Try again later (${calls})`);
        delivered.push(m);
      },
    };
    const warnings: object[] = [];
    const outbox = createMailOutbox({ db: instanceDb(), mailer: flaky, clock: clock.now, log: { warn: (o) => { warnings.push(o); } } });
    await enqueueMail(database.db, mail(1));
    const row = async () => (await database.db.select().from(mailOutbox))[0]!;

    expect(await outbox.drain()).toBe(0);
    let r = await row();
    expect(r).toMatchObject({ attempts: 1, sentAt: null, lastError: '421 4.7.0 Try again later (1)' });
    expect(r.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(warnings).toHaveLength(1);

    // Not due before its time: the mailer is not even called.
    clock.advance(29_000);
    expect(await outbox.drain()).toBe(0);
    expect(calls).toBe(1);

    clock.advance(1_000);
    expect(await outbox.drain()).toBe(0);
    r = await row();
    expect(r).toMatchObject({ attempts: 2, sentAt: null, lastError: '421 4.7.0 Try again later (2)' });
    expect(r.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000); // doubled

    clock.advance(59_000);
    expect(await outbox.drain()).toBe(0);
    expect(calls).toBe(2);
    clock.advance(1_000);
    expect(await outbox.drain()).toBe(1);
    r = await row();
    expect(r).toMatchObject({ attempts: 3, lastError: null });
    expect(r.sentAt).not.toBeNull();
    expect(delivered.map((m) => m.subject)).toEqual(['Поруџбина 1']);

    // Sent is sent: later drains leave it alone.
    clock.advance(24 * 3600_000);
    expect(await outbox.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('gives up on a mail the relay refuses permanently (5xx) after a few tries, and keeps its record', async () => {
    const clock = createClock();
    let calls = 0;
    const errors: object[] = [];
    const refusing: Mailer = { send: async () => { calls += 1; throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 }); } };
    const outbox = createMailOutbox({ db: instanceDb(), mailer: refusing, clock: clock.now, log: { warn: () => undefined, error: (o) => { errors.push(o); } } });
    await enqueueMail(database.db, mail(2));
    for (let i = 0; i < 10; i++) {
      await outbox.drain();
      clock.advance(PERMANENT_WAIT_MS);
    }
    expect(calls).toBe(MAX_PERMANENT_FAILURES);
    const [r] = await database.db.select().from(mailOutbox);
    expect(r).toMatchObject({ sentAt: null, hardFailures: 3, text: '', html: '', subject: 'Поруџбина 2', to: 'kupac2@test.rs' });
    expect(r!.givenUpAt).not.toBeNull();
    expect(r!.lastError).toMatch(/^refused: 550/);
    expect(errors).toEqual([expect.objectContaining({ to: 'kupac2@test.rs', subject: 'Поруџбина 2', why: 'permanent' })]);
  });

  it('sends a mail the relay refused (5xx) once and then accepts', async () => {
    const clock = createClock();
    let calls = 0;
    const delivered: string[] = [];
    const mailer: Mailer = {
      async send(m) {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('554 5.7.1 try later'), { responseCode: 554 });
        delivered.push(m.subject);
      },
    };
    const outbox = createMailOutbox({ db: instanceDb(), mailer, clock: clock.now });
    await enqueueMail(database.db, mail(3));
    expect(await outbox.drain()).toBe(0);
    clock.advance(PERMANENT_WAIT_MS);
    expect(await outbox.drain()).toBe(1);
    expect(delivered).toEqual(['Поруџбина 3']);
    const [r] = await database.db.select().from(mailOutbox);
    expect(r).toMatchObject({ givenUpAt: null, hardFailures: 1, lastError: null });
    expect(r!.sentAt).not.toBeNull();
  });

  it('keeps retrying through a three-day outage, never waiting more than 5 minutes, then gives up and keeps the record', async () => {
    const clock = createClock();
    let calls = 0;
    const down: Mailer = { send: async () => { calls += 1; throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' }); } };
    const outbox = createMailOutbox({ db: instanceDb(), mailer: down, clock: clock.now, log: { warn: () => undefined, error: () => undefined } });
    await database.db.insert(mailOutbox).values({ ...mail(4), createdAt: clock.now(), nextAttemptAt: clock.now() });
    const row = async () => (await database.db.select().from(mailOutbox))[0]!;
    let longestWait = 0;
    // Two days and a half: still trying, every 5 minutes at most.
    while (clock.now().getTime() - (await row()).createdAt.getTime() < 2.5 * 24 * 3600_000) {
      await outbox.drain();
      const r = await row();
      expect(r.givenUpAt).toBeNull();
      const wait = r.nextAttemptAt.getTime() - clock.now().getTime();
      longestWait = Math.max(longestWait, wait);
      clock.set(r.nextAttemptAt);
    }
    expect(longestWait).toBe(MAX_WAIT_MS);
    expect(calls).toBeGreaterThan(2.5 * 24 * 12 - 10);
    expect((await row()).text).toBe('Текст 4');
    // Past three days it is given up on: the record stays, the body goes.
    clock.advance(RETRY_WINDOW_MS);
    await outbox.drain();
    const r = await row();
    expect(r).toMatchObject({ sentAt: null, to: 'kupac4@test.rs', subject: 'Поруџбина 4', text: '', html: '' });
    expect(r.givenUpAt).not.toBeNull();
    expect(r.lastError).toMatch(/^expired: connect ECONNREFUSED/);
    const before = calls;
    clock.advance(24 * 3600_000);
    await outbox.drain();
    expect(calls).toBe(before);
  }, 120_000);

  it('never sends mail queued in a transaction that rolled back', async () => {
    const delivered: Mail[] = [];
    const outbox = createMailOutbox({ db: instanceDb(), mailer: { send: async (m) => { delivered.push(m); } } });
    await expect(database.db.transaction(async (tx) => {
      await enqueueMail(tx, mail(3));
      // e.g. the order insert after it failed
      await tx.execute(sql`SELECT 1 / 0`);
    })).rejects.toThrow(/Failed query: SELECT 1 \/ 0/);
    await database.db.transaction(async (tx) => { await enqueueMail(tx, mail(4)); });

    // Also one still open while another instance drains: not visible, not sent.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let entered!: () => void;
    const inside = new Promise<void>((r) => { entered = r; });
    const open = database.db.transaction(async (tx) => {
      await enqueueMail(tx, mail(5));
      entered();
      await held;
      tx.rollback();
    }).catch(() => undefined);
    await inside;
    expect(await outbox.drain()).toBe(1);
    release();
    await open;
    expect(await outbox.drain()).toBe(0);

    expect(delivered.map((m) => m.subject)).toEqual(['Поруџбина 4']);
    const rows = await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(rows).toEqual([{ subject: 'Поруџбина 4' }]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Поруџбина 3'))).toEqual([]);
  });

  it('holds a claimed mail for its lease: a second instance does not send it while the first is still sending', async () => {
    await enqueueMail(database.db, [mail(10), mail(11)]);
    let release!: () => void;
    const relayAnswers = new Promise<void>((r) => { release = r; });
    let started!: () => void;
    const sending = new Promise<void>((r) => { started = r; });
    const delivered: string[] = [];
    const slow = createMailOutbox({ db: instanceDb(), mailer: { async send(m) { started(); await relayAnswers; delivered.push(`slow:${m.subject}`); } } });
    const fast = createMailOutbox({ db: instanceDb(), mailer: { async send(m) { delivered.push(`fast:${m.subject}`); } } });

    const first = slow.drain();
    await sending;
    // The first instance is inside its SMTP round trip: no lock is held any more, only the lease.
    expect(await fast.drain()).toBe(0);
    release();
    expect(await first).toBe(2);
    expect(await fast.drain()).toBe(0);
    expect(delivered.sort()).toEqual(['slow:Поруџбина 10', 'slow:Поруџбина 11']);
  });

  it('claims a mail again once the lease of an instance that died mid-send has run out', async () => {
    const clock = createClock();
    await enqueueMail(database.db, mail(12));
    const dead = createMailOutbox({ db: instanceDb(), clock: clock.now, mailer: { send: () => new Promise<void>(() => undefined) }, sendTimeoutMs: 60_000 });
    void dead.drain(); // never finishes: the process "died" while talking to the relay
    await sleep(200);
    const delivered: Mail[] = [];
    const next = createMailOutbox({ db: instanceDb(), clock: clock.now, mailer: { send: async (m) => { delivered.push(m); } } });
    expect(await next.drain()).toBe(0); // still leased
    clock.advance(5 * 60_000 + 1000);
    expect(await next.drain()).toBe(1);
    expect(delivered.map((m) => m.subject)).toEqual(['Поруџбина 12']);
  });

  it('sends with no pooled connection held: a hanging relay does not starve the app of its only connection', async () => {
    await enqueueMail(database.db, mail(13));
    const db = instanceDb(1);
    let started!: () => void;
    const sending = new Promise<void>((r) => { started = r; });
    const outbox = createMailOutbox({ db, mailer: { send: () => { started(); return new Promise<void>(() => undefined); } }, sendTimeoutMs: 60_000 });
    void outbox.drain();
    await sending;
    // A request of the app on the same one-connection pool gets its answer at once.
    const answered = await Promise.race([db.execute(sql`SELECT 1 AS one`).then(() => 'answered'), sleep(2000).then(() => 'starved')]);
    expect(answered).toBe('answered');
    await outbox.stop(100);
  });

  it('blanks the body of a mail once it is sent (codes are not kept readable), and keeps unsent ones whole', async () => {
    const code = { to: 'nova@test.rs', subject: 'Код за потврду', text: 'Ваш код је 482913', html: '<p>482913</p>' };
    await enqueueMail(database.db, code);
    const outbox = createMailOutbox({ db: instanceDb(), mailer: { send: async () => undefined } });
    await enqueueMail(database.db, { ...mail(14), to: 'later@test.rs' });
    await database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() + 3600_000) }).where(eq(mailOutbox.to, 'later@test.rs'));
    expect(await outbox.drain()).toBe(1);
    const rows = await database.db.select().from(mailOutbox);
    const sent = rows.find((r) => r.to === 'nova@test.rs')!;
    expect(sent).toMatchObject({ subject: 'Код за потврду', text: '', html: '' });
    expect(sent.sentAt).not.toBeNull();
    expect(JSON.stringify(rows)).not.toContain('482913');
    expect(rows.find((r) => r.to === 'later@test.rs')).toMatchObject({ text: 'Текст 14', sentAt: null });
  });

  it('stops within a few seconds against an SMTP relay that never answers, leaving the backlog for the next start', async () => {
    // A relay that accepts connections and never says a word.
    const sockets: net.Socket[] = [];
    const relay = net.createServer((s) => { sockets.push(s); });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const { port } = relay.address() as net.AddressInfo;
    try {
      await database.db.insert(mailOutbox).values(Array.from({ length: 200 }, (_, i) => mail(100 + i)));
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'test@domace.local', outboxDir: os.tmpdir(), log: { info: () => undefined } });
      const outbox = createMailOutbox({ db: instanceDb(), mailer });
      outbox.start(60_000);
      outbox.kick();
      // It is talking to the relay (the mail thread starts first: slow on a busy machine).
      await until(() => sockets.length > 0, 'a connection to the relay', 10_000);
      const stopping = Date.now();
      await outbox.stop();
      expect(Date.now() - stopping).toBeLessThan(3_000);
      const pending = await database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
      expect(pending).toHaveLength(200); // nothing lost, nothing marked sent
    } finally {
      for (const s of sockets) s.destroy();
      relay.close();
    }
  });

  it('gives up on a relay that never answers after its timeouts, and retries the mail later', async () => {
    const sockets: net.Socket[] = [];
    const relay = net.createServer((s) => { sockets.push(s); });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const { port } = relay.address() as net.AddressInfo;
    try {
      await enqueueMail(database.db, mail(15));
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=500`, from: 'test@domace.local', outboxDir: os.tmpdir(), log: { info: () => undefined } });
      const outbox = createMailOutbox({ db: instanceDb(), mailer });
      const started = Date.now();
      expect(await outbox.drain()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, text: 'Текст 15' });
      expect(row!.lastError).toMatch(/greeting/i);
    } finally {
      for (const s of sockets) s.destroy();
      relay.close();
    }
  });

  it('hands the unsent rest of its batch back when stopped mid-batch, so the next start sends it at once', async () => {
    await database.db.insert(mailOutbox).values(Array.from({ length: 10 }, (_, i) => mail(200 + i)));
    let release!: () => void;
    const relay = new Promise<void>((r) => { release = r; });
    let calls = 0;
    // One mail at a time, so "the rest of the batch" is the 8 never handed to the mailer.
    const outbox = createMailOutbox({ db: instanceDb(), concurrency: 1, mailer: { async send() { calls += 1; if (calls === 2) await relay; } } });
    outbox.start(60_000);
    outbox.kick();
    while (calls < 2) await sleep(20);
    await outbox.stop(200); // returns while the second mail is still with the relay
    release();
    await sleep(300);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(2);
    // The 8 never attempted are due now, not in 5 minutes.
    const next = createMailOutbox({ db: instanceDb(), mailer: { send: async () => undefined } });
    expect(await next.drain()).toBe(8);
    expect(calls).toBe(2);
  });

  it('claims one batch at a time and sends it a few mails at once', async () => {
    await database.db.insert(mailOutbox).values(Array.from({ length: 250 }, (_, i) => mail(300 + i)));
    let inFlight = 0;
    let maxInFlight = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let first!: () => void;
    const started = new Promise<void>((r) => { first = r; });
    const ids = new Set<string>();
    const outbox = createMailOutbox({
      db: instanceDb(), batchSize: 100, concurrency: 4,
      mailer: {
        async send(_m, options) {
          ids.add(options!.id!);
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          first();
          await held;
          await sleep(1);
          inFlight -= 1;
        },
      },
    });
    const draining = outbox.drain();
    await started;
    // While the first batch is with the mailer, only it is claimed (leased); the rest waits.
    const leased = await database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`${mailOutbox.nextAttemptAt} > now() + interval '1 minute'`);
    expect(leased).toHaveLength(100);
    release();
    expect(await draining).toBe(250);
    expect(maxInFlight).toBe(4);
    // Each mail is handed over with its row's id (the Message-ID).
    const rows = await database.db.select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt }).from(mailOutbox);
    expect(new Set(rows.map((r) => r.id))).toEqual(ids);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('marks sent only what the transport accepted: the refused mails of a batch stay queued for a retry', async () => {
    await database.db.insert(mailOutbox).values(Array.from({ length: 30 }, (_, i) => mail(400 + i)));
    const outbox = createMailOutbox({
      db: instanceDb(), batchSize: 10,
      mailer: { async send(m) { if (Number(m.subject.split(' ')[1]) % 3 === 0) throw new Error('451 4.3.0 try later'); } },
    });
    expect(await outbox.drain()).toBe(20);
    const rows = await database.db.select().from(mailOutbox);
    const refused = rows.filter((r) => Number(r.subject.split(' ')[1]) % 3 === 0);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r.sentAt === null && r.attempts === 1 && r.lastError === '451 4.3.0 try later' && r.text !== '')).toBe(true);
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(20);
  });

  it('sends through the mail thread over SMTP; mails of a thread that died are retried, with their Message-IDs', async () => {
    const clock = createClock();
    const { sink, mailer } = await sinkAndMailer({ held: true }, (port) => createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Domaće <no-reply@domace.example>', outboxDir: os.tmpdir(), log: { info: () => undefined } }) as WorkerMailer);
    await database.db.insert(mailOutbox).values(Array.from({ length: 5 }, (_, i) => mail(600 + i)));
    const outbox = createMailOutbox({ db: instanceDb(), mailer, clock: clock.now });
    const draining = outbox.drain();
    await until(() => sink.arriving() === 5, 'the five mails to reach the relay');
    await mailer.thread()!.terminate(); // the thread dies before the relay answered
    expect(await draining).toBe(0);
    let rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt === null && r.attempts === 1 && /mail thread stopped/.test(r.lastError ?? ''))).toBe(true);

    sink.release();
    clock.advance(31_000); // the first retry is due
    expect(await outbox.drain()).toBe(5);
    rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    for (const row of rows) {
      const copies = sink.received.filter((m) => m.includes(`Message-ID: <${row.id}@domace.example>`));
      // The relay took the first copy after the thread was gone; the retry sent the same Message-ID.
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(copies[0]).toContain(`To: ${row.to}`);
    }
  });

  it('after a crash mid-batch sends again at most that batch, with the same Message-IDs, and loses none', async () => {
    const clock = createClock();
    const count = 25;
    await database.db.insert(mailOutbox).values(Array.from({ length: count }, (_, i) => mail(500 + i)));
    const delivered: Array<{ id: string; subject: string }> = [];
    // The relay accepts four mails, then the process "dies" on the fifth: nothing is marked.
    let accepted = 0;
    const dying = createMailOutbox({
      db: instanceDb(), clock: clock.now, batchSize: 10, concurrency: 1, sendTimeoutMs: 60_000,
      mailer: {
        send(m, options) {
          if (accepted === 4) return new Promise<void>(() => undefined);
          accepted += 1;
          delivered.push({ id: options!.id!, subject: m.subject });
          return Promise.resolve();
        },
      },
    });
    void dying.drain();
    while (accepted < 4) await sleep(10);
    await sleep(100);
    const next = createMailOutbox({ db: instanceDb(), clock: clock.now, batchSize: 10, mailer: { async send(m, options) { delivered.push({ id: options!.id!, subject: m.subject }); } } });
    expect(await next.drain()).toBe(count - 10); // the other batches at once
    clock.advance(5 * 60_000 + 1000); // the dead instance's lease runs out
    expect(await next.drain()).toBe(10);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    const subjects = delivered.map((d) => d.subject);
    expect(new Set(subjects).size).toBe(count); // none lost
    expect(subjects.length - count).toBe(4); // sent twice: only what the relay had taken from the dead batch
    const twice = delivered.filter((d, i) => delivered.findIndex((e) => e.subject === d.subject) !== i);
    for (const d of twice) expect(delivered.filter((e) => e.subject === d.subject).map((e) => e.id)).toEqual([d.id, d.id]);
  });
});

describe('a relay that is down, then back', () => {
  it('delivers every waiting mail once, within seconds of the relay coming back', async () => {
    const port = await freePort();
    const log = { info: () => undefined };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000`, from: 'Domaće <no-reply@domace.rs>', outboxDir: os.tmpdir(), log }) as WorkerMailer;
    const outbox = createMailOutbox({ db: instanceDb(), mailer, log: { warn: () => undefined }, probeMs: 200 });
    try {
      await enqueueMail(database.db, Array.from({ length: 20 }, (_, i) => mail(100 + i)));
      outbox.start(60_000); // the poll is not what brings them out: the probe is
      await outbox.drain();
      const waiting = await database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
      expect(waiting).toHaveLength(20);
      expect(Math.min(...waiting.map((w) => w.nextAttemptAt.getTime())) - Date.now()).toBeGreaterThan(10_000);

      const sink = await startSmtpSink({ port });
      try {
        const back = Date.now();
        await until(() => sink.received.length >= 20, 'the waiting mail to arrive', 60_000);
        expect(Date.now() - back).toBeLessThan(60_000);
        await sleep(500);
        const subjects = sink.received.map((m) => /Message-ID: <([^@]+)@/i.exec(m)?.[1]);
        expect(new Set(subjects).size).toBe(20);
        expect(sink.received).toHaveLength(20);
      } finally {
        await outbox.stop();
        await mailer.close();
        await sink.close();
      }
    } finally {
      await outbox.stop();
      await mailer.close();
    }
  }, 90_000);
});
