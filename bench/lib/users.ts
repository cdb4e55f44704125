import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createTokens } from '#server/lib/tokens.ts';

/**
 * Buyers with live sessions and access tokens signed exactly as the app signs them
 * (createTokens(secret).sign(user, sessionId)) with the JWT secret of the DATA_DIR.
 */

export interface Buyer { id: string; email: string; name: string; sessionId: string; token: string }

export function jwtSecretOf(dataDir: string): string {
  return process.env.JWT_SECRET ?? fs.readFileSync(path.join(dataDir, '.jwt-secret'), 'utf8').trim();
}

export async function createBuyers(pool: pg.Pool, dataDir: string, count: number): Promise<Buyer[]> {
  const tokens = createTokens(jwtSecretOf(dataDir));
  const tag = randomUUID().slice(0, 8);
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const sessionId = randomUUID();
    const email = `bench-${tag}-buyer-${i}@bench.domace.test`;
    const name = i % 2 ? `Kupac ${i}` : `Купац ${i}`;
    const { accessToken } = await tokens.sign({ id, email, name, userType: 'customer' }, sessionId);
    buyers.push({ id, email, name, sessionId, token: accessToken });
  }
  await pool.query(
    `INSERT INTO users (id, email, password_hash, name, user_type, confirmed_at)
     SELECT *, now() FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [buyers.map((b) => b.id), buyers.map((b) => b.email), buyers.map(() => '!bench-no-login'), buyers.map((b) => b.name), buyers.map(() => 'customer')],
  );
  await pool.query(
    `INSERT INTO sessions (id, user_id, user_agent) SELECT *, 'bench' FROM unnest($1::uuid[], $2::uuid[])`,
    [buyers.map((b) => b.sessionId), buyers.map((b) => b.id)],
  );
  return buyers;
}
