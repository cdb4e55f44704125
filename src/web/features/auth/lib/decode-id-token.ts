import { decodeJwt } from 'jose';
import { USER_TYPE_CLAIM, type UserType } from '#shared/constants.ts';

/** Raised when a token cannot be read: not a string, a missing part, bad encoding or JSON. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/**
 * The payload (second part) of a JWT, without verifying it: the server verifies, we only read.
 * jose's decodeJwt reads it; its refusals become InvalidTokenError with the reason.
 */
export function decodeJwtPayload(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') {
    throw new InvalidTokenError('Invalid token specified: must be a string');
  }
  const part = token.split('.')[1];
  if (!part) {
    throw new InvalidTokenError('Invalid token specified: missing part #2');
  }
  try {
    // decodeJwt wants three parts; only the payload is read, so the others need not be real.
    return decodeJwt(`e30.${part}.x`) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as Error).message;
    const kind = /base64/.test(reason) ? 'invalid base64' : 'invalid json';
    throw new InvalidTokenError(`Invalid token specified: ${kind} for part #2 (${reason})`);
  }
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
