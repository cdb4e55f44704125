import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * One-time codes sent to a person (a mailed signup or reset code, an SMS code for a phone):
 * drawn from a CSPRNG, stored only as an HMAC under a server key (a database copy alone cannot
 * try the million codes), compared in constant time.
 */
export function newCode(digits = 6): string {
  return randomInt(0, 10 ** digits).toString().padStart(digits, '0');
}

/** The stored form of `code`, bound to what it confirms (`scope`: a user and purpose, a household and phone). */
export function codeHash(key: string, scope: string, code: string): string {
  return createHmac('sha256', key).update(`${scope}:${code}`).digest('hex');
}

/** Whether two stored forms are the same, in constant time. */
export function sameCodeHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
