import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser } from '../../../../test/users.ts';
import { REFRESH_REUSE_GRACE_MS } from './auth.service.ts';
import { follows, households, orders, products, reviews, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

// Every test speaks from its own address, so the per-IP limits of one test do not touch another.
let ipCounter = 1;
const newIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const newEmail = (tag = 'u') => `${tag}-${randomUUID().slice(0, 8)}@test.rs`;
const PASSWORD = 'correct horse battery';

function post(url: string, payload: object | undefined, opts: { ip?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST', url, payload,
    remoteAddress: opts.ip ?? newIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}

async function mailsTo(email: string) {
  await t.app.outbox.drain();
  return t.mails.filter((m) => m.to === email);
}

async function lastCode(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const match = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signup(email: string, extra: Record<string, unknown> = {}, ip = newIp()) {
  const res = await post('/api/auth/signup', { email, password: PASSWORD, name: 'Марија Николић', userType: 'customer', ...extra }, { ip });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

async function signedIn(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  const ip = newIp();
  await signup(email, extra, ip);
  expect((await post('/api/auth/confirm-signup', { email, code: await lastCode(email) }, { ip })).statusCode).toBe(200);
  const login = await post('/api/auth/login', { email, password: PASSWORD }, { ip });
  expect(login.statusCode, login.body).toBe(200);
  return { email, ip, ...(login.json() as { idToken: string; accessToken: string; refreshToken: string; expiresIn: number }) };
}

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
}

describe('signup, e-mail code, login, /api/me', () => {
  it('goes from signup through the mailed code and login to the profile', async () => {
    const email = newEmail();
    const ip = newIp();
    const res = await signup(`  ${email.toUpperCase()} `, { phone: '064 123 4567', language: 'en' }, ip);
    expect(res.json()).toMatchObject({ email, userType: 'customer', userId: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('verification code');
    expect(mails[0]!.html).toContain('<');
    const code = await lastCode(email);

    expect((await post('/api/auth/login', { email, password: PASSWORD }, { ip })).json()).toMatchObject({ code: 'auth.user_not_confirmed' });
    const confirm = await post('/api/auth/confirm-signup', { email, code }, { ip });
    expect(confirm.statusCode).toBe(200);

    const login = await post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD }, { ip });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const tokens = login.json();
    expect(tokens).toEqual({ idToken: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    const idClaims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1], 'base64url').toString('utf8'));
    expect(idClaims).toMatchObject({ sub: res.json().userId, email, name: 'Марија Николић', 'custom:userType': 'customer', token_use: 'id' });

    const profile = await me(tokens.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.json()).toMatchObject({
      id: res.json().userId, email, name: 'Марија Николић', userType: 'customer', phone: '+381641234567',
      language: 'en', notifyByEmail: true, counts: { orders: 0, following: 0, reviews: 0 },
    });
  });

  it('gives a producer a household named after them', async () => {
    const email = newEmail('p');
    const res = await signup(email, { userType: 'producer', name: 'Петар Петровић' });
    const [row] = await t.database.db.select().from(households).where(eq(households.id, res.json().userId));
    expect(row).toMatchObject({ name: 'Петар Петровић' });
  });

  it('refuses the e-mail of a confirmed account with 409 auth.email_taken and changes nothing', async () => {
    const email = newEmail();
    const ip = newIp();
    await signup(email, {}, ip);
    expect((await post('/api/auth/confirm-signup', { email, code: await lastCode(email) }, { ip })).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(email)).length;

    const taken = await post('/api/auth/signup', { email: email.toUpperCase(), password: 'attacker password', name: 'X', userType: 'producer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'auth.email_taken' });
    expect((await mailsTo(email)).length).toBe(mailsBefore);
    expect((await post('/api/auth/login', { email, password: 'attacker password' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await me(login.json().accessToken)).json()).toMatchObject({ name: 'Марија Николић', userType: 'customer' });
  });

  it('never lets a second signup take over a pending account: the owner confirms with the newest code and keeps the first password', async () => {
    const email = newEmail();
    const created = await signup(email, { phone: '064 123 4567', language: 'en' });
    const userId = created.json().userId as string;
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));

    // The attacker signs up with the victim's pending e-mail: a different password, name, type, phone, language.
    t.clock.advance(61_000); // past the resend cooldown, so the owner is mailed a fresh code
    const attack = await post('/api/auth/signup', { email, password: 'attacker password', name: 'Нападач', userType: 'producer', phone: '+381 11 123 4567', language: 'ru' });
    // Exactly the answer a confirmed account gets: it does not tell pending from confirmed.
    expect(attack.statusCode).toBe(409);
    expect(attack.json()).toEqual({ error: 'An account with this email already exists', code: 'auth.email_taken' });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after).toEqual(before);
    // No household appeared for the attacker's "producer" signup.
    expect(await t.database.db.select().from(households).where(eq(households.id, userId))).toEqual([]);

    // The owner types the newest mailed code (the fresh one, in the owner's language): the account is theirs.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('verification code');
    expect((await post('/api/auth/confirm-signup', { email, code: await lastCode(email) })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'attacker password' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await me(login.json().accessToken)).json()).toMatchObject({ id: userId, name: 'Марија Николић', userType: 'customer', phone: '+381641234567', language: 'en' });
  });

  it('mails a pending owner at most one fresh code a minute however often the e-mail is signed up again', async () => {
    const email = newEmail('p');
    await signup(email, { userType: 'producer', name: 'Петар Петровић' });
    for (let i = 0; i < 3; i++) {
      const again = await post('/api/auth/signup', { email, password: `attempt ${i} password`, name: `Нападач ${i}`, userType: 'customer' });
      expect(again.statusCode).toBe(409);
    }
    expect(await mailsTo(email)).toHaveLength(1);
    // Still a producer with the first name; the first code still works.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ userType: 'producer', name: 'Петар Петровић', confirmedAt: null });
    expect((await post('/api/auth/confirm-signup', { email, code: await lastCode(email) })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets two signups racing for one new e-mail make exactly one account', async () => {
    const email = newEmail();
    const [a, b] = await Promise.all([
      post('/api/auth/signup', { email, password: 'first password 1', name: 'Први', userType: 'customer' }),
      post('/api/auth/signup', { email, password: 'second password 2', name: 'Други', userType: 'producer' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('rejects weak passwords, bad e-mails, bad phones and unknown fields with details', async () => {
    const short = await post('/api/auth/signup', { email: newEmail(), password: 'short', name: 'A', userType: 'customer' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ field: 'password' })] });
    const long = await post('/api/auth/signup', { email: newEmail(), password: 'x'.repeat(129), name: 'A', userType: 'customer' });
    expect(long.json().details[0].field).toBe('password');
    const bad = await post('/api/auth/signup', { email: 'nope', password: PASSWORD, name: '', userType: 'admin', phone: '12ab' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['email', 'name', 'phone', 'userType']);
    const extra = await post('/api/auth/signup', { email: newEmail(), password: PASSWORD, name: 'A', userType: 'customer', confirmedAt: 'now' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].field).toBe('confirmedAt');
  });

  it('normalises international phone numbers to E.164', async () => {
    const { accessToken } = await signedIn({ phone: '+44 20 7946 0958' });
    expect((await me(accessToken)).json().phone).toBe('+442079460958');
  });
});

describe('codes', () => {
  it('kills a code after 5 wrong tries: then even the right one gets 429', async () => {
    const email = newEmail();
    await signup(email);
    const code = await lastCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/confirm-signup', { email, code: wrong(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'auth.code_mismatch' });
    }
    const right = await post('/api/auth/confirm-signup', { email, code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'auth.too_many_attempts' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.confirmedAt).toBeNull();
  });

  it('refuses an expired signup code (24 h) with auth.code_expired; a used code does not work again', async () => {
    const email = newEmail();
    await signup(email);
    const code = await lastCode(email);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const expired = await post('/api/auth/confirm-signup', { email, code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'auth.code_expired' });

    expect((await post('/api/auth/resend-code', { email })).statusCode).toBe(200);
    const fresh = await lastCode(email);
    expect((await post('/api/auth/confirm-signup', { email, code: fresh })).statusCode).toBe(200);
    const reused = await post('/api/auth/confirm-signup', { email, code: fresh });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'auth.code_mismatch' });
  });

  it('resends at most once a minute, always answers 200, and the new code kills the old one', async () => {
    const email = newEmail();
    await signup(email);
    const first = await lastCode(email);
    const quick = await post('/api/auth/resend-code', { email });
    expect(quick.statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1); // inside the minute: nothing sent

    t.clock.advance(61_000);
    expect((await post('/api/auth/resend-code', { email })).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await lastCode(email);
    if (first !== second) {
      expect((await post('/api/auth/confirm-signup', { email, code: first })).json()).toMatchObject({ code: 'auth.code_mismatch' });
    }
    expect((await post('/api/auth/confirm-signup', { email, code: second })).statusCode).toBe(200);

    // Unknown and confirmed accounts get the same answer and no mail.
    const unknown = newEmail('ghost');
    const res = await post('/api/auth/resend-code', { email: unknown });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(quick.json());
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('answers a code for an unknown e-mail like a wrong code', async () => {
    const res = await post('/api/auth/confirm-signup', { email: newEmail('ghost'), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'auth.code_mismatch' });
    expect((await post('/api/auth/confirm-signup', { email: newEmail(), code: '12345' })).json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('login', () => {
  it('answers an unknown e-mail and a wrong password with the same 401 body', async () => {
    const { email } = await signedIn();
    const unknown = await post('/api/auth/login', { email: newEmail('ghost'), password: PASSWORD });
    const wrongPassword = await post('/api/auth/login', { email, password: 'wrong password!' });
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.body).toBe(wrongPassword.body);
    expect(unknown.json()).toMatchObject({ code: 'auth.invalid_credentials' });
  });

  it('answers an unconfirmed account with 403 only when the password is right', async () => {
    const email = newEmail();
    await signup(email);
    expect((await post('/api/auth/login', { email, password: 'wrong password!' })).statusCode).toBe(401);
    const res = await post('/api/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.user_not_confirmed' });
  });

  it('locks an account after 5 failures, for a growing time, and a success resets the count', async () => {
    const { email } = await signedIn();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email, password: `wrong-${i}-password` })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/login', { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'auth.too_many_attempts' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);

    t.clock.advance(61_000);
    // One more failure after the first lock: locked again, for twice as long.
    expect((await post('/api/auth/login', { email, password: 'still wrong!!' })).statusCode).toBe(401);
    const again = await post('/api/auth/login', { email, password: PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(60);

    t.clock.advance(121_000);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
    // The count starts over: one failure does not lock.
    expect((await post('/api/auth/login', { email, password: 'wrong again!' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
    const session = await signedIn();
    const first = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect((await me(rotated.accessToken)).statusCode).toBe(200);

    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'unauthorized' });
    // The family is gone: the newest refresh token and the access tokens stop working.
    expect((await post('/api/auth/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    expect((await me(rotated.accessToken)).statusCode).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('gives two parallel refreshes with one token two working pairs in the same session', async () => {
    const session = await signedIn();
    const [a, b] = await Promise.all([
      post('/api/auth/refresh', { refreshToken: session.refreshToken }),
      post('/api/auth/refresh', { refreshToken: session.refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [pa, pb] = [a.json(), b.json()];
    expect(pa.refreshToken).not.toBe(pb.refreshToken);
    expect((await me(pa.accessToken)).statusCode).toBe(200);
    expect((await me(pb.accessToken)).statusCode).toBe(200);
    // Both successors go on rotating, long after the window: neither ended the session.
    t.clock.advance(60_000);
    const na = await post('/api/auth/refresh', { refreshToken: pa.refreshToken });
    const nb = await post('/api/auth/refresh', { refreshToken: pb.refreshToken });
    expect([na.statusCode, nb.statusCode]).toEqual([200, 200]);
    expect((await me(na.json().accessToken)).statusCode).toBe(200);
    expect((await me(nb.json().accessToken)).statusCode).toBe(200);
  });

  it('still revokes the family when a rotated token comes back after the grace window, the window counted from the first rotation', async () => {
    const session = await signedIn();
    const first = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    // Inside the window: a sibling, which does not restart the window.
    const sibling = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(sibling.statusCode).toBe(200);
    t.clock.advance(2000);
    const late = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(late.statusCode).toBe(401);
    for (const pair of [first.json(), sibling.json()]) {
      expect((await post('/api/auth/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(401);
      expect((await me(pair.accessToken)).statusCode).toBe(401);
    }
  });

  it('gives no sibling for a rotated token of a revoked session (logout)', async () => {
    const session = await signedIn();
    const first = (await post('/api/auth/refresh', { refreshToken: session.refreshToken })).json();
    expect((await post('/api/auth/logout', undefined, { token: first.accessToken })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });

  it('refuses an expired refresh token and expired access tokens', async () => {
    const session = await signedIn();
    t.clock.advance(16 * 60 * 1000);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await post('/api/auth/refresh', { refreshToken: refreshed.json().refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
  });

  it('never accepts an id token or a refresh token as an access token', async () => {
    const session = await signedIn();
    expect((await me(session.idToken)).statusCode).toBe(401);
    expect((await me(session.refreshToken)).statusCode).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('logout ends the session at once: its access and refresh tokens stop working', async () => {
    const session = await signedIn();
    const other = await post('/api/auth/login', { email: session.email, password: PASSWORD });
    const res = await post('/api/auth/logout', { refreshToken: session.refreshToken }, { token: session.accessToken });
    expect(res.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    // Only this session: another device stays signed in.
    expect((await me(other.json().accessToken)).statusCode).toBe(200);
    // Without a token, logout is refused; without a body it works too.
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined, { token: other.json().accessToken })).statusCode).toBe(200);
  });
});

describe('password reset and change', () => {
  it('mails a reset code only to existing accounts, with the same answer either way', async () => {
    const session = await signedIn();
    const known = await post('/api/auth/forgot-password', { email: session.email });
    const ghost = newEmail('ghost');
    const unknown = await post('/api/auth/forgot-password', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await mailsTo(ghost)).toHaveLength(0);
    expect((await mailsTo(session.email)).at(-1)!.subject).toMatch(/лозинке|password/);
  });

  it('resets the password with the code, ends all sessions and mails "password changed"', async () => {
    const session = await signedIn();
    const other = (await post('/api/auth/login', { email: session.email, password: PASSWORD })).json();
    await post('/api/auth/forgot-password', { email: session.email });
    const code = await lastCode(session.email);

    const mismatch = await post('/api/auth/reset-password', { email: session.email, code: wrong(code), newPassword: 'brand new password' });
    expect(mismatch.json()).toMatchObject({ code: 'auth.code_mismatch' });
    const weak = await post('/api/auth/reset-password', { email: session.email, code, newPassword: 'short' });
    expect(weak.json()).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ field: 'newPassword' })] });

    const res = await post('/api/auth/reset-password', { email: session.email, code, newPassword: 'brand new password' });
    expect(res.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: session.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: session.email, password: 'brand new password' })).statusCode).toBe(200);
    const mails = await mailsTo(session.email);
    expect(mails.at(-1)!.subject).toMatch(/промењена|changed|изменён/);
    expect(mails.at(-1)!.text).not.toContain('brand new password');
    // Single use.
    expect((await post('/api/auth/reset-password', { email: session.email, code, newPassword: 'third password!' })).statusCode).toBe(400);
  });

  it('expires a reset code after 15 minutes and kills it after 5 wrong tries', async () => {
    const session = await signedIn();
    await post('/api/auth/forgot-password', { email: session.email });
    const code = await lastCode(session.email);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await post('/api/auth/reset-password', { email: session.email, code, newPassword: 'brand new password' })).json()).toMatchObject({ code: 'auth.code_expired' });

    await post('/api/auth/forgot-password', { email: session.email });
    const next = await lastCode(session.email);
    for (let i = 0; i < 5; i++) await post('/api/auth/reset-password', { email: session.email, code: wrong(next), newPassword: 'brand new password' });
    const dead = await post('/api/auth/reset-password', { email: session.email, code: next, newPassword: 'brand new password' });
    expect(dead.statusCode).toBe(429);
    expect(dead.json()).toMatchObject({ code: 'auth.too_many_attempts' });
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const session = await signedIn();
    const other = (await post('/api/auth/login', { email: session.email, password: PASSWORD })).json();
    const bad = await post('/api/me/password', { currentPassword: 'not it at all', newPassword: 'brand new password' }, { token: session.accessToken });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'auth.invalid_credentials' });
    const ok = await post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'brand new password' }, { token: session.accessToken });
    expect(ok.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: session.email, password: 'brand new password' })).statusCode).toBe(200);
    expect((await mailsTo(session.email)).at(-1)!.subject).toMatch(/промењена|changed|изменён/);
  });
});

describe('/api/me', () => {
  it('counts real orders, follows and reviews', async () => {
    const buyer = await createUser(t);
    const producer = await createUser(t, { userType: 'producer' });
    const producer2 = await createUser(t, { userType: 'producer' });
    const db = t.database.db;
    const [product] = await db.insert(products).values({ householdId: producer.id, name: 'Мед', pricePara: 90000, unit: 'jar', category: 'honey' }).returning();
    await db.insert(follows).values([{ userId: buyer.id, householdId: producer.id }, { userId: buyer.id, householdId: producer2.id }]);
    await db.insert(reviews).values({ productId: product!.id, userId: buyer.id, rating: 5, comment: 'Одличан мед, препоручујем.' });
    const order = { checkoutId: randomUUID(), buyerId: buyer.id, householdId: producer.id, deliveryType: 'pickup' as const, pickupDate: '2030-01-01', pickupTime: '10:00', contactPhone: '+381641234567', totalPara: 90000 };
    await db.insert(orders).values([order, order, order]);
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: buyer.headers });
    expect(res.json().counts).toEqual({ orders: 3, following: 2, reviews: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('saves profile changes but never the e-mail or the user type', async () => {
    const user = await createUser(t);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload });
    const res = await patch({ name: 'Нова Имена', phone: '+381 63 111 2222', location: 'Ниш', bio: 'Волим мед.', language: 'ru', notifyByEmail: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Нова Имена', phone: '+381631112222', location: 'Ниш', bio: 'Волим мед.', language: 'ru', notifyByEmail: false, userType: 'customer' });
    expect((await patch({ phone: '', bio: '' })).json()).toMatchObject({ phone: null, bio: null });

    const typeChange = await patch({ userType: 'producer' });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().details[0].field).toBe('userType');
    expect((await patch({ email: 'new@test.rs' })).statusCode).toBe(400);
    expect((await patch({ 'custom:userType': 'producer' })).statusCode).toBe(400);
    expect((await patch({ avatar: '/media/someone-else.webp' })).json()).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ field: 'avatar' })] });
    expect((await patch({ avatar: null })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(after.json()).toMatchObject({ email: user.email, userType: 'customer' });
  });
});

describe('rate limits', () => {
  it('answers 429 auth.rate_limited at the per-account login limit, with Retry-After', async () => {
    const email = newEmail('ghost');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await post('/api/auth/login', { email, password: 'whatever password' })).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await post('/api/auth/login', { email, password: 'whatever password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'auth.rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['cache-control']).toBe('no-store');
  });

  it('answers 429 auth.rate_limited at the per-IP signup limit', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await post('/api/auth/signup', { email: newEmail(), password: 'x', name: 'A', userType: 'customer' }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await post('/api/auth/signup', { email: newEmail(), password: 'x', name: 'A', userType: 'customer' })).statusCode).toBe(400);
  });

  it('limits mails per account: forgot-password 429 after 5 a minute', async () => {
    const email = newEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'auth.rate_limited' });
  });
});
