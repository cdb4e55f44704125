import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/config/env.ts';
import { createDb, type Database } from '#server/db/client.ts';
import { createTokens } from '#server/lib/tokens.ts';
import { explainAll, recordingPool, scaleFixtures, scalePages, type ExplainedQuery, type ScaleFixtures, type ScalePage, type Who } from './scale-pages.ts';

export interface ExplainedPage extends ScalePage { status: number; queries: ExplainedQuery[]; error?: string }

export interface SignedIn { headers: Record<Who, Record<string, string>>; fixtures: ScaleFixtures; end: () => Promise<void> }

/**
 * Sessions and access tokens for seed-scale's busiest buyer, busiest producer and operator,
 * signed with `secret` (the app's JWT secret); `end` deletes the sessions again.
 */
export async function signIn(pool: pg.Pool, secret: string): Promise<SignedIn> {
  const f = await scaleFixtures(pool);
  const tokens = createTokens(secret);
  const who = { buyer: f.buyerId, producer: f.producerId, operator: f.operatorId } as const;
  const headers = { anyone: {} } as Record<Who, Record<string, string>>;
  const sessionIds: string[] = [];
  for (const [role, id] of Object.entries(who) as [Exclude<Who, 'anyone'>, string][]) {
    const { rows: [u] } = await pool.query<{ email: string; name: string; user_type: 'customer' | 'producer' }>('SELECT email, name, user_type FROM users WHERE id = $1', [id]);
    const sessionId = randomUUID();
    await pool.query(`INSERT INTO sessions (id, user_id, user_agent) VALUES ($1, $2, 'bench scale')`, [sessionId, id]);
    sessionIds.push(sessionId);
    const { accessToken } = await tokens.sign({ id, email: u!.email, name: u!.name, userType: u!.user_type }, sessionId);
    headers[role] = { authorization: `Bearer ${accessToken}` };
  }
  return {
    headers, fixtures: { ...f, buyerCursor: null },
    end: async () => { await pool.query('DELETE FROM sessions WHERE id = ANY($1::uuid[])', [sessionIds]); },
  };
}

/**
 * Every page of scalePages asked of the real app (built in this process on `pool`, no
 * workers, no public cache), each read it sent explained with EXPLAIN (ANALYZE, BUFFERS).
 */
export async function explainPages(pool: pg.Pool, url: string): Promise<ExplainedPage[]> {
  const secret = `scale-explain-${randomUUID()}`;
  const signed = await signIn(pool, secret);
  const recording = recordingPool(pool);
  const database: Database = { pool: recording.pool, db: createDb(recording.pool), kind: 'external', url, close: async () => undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-scale-'));
  const config = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: process.env.SCALE_LOG_LEVEL ?? 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_CACHE_MAX_BYTES: '0' });
  const app = await buildApp(config, { database, tokens: createTokens(secret), mailer: { send: async () => undefined } });
  try {
    await app.ready();
    // The second page of the buyer's orders starts at the first page's cursor.
    const first = await app.inject({ method: 'GET', url: '/api/orders', headers: signed.headers.buyer });
    const fixtures: ScaleFixtures = { ...signed.fixtures, buyerCursor: (first.json() as { nextCursor?: string | null }).nextCursor ?? null };
    const out: ExplainedPage[] = [];
    for (const page of scalePages(fixtures)) {
      recording.take();
      const res = await app.inject({ method: 'GET', url: page.url, headers: signed.headers[page.as] });
      const queries = await explainAll(pool, recording.take());
      out.push({ ...page, status: res.statusCode, queries, ...(res.statusCode >= 400 ? { error: res.body.slice(0, 500) } : {}) });
    }
    return out;
  } finally {
    await app.close();
    await signed.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
