import { USER_TYPE_CLAIM } from '#shared/constants.ts';
/** Builds an unsigned JWT-shaped token for tests (the web app never verifies signatures). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export function fakeTokens(
  claims: { sub: string; email: string; name: string; userType?: 'customer' | 'producer' },
  { expiresInSeconds = 900, now = Date.now() } = {},
) {
  const exp = Math.floor(now / 1000) + expiresInSeconds;
  return {
    idToken: fakeJwt({ sub: claims.sub, email: claims.email, name: claims.name, [USER_TYPE_CLAIM]: claims.userType, token_use: 'id', exp }),
    accessToken: fakeJwt({ sub: claims.sub, token_use: 'access', exp }),
    refreshToken: `refresh-${Math.random().toString(36).slice(2)}`,
    expiresIn: expiresInSeconds,
  };
}
