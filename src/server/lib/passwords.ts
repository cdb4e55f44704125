import argon2 from 'argon2';

/** argon2id with m = 19456 KiB, t = 2, p = 1: the OWASP minimum (docs/architecture.md, Security). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing, verified when the account is unknown so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-timing-equaliser');
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
