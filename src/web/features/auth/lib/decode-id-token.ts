import { USER_TYPE_CLAIM, type UserType } from '#shared/constants.ts';

/** Raised when a token cannot be read: not a string, a missing part, bad encoding or JSON. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of a base64url text (no padding), or null when it is not one. */
function fromBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The payload (second part) of a JWT, without verifying it: the server verifies, we only read.
 * Read here rather than with jose's decodeJwt (what it did before): the session store is in the
 * first load (vite.config.ts), and these few lines are all of jose the browser used.
 */
export function decodeJwtPayload(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') {
    throw new InvalidTokenError('Invalid token specified: must be a string');
  }
  const part = token.split('.')[1];
  if (!part) {
    throw new InvalidTokenError('Invalid token specified: missing part #2');
  }
  const bytes = fromBase64Url(part);
  if (!bytes) throw new InvalidTokenError('Invalid token specified: invalid base64 for part #2');
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #2 (${(error as Error).message})`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
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

/** Reads the id token's claims (as src/server/lib/tokens.ts signs them); the user type defaults to customer. */
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
    userType: payload[USER_TYPE_CLAIM] === 'producer' ? 'producer' : 'customer',
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
