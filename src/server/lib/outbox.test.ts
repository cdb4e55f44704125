import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mail, Mailer } from './mailer.ts';
import { createMailOutbox, enqueueMail } from './outbox.ts';

/**
 * The transactional mail outbox (ADR 0003, issue 9) as several instances use it: each
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
function instanceDb(): Db {
  const pool = createPool(database.url, 5);
  pools.push(pool);
  return createDb(pool);
}

const mail = (i: number): Mail => ({ to: `kupac${i}@test.rs`, subject: `Поруџбина ${i}`, text: `Текст ${i}`, html: `<p>${i}</p>` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the mail outbox', () => {
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
    const a = createMailOutbox({ db: instanceDb(), mailer: mailerOf('a') });
    const b = createMailOutbox({ db: instanceDb(), mailer: mailerOf('b') });

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

  it('gives up on a mail after 8 failed attempts', async () => {
    const clock = createClock();
    let calls = 0;
    const outbox = createMailOutbox({ db: instanceDb(), mailer: { send: async () => { calls += 1; throw new Error('550 mailbox unavailable'); } }, clock: clock.now });
    await enqueueMail(database.db, mail(2));
    for (let i = 0; i < 12; i++) {
      await outbox.drain();
      clock.advance(7 * 3600_000); // past the longest backoff (6 h)
    }
    expect(calls).toBe(8);
    const [r] = await database.db.select().from(mailOutbox);
    expect(r).toMatchObject({ attempts: 8, sentAt: null, lastError: '550 mailbox unavailable' });
  });

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
});
