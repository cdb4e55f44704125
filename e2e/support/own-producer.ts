import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, type StoredSession } from './session.ts';

/**
 * A producer account of a journey's own (signed up, its mailed code confirmed), so the form
 * journeys never change a seeded household that later journeys read. Its household waits for an
 * operator, so nothing of it is public; `deleteOwnProducer` ends it (its household is hidden).
 */
function outboxDir(): string {
  const note = path.join(os.tmpdir(), `domace-e2e-${process.env.E2E_PORT ?? '3100'}.datadir`);
  return path.join(fs.readFileSync(note, 'utf8').trim(), 'outbox');
}

/** The code of the newest mail to `email` (polls: mail leaves through the outbox). */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const dir = outboxDir();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /:\s*(\d{6})\b/.exec(raw.split(/\r?\n\r?\n/).slice(1).join('\n'));
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

export async function ownProducer(request: APIRequestContext, label: string): Promise<StoredSession> {
  const email = `forms-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@test.rs`;
  const signup = await request.post('/api/auth/signup', { data: { email, password: DEMO_PASSWORD, name: `Forms ${label}`, userType: 'producer', language: 'en' } });
  if (!signup.ok()) throw new Error(`signup ${email}: ${signup.status()} ${await signup.text()}`);
  const confirm = await request.post('/api/auth/confirm-signup', { data: { email, code: await mailedCode(email) } });
  if (!confirm.ok()) throw new Error(`confirm ${email}: ${confirm.status()} ${await confirm.text()}`);
  return apiLogin(request, email);
}

export async function deleteOwnProducer(request: APIRequestContext, session: StoredSession): Promise<void> {
  const res = await request.delete('/api/me', { headers: { authorization: `Bearer ${session.accessToken}` }, data: { password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`delete ${session.user.email}: ${res.status()} ${await res.text()}`);
}
