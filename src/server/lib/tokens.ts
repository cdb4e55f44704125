import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { UserType } from '#shared/constants.ts';
import { TIMINGS, USER_TYPE_CLAIM } from '#shared/constants.ts';

/**
 * Id and access tokens are HS256 JWTs with a pinned algorithm, issuer and audience
 * (docs/architecture.md, Security). `token_use` tells them apart: only an access token is accepted
 * as one. Refresh tokens are opaque random strings, stored hashed.
 */
export const ISSUER = 'domace';
export const AUDIENCE = 'domace-api';
const ALG = 'HS256';
/** Access tokens remembered as verified (a token and its claims: ~1 KB each, so ~5 MB at most). */
const MAX_VERIFIED = 5_000;

export interface TokenUser { id: string; email: string; name: string; userType: UserType }

export interface AccessClaims { sub: string; sid: string; email: string; name: string; userType: UserType }

export interface Tokens {
  sign: (user: TokenUser, sessionId: string) => Promise<{ idToken: string; accessToken: string; expiresIn: number }>;
  verifyAccess: (token: string) => Promise<AccessClaims | null>;
  /**
   * Without any work: the claims of a token `verifyAccess` accepted before, null once it has
   * expired, undefined when it has not been seen (then `verifyAccess` decides).
   */
  knownAccess: (token: string) => AccessClaims | null | undefined;
}

export function createTokens(secret: string, clock: () => Date = () => new Date()): Tokens {
  // Imported into WebCrypto once: given the raw bytes, jose imports the key again on every
  // signature and every check (a measurable share of a checkout's CPU).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const expiresIn = TIMINGS.accessTokenSeconds;
  // A signature checked once need not be checked again (CPU, docs/performance.md; a signed-in write was
  // checked twice, by the write limits and by the auth plugin). Keyed by the whole token, so
  // only the very bytes that were verified match; kept until the token's `exp`, after which it
  // is refused as jose refuses it (expired when exp <= now, in whole seconds).
  const verified = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: MAX_VERIFIED });
  const knownAccess = (token: string): AccessClaims | null | undefined => {
    const known = verified.get(token);
    if (!known) return undefined;
    return known.exp > Math.floor(clock().getTime() / 1000) ? known.claims : null;
  };

  const base = async (user: TokenUser, use: 'id' | 'access', sid: string) => {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ email: user.email, name: user.name, [USER_TYPE_CLAIM]: user.userType, token_use: use, sid })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setJti(randomBytes(9).toString('base64url'))
      .setExpirationTime(now + expiresIn)
      .sign(await key);
  };

  return {
    async sign(user, sessionId) {
      const [idToken, accessToken] = await Promise.all([base(user, 'id', sessionId), base(user, 'access', sessionId)]);
      return { idToken, accessToken, expiresIn };
    },
    knownAccess,
    async verifyAccess(token) {
      const known = knownAccess(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE, currentDate: clock(),
        });
        if (payload.token_use !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        // Every token signed here has an expiry: one without is not ours to accept.
        if (typeof payload.exp !== 'number') return null;
        const userType = payload[USER_TYPE_CLAIM] === 'producer' ? 'producer' : 'customer';
        const claims: AccessClaims = Object.freeze({ sub: payload.sub, sid: payload.sid, email: String(payload.email ?? ''), name: String(payload.name ?? ''), userType });
        verified.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
