import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '#shared/constants.ts';
import { createTokens, type TokenUser } from './tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256';
const user: TokenUser = { id: '00000000-0000-4000-8000-000000000001', email: 'ana@example.com', name: 'Ana', userType: 'producer' };

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 10, 24, 12)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => { now += ms; } };
}

describe('access tokens', () => {
  it('accepts its own access token, remembers it, and answers the same claims again', async () => {
    const clock = manualClock();
    const tokens = createTokens(SECRET, clock.now);
    const { accessToken } = await tokens.sign(user, 'session-1');
    expect(tokens.knownAccess(accessToken)).toBeUndefined();
    const claims = await tokens.verifyAccess(accessToken);
    expect(claims).toEqual({ sub: user.id, sid: 'session-1', email: user.email, name: user.name, userType: 'producer' });
    expect(tokens.knownAccess(accessToken)).toEqual(claims);
    expect(await tokens.verifyAccess(accessToken)).toEqual(claims);
  });

  it('refuses a remembered token from the second its expiry is reached, as jose does', async () => {
    const clock = manualClock();
    const tokens = createTokens(SECRET, clock.now);
    const { accessToken } = await tokens.sign(user, 's');
    expect(await tokens.verifyAccess(accessToken)).not.toBeNull();
    clock.advance(TIMINGS.accessTokenSeconds * 1000 - 1000);
    expect(await tokens.verifyAccess(accessToken)).not.toBeNull();
    clock.advance(1000); // exp == now
    expect(tokens.knownAccess(accessToken)).toBeNull();
    expect(await tokens.verifyAccess(accessToken)).toBeNull();
    // A fresh instance (nothing remembered) agrees.
    expect(await createTokens(SECRET, clock.now).verifyAccess(accessToken)).toBeNull();
  });

  it('refuses a changed copy of a remembered token, an id token and another secret\'s token', async () => {
    const clock = manualClock();
    const tokens = createTokens(SECRET, clock.now);
    const { accessToken, idToken } = await tokens.sign(user, 's');
    expect(await tokens.verifyAccess(accessToken)).not.toBeNull();
    // A character of the signature that carries six bits of it: the last one also holds two
    // padding bits, so changing only those (A <-> B) decodes to the same signature (1 run in 16).
    const signatureAt = accessToken.lastIndexOf('.') + 1;
    const changed = accessToken[signatureAt] === 'A' ? 'Q' : 'A';
    expect(await tokens.verifyAccess(accessToken.slice(0, signatureAt) + changed + accessToken.slice(signatureAt + 1))).toBeNull();
    expect(await tokens.verifyAccess(idToken)).toBeNull();
    const foreign = await createTokens('another-secret-that-is-long-enough-for-hs256', clock.now).sign(user, 's');
    expect(await tokens.verifyAccess(foreign.accessToken)).toBeNull();
    expect(tokens.knownAccess(foreign.accessToken)).toBeUndefined();
  });

  it('remembers a bounded number of tokens: the oldest are verified again, not kept', async () => {
    const tokens = createTokens(SECRET, manualClock().now);
    const first = (await tokens.sign(user, 'first')).accessToken;
    await tokens.verifyAccess(first);
    for (let i = 0; i < 5_000; i++) await tokens.verifyAccess((await tokens.sign(user, `s${i}`)).accessToken);
    expect(tokens.knownAccess(first)).toBeUndefined();
    expect((await tokens.verifyAccess(first))?.sid).toBe('first');
  }, 60_000);

  it('answers null, never throws, for any string as a token', async () => {
    const tokens = createTokens(SECRET, manualClock().now);
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}\.[A-Za-z0-9_-]{0,40}\.[A-Za-z0-9_-]{0,60}$/)), async (token) => {
      expect(await tokens.verifyAccess(token)).toBeNull();
      expect(tokens.knownAccess(token)).toBeUndefined();
    }), { numRuns: 300 });
  });
});
