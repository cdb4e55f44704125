import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createDb, createPool } from '../db/client.ts';
import { households, smsOutbox, users } from '../db/schema.ts';
import type { OutgoingSms, SmsSender } from '../lib/sms-sender.ts';
import { createSmsOutbox, enqueueSms } from './sms-outbox.ts';

/** Two instances (two pools, two outboxes) draining the same SMS outbox at once: each SMS goes once. */

let database: TestDatabase;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database?.close(); });

function countingSender(sent: string[]): SmsSender {
  return {
    send: async (sms: OutgoingSms) => {
      // A slow SMSC: the other instance claims meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(sms.text);
      return randomUUID();
    },
    isUp: () => true,
    onUp: () => undefined,
    onIncoming: () => undefined,
    close: async () => undefined,
  };
}

describe('the SMS outbox across instances', () => {
  it('sends every SMS exactly once when two instances drain together', async () => {
    const id = randomUUID();
    await database.db.insert(users).values({ id, email: `${id}@test.rs`, name: 'Петар', userType: 'producer', passwordHash: 'x', confirmedAt: new Date() });
    await database.db.insert(households).values({ id, name: 'Фарма', location: 'Лесковац', description: '' });
    const count = 240;
    for (let n = 0; n < count; n++) {
      await enqueueSms(database.db, { householdId: id, phone: '+381641234567', event: 'order', text: `Порука ${n}`, script: 'latn' });
    }
    const sent: string[] = [];
    const pools = [createPool(database.url, 2), createPool(database.url, 2)];
    try {
      const outboxes = pools.map((pool) => createSmsOutbox({ db: createDb(pool), sender: countingSender(sent) }));
      await Promise.all(outboxes.flatMap((o) => [o.drain(), o.drain()]));
      await Promise.all(outboxes.map((o) => o.drain()));
      expect(sent).toHaveLength(count);
      expect(new Set(sent).size).toBe(count);
      const rows = await database.db.select({ sentAt: smsOutbox.sentAt }).from(smsOutbox);
      expect(rows.filter((r) => r.sentAt === null)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
