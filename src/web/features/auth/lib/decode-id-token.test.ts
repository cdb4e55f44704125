import { describe, expect, it } from 'vitest';
import { fakeJwt } from '#web/test/jwt.ts';
import { InvalidTokenError, decodeIdToken, decodeJwtPayload, tokenExpiresAt } from './decode-id-token.ts';

describe('decodeJwtPayload', () => {
  it('reads the payload, including non-ASCII (Cyrillic) names', () => {
    const token = fakeJwt({ sub: 'u1', name: 'Милица Јовановић' });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', name: 'Милица Јовановић' });
  });

  it.each([
    ['not a string', 42, /must be a string/],
    ['undefined', undefined, /must be a string/],
    ['missing the payload part', 'onlyheader', /missing part #2/],
    ['an empty payload part', 'header..sig', /missing part #2/],
    ['bad base64url', 'header.@@@!.sig', /invalid base64/],
    ['impossible base64 length', 'header.abcde.sig', /invalid base64/],
    ['valid base64 but not JSON', `header.${Buffer.from('not json').toString('base64url')}.sig`, /invalid json/],
    ['JSON that is not an object', `header.${Buffer.from('"text"').toString('base64url')}.sig`, /invalid json/],
  ])('throws InvalidTokenError for %s', (_case, token, message) => {
    expect(() => decodeJwtPayload(token)).toThrow(InvalidTokenError);
    expect(() => decodeJwtPayload(token)).toThrow(message);
  });
});

describe('decodeIdToken', () => {
  it('maps the id token claims to a user', () => {
    const token = fakeJwt({ sub: 'p1', email: 'ana@example.rs', name: 'Ана', 'custom:userType': 'producer', token_use: 'id' });
    expect(decodeIdToken(token)).toMatchObject({ sub: 'p1', email: 'ana@example.rs', name: 'Ана', userType: 'producer' });
  });

  it('defaults the user type to customer', () => {
    expect(decodeIdToken(fakeJwt({ sub: 'c1', email: 'c@example.rs' })).userType).toBe('customer');
    expect(decodeIdToken(fakeJwt({ sub: 'c1', 'custom:userType': 'admin' })).userType).toBe('customer');
  });

  it('refuses an access token or a token without a subject', () => {
    expect(() => decodeIdToken(fakeJwt({ sub: 'c1', token_use: 'access' }))).toThrow(InvalidTokenError);
    expect(() => decodeIdToken(fakeJwt({ email: 'c@example.rs' }))).toThrow(InvalidTokenError);
  });
});

describe('tokenExpiresAt', () => {
  it('returns exp in ms, or null for unreadable tokens', () => {
    expect(tokenExpiresAt(fakeJwt({ exp: 1000 }))).toBe(1_000_000);
    expect(tokenExpiresAt('garbage')).toBeNull();
  });
});
