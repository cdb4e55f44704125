import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { cleanUp } from './maintenance.ts';
import { authCodes, users } from './schema.ts';

let t: TestDatabase;
const now = new Date('2026-06-01T12:00:00Z');
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

describe('cleanUp', () => {
  it('deletes expired and used codes, keeps live ones', async () => {
    const [user] = await t.db.insert(users).values({ email: 'a@test.rs', passwordHash: 'x', name: 'A' }).returning();
    await t.db.insert(authCodes).values([
      { userId: user!.id, purpose: 'signup', codeHash: 'expired', expiresAt: new Date(now.getTime() - 1) },
      { userId: user!.id, purpose: 'signup', codeHash: 'used', expiresAt: new Date(now.getTime() + 60_000), usedAt: now },
      { userId: user!.id, purpose: 'reset', codeHash: 'live', expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await cleanUp(t.db, now)).toEqual({ ran: true });
    const left = await t.db.select({ codeHash: authCodes.codeHash }).from(authCodes);
    expect(left).toEqual([{ codeHash: 'live' }]);
  });

  it('lets only one instance run at a time', async () => {
    const results = await Promise.all([cleanUp(t.db, now), cleanUp(t.db, now), cleanUp(t.db, now)]);
    expect(results.some((r) => r.ran)).toBe(true);
    const count = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM auth_codes`);
    expect(count.rows[0]?.n).toBe(1);
  });
});
