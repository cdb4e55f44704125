import type { UserType } from '#shared/constants.ts';

/** Raised when a token cannot be read (spec section 5: not a string, missing part, bad encoding or JSON). */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

function base64UrlToText(input: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(input)) throw new Error('illegal characters');
  let base64 = input.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) throw new Error('bad length');
  base64 += '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Names are often Cyrillic: decode the bytes as UTF-8, refusing invalid sequences.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload (second part) of a JWT, without verifying it: the server verifies, we only read. */
export function decodeJwtPayload(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') {
    throw new InvalidTokenError('Invalid token specified: must be a string');
  }
  const part = token.split('.')[1];
  if (!part) {
    throw new InvalidTokenError('Invalid token specified: missing part #2');
  }
  let text: string;
  try {
    text = base64UrlToText(part);
  } catch (error) {
    throw new InvalidTokenError(`Invalid token specified: invalid base64 for part #2 (${(error as Error).message})`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #2 (${(error as Error).message})`);
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new InvalidTokenError('Invalid token specified: invalid json for part #2 (not an object)');
  }
  return payload as Record<string, unknown>;
}

export interface IdTokenClaims {
  sub: string;
  email: string;
  name: string;
  userType: UserType;
  exp: number | null;
}

/** Reads the id token claims of DESIGN.md section 6; the user type defaults to customer. */
export function decodeIdToken(token: unknown): IdTokenClaims {
  const payload = decodeJwtPayload(token);
  if (payload.token_use !== undefined && payload.token_use !== 'id') {
    throw new InvalidTokenError('Invalid token specified: not an id token');
  }
  if (typeof payload.sub !== 'string' || !payload.sub) {
    throw new InvalidTokenError('Invalid token specified: missing sub');
  }
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    name: typeof payload.name === 'string' ? payload.name : '',
    userType: payload['custom:userType'] === 'producer' ? 'producer' : 'customer',
    exp: typeof payload.exp === 'number' ? payload.exp : null,
  };
}

/** Epoch ms at which a JWT expires, or null when it carries no readable `exp`. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const { exp } = decodeJwtPayload(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
