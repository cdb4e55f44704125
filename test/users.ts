import { randomUUID } from 'node:crypto';
import { households, sessions, users } from '../src/server/db/schema.ts';
import type { TestApp } from './app.ts';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  userType: 'customer' | 'producer';
  sessionId: string;
  accessToken: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * A confirmed user with a live session and an access token, written straight to the
 * database (fast; for tests of features other than auth). A producer gets its household.
 */
export async function createUser(
  t: TestApp,
  opts: { userType?: 'customer' | 'producer'; name?: string; email?: string; householdName?: string; location?: string } = {},
): Promise<TestUser> {
  const userType = opts.userType ?? 'customer';
  const id = randomUUID();
  const email = opts.email ?? `${userType}-${id.slice(0, 8)}@test.rs`;
  const name = opts.name ?? (userType === 'producer' ? 'Петар Петровић' : 'Марија Николић');
  const db = t.database.db;
  await db.insert(users).values({ id, email, name, userType, passwordHash: 'not-used', confirmedAt: new Date(), phone: '+381641234567' });
  if (userType === 'producer') {
    await db.insert(households).values({ id, name: opts.householdName ?? `Домаћинство ${id.slice(0, 4)}`, location: opts.location ?? 'Лесковац', description: 'Домаћи производи.' });
  }
  const [session] = await db.insert(sessions).values({ userId: id }).returning({ id: sessions.id });
  const { accessToken } = await t.tokens.sign({ id, email, name, userType }, session!.id);
  return { id, email, name, userType, sessionId: session!.id, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}
