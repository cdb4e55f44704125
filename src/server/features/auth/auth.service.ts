import type { Language, UserType } from '#shared/constants.ts';
import { TIMINGS } from '#shared/constants.ts';
import type { Profile, UpdateProfile } from '#shared/contracts/auth.ts';
import { AppError, unauthorized, validationFailed } from '../../lib/errors.ts';
import { enqueueMail } from '../../domain/outbox.ts';
import { dummyVerify, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newOpaqueToken, type Tokens } from '../../lib/tokens.ts';
import type { AuthRepository, CodePurpose, UserRow } from './auth.repository.ts';
import { accountMail, newProducerMail } from './mails.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { codeHash, newCode, sameCodeHash } from '../../lib/codes.ts';

/** The account rules (docs/architecture.md, Security). */
export const AUTH_RULES = {
  maxCodeAttempts: 5,
  lockoutAfterFailures: 5,
  lockoutBaseMs: 60_000,
  lockoutMaxMs: 60 * 60_000,
} as const;

/**
 * How long a just-rotated refresh token still yields a working pair (a sibling in its family)
 * instead of revoking the family: long enough for parallel refreshes (tabs restoring, a retry
 * after a lost answer), short enough that a stolen old token is worthless soon after.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const CODE_VALIDITY: Record<CodePurpose, number> = { signup: TIMINGS.signupCodeMs, reset: TIMINGS.resetCodeMs };

export const authErrors = {
  emailTaken: () => new AppError(409, 'auth.email_taken', 'An account with this email already exists'),
  invalidCredentials: () => new AppError(401, 'auth.invalid_credentials', 'Incorrect email or password'),
  notConfirmed: () => new AppError(403, 'auth.user_not_confirmed', 'Please verify your email before logging in'),
  codeMismatch: () => new AppError(400, 'auth.code_mismatch', 'The code is incorrect'),
  codeExpired: () => new AppError(400, 'auth.code_expired', 'The code has expired; request a new one'),
  suspended: () => new AppError(403, 'auth.suspended', 'This account is suspended'),
  tooManyAttempts: (retryAfterSeconds?: number) => Object.assign(
    new AppError(429, 'auth.too_many_attempts', 'Too many attempts; try again later'),
    { retryAfterSeconds },
  ),
};

export interface AuthServiceDeps {
  repo: AuthRepository;
  sessions: SessionsRepository;
  tokens: Tokens;
  clock: () => Date;
  /** Key of the code hashes (a server secret, so a leaked table does not reveal codes by brute force). */
  codeKey: string;
  /** Ask the outbox to send what was just committed. */
  kickMail: () => void;
  /** PRODUCER_APPROVAL: whether a confirmed producer waits for an operator. */
  producerApproval: 'manual' | 'auto';
  /** Absolute base of links in mails. */
  publicUrl: string;
}

interface TokenAnswer { idToken: string; accessToken: string; refreshToken: string; expiresIn: number }

export function createAuthService({ repo, sessions, tokens, clock, codeKey, kickMail, producerApproval, publicUrl }: AuthServiceDeps) {
  const db = repo.db;


  const hashCode = (userId: string, purpose: CodePurpose, code: string) => codeHash(codeKey, `${userId}:${purpose}`, code);

  /** A fresh 6-digit code (CSPRNG); the previous one of this purpose dies. Returns the plain code for the mail. */
  async function issueCode(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], user: UserRow, purpose: CodePurpose) {
    const now = clock();
    const code = newCode();
    await repo.killCodes(tx, user.id, purpose, now);
    await repo.insertCode(tx, { userId: user.id, purpose, codeHash: hashCode(user.id, purpose, code), expiresAt: new Date(now.getTime() + CODE_VALIDITY[purpose]), now });
    await enqueueMail(tx, accountMail(purpose === 'signup' ? 'signupCode' : 'resetCode', user, { code, validMs: CODE_VALIDITY[purpose] }));
  }

  /** A fresh signup code unless one was issued less than a minute ago; true when one was issued. */
  async function issueCodeUnlessRecent(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], user: UserRow): Promise<boolean> {
    const last = await repo.latestCodeCreatedAt(tx, user.id, 'signup');
    if (last && clock().getTime() - last.getTime() < TIMINGS.resendCooldownMs) return false;
    await issueCode(tx, user, 'signup');
    return true;
  }

  type CodeCheck = 'ok' | 'mismatch' | 'expired' | 'dead';

  /** Checks a code inside `tx` (its row locked); a wrong try is counted even though the request fails. */
  async function checkCode(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const row = await repo.latestCodeForUpdate(tx, userId, purpose);
    if (!row || row.usedAt) return 'mismatch';
    if (row.attempts >= AUTH_RULES.maxCodeAttempts) return 'dead';
    const now = clock();
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (!sameCodeHash(row.codeHash, hashCode(userId, purpose, code))) {
      await repo.countAttempt(tx, row.id);
      return 'mismatch';
    }
    await repo.useCode(tx, row.id, now);
    return 'ok';
  }

  function throwFor(check: Exclude<CodeCheck, 'ok'>): never {
    if (check === 'dead') throw authErrors.tooManyAttempts();
    if (check === 'expired') throw authErrors.codeExpired();
    throw authErrors.codeMismatch();
  }

  async function startSession(user: UserRow, userAgent: string | null): Promise<TokenAnswer> {
    const now = clock();
    const refreshToken = newOpaqueToken();
    const sessionId = await db.transaction(async (tx) => {
      const id = await sessions.create(tx, { userId: user.id, userAgent, now });
      await sessions.addRefreshToken(tx, { sessionId: id, tokenHash: hashToken(refreshToken), expiresAt: new Date(now.getTime() + TIMINGS.refreshTokenSeconds * 1000), now });
      return id;
    });
    const signed = await tokens.sign({ id: user.id, email: user.email, name: user.name, userType: user.userType }, sessionId);
    return { ...signed, refreshToken };
  }

  function lockoutMs(failures: number) {
    const doublings = failures - AUTH_RULES.lockoutAfterFailures;
    return Math.min(AUTH_RULES.lockoutBaseMs * 2 ** Math.max(0, doublings), AUTH_RULES.lockoutMaxMs);
  }

  /** A confirmed producer is approved at once (auto) or waits for an operator, who is mailed (manual). */
  async function onProducerConfirmed(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], user: UserRow) {
    if (producerApproval === 'auto') {
      await repo.setHouseholdStatus(tx, user.id, 'approved', clock());
      return;
    }
    const operators = await repo.listOperators(tx);
    await enqueueMail(tx, operators.map((op) => newProducerMail(op, { name: user.name, email: user.email }, `${publicUrl}/admin`)));
  }

  return {
    /**
     * A new account, or 409 `auth.email_taken` for an e-mail that has one, confirmed or
     * pending alike (the answer never tells which). An existing account is never changed:
     * password, name, user type, phone and language stay those of the first signup, so a
     * stranger signing up with someone's pending e-mail cannot take the account over when
     * its owner types the code. A pending owner who signs up again gets a fresh code (at
     * most once a minute, like resend-code) and confirms the account they made first.
     */
    async signup(input: { email: string; password: string; name: string; userType: UserType; phone?: string | null | undefined; language: Language }) {
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const existing = await repo.findUserByEmail(tx, input.email, { forUpdate: true });
        if (existing) {
          if (existing.confirmedAt) return { taken: true as const, mailed: false };
          const mailed = await issueCodeUnlessRecent(tx, existing);
          return { taken: true as const, mailed };
        }
        const row = await repo.insertUser(tx, { email: input.email, passwordHash, name: input.name, userType: input.userType, phone: input.phone ?? null, language: input.language, now });
        if (row.userType === 'producer') await repo.ensureHousehold(tx, row.id, row.name);
        await issueCode(tx, row, 'signup');
        return { taken: false as const, user: row };
      }).catch((err: unknown) => {
        // Two signups racing for one e-mail: the unique index decides.
        if (repo.isEmailTaken(err)) return { taken: true as const, mailed: false };
        throw err;
      });
      if (outcome.taken) {
        // The fresh code of a pending owner is committed: send it, then answer like any taken e-mail.
        if (outcome.mailed) kickMail();
        throw authErrors.emailTaken();
      }
      kickMail();
      const { user } = outcome;
      return { userId: user.id, email: user.email, userType: user.userType, confirmationRequired: true as const };
    },

    async confirmSignup(input: { email: string; code: string }) {
      const result = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, input.email);
        if (!user) return 'mismatch' as const;
        const check = await checkCode(tx, user.id, 'signup', input.code);
        if (check === 'ok' && !user.confirmedAt) {
          await repo.updateUser(tx, user.id, { confirmedAt: clock(), updatedAt: clock() });
          if (user.userType === 'producer') await onProducerConfirmed(tx, user);
        }
        return check;
      });
      if (result !== 'ok') throwFor(result);
      kickMail();
    },

    /** Always quiet (no enumeration); sends only to an unconfirmed account, at most once a minute. */
    async resendCode(email: string) {
      const sent = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email, { forUpdate: true });
        if (!user || user.confirmedAt) return false;
        return issueCodeUnlessRecent(tx, user);
      });
      if (sent) kickMail();
    },

    async login(input: { email: string; password: string; userAgent: string | null }): Promise<TokenAnswer> {
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) {
        await dummyVerify(input.password); // the same time as a wrong password
        throw authErrors.invalidCredentials();
      }
      const now = clock();
      if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
        throw authErrors.tooManyAttempts(Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000));
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const failures = await repo.countFailedLogin(db, user.id);
        if (failures >= AUTH_RULES.lockoutAfterFailures) {
          await repo.updateUser(db, user.id, { lockedUntil: new Date(now.getTime() + lockoutMs(failures)) });
        }
        throw authErrors.invalidCredentials();
      }
      if (user.failedLogins > 0 || user.lockedUntil) await repo.updateUser(db, user.id, { failedLogins: 0, lockedUntil: null });
      if (!user.confirmedAt) throw authErrors.notConfirmed();
      if (user.suspendedAt) throw authErrors.suspended();
      return startSession(user, input.userAgent);
    },

    /**
     * Rotation with reuse detection: a rotated token presented again revokes its whole family,
     * except within REFRESH_REUSE_GRACE_MS of its rotation, when it yields a sibling pair in
     * the same family (two tabs restoring at once both refresh with the same token; the loser
     * must not end the session). The token row's lock serialises concurrent refreshes on every
     * instance, and the grace is measured from the first rotation, so presenting it again
     * never extends the window.
     */
    async refresh(refreshToken: string): Promise<TokenAnswer> {
      const now = clock();
      const next = newOpaqueToken();
      const outcome = await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(tx, hashToken(refreshToken));
        if (!row || row.sessionRevokedAt) return null;
        if (row.rotatedAt && now.getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
          await sessions.revoke(tx, row.sessionId, 'refresh_reuse', now);
          return null;
        }
        if (row.expiresAt.getTime() <= now.getTime()) return null;
        const user = await repo.findUserById(tx, row.userId);
        if (!user?.confirmedAt || user.suspendedAt || user.deletedAt) return null;
        if (!row.rotatedAt) await sessions.markRotated(tx, row.id, now);
        await sessions.addRefreshToken(tx, { sessionId: row.sessionId, tokenHash: hashToken(next), expiresAt: new Date(now.getTime() + TIMINGS.refreshTokenSeconds * 1000), now });
        await sessions.touch(tx, row.sessionId, now);
        return { user, sessionId: row.sessionId };
      });
      if (!outcome) throw unauthorized('Invalid or expired refresh token');
      const { user, sessionId } = outcome;
      const signed = await tokens.sign({ id: user.id, email: user.email, name: user.name, userType: user.userType }, sessionId);
      return { ...signed, refreshToken: next };
    },

    async logout(sessionId: string) {
      await sessions.revoke(db, sessionId, 'logout', clock());
    },

    /** Always quiet (no enumeration); a reset code at most once a minute per account. */
    async forgotPassword(email: string) {
      const sent = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email, { forUpdate: true });
        // Read the last code either way, so both paths make the same round trips.
        const last = await repo.latestCodeCreatedAt(tx, user?.id ?? '00000000-0000-0000-0000-000000000000', 'reset');
        if (!user) return false;
        if (last && clock().getTime() - last.getTime() < TIMINGS.resendCooldownMs) return false;
        await issueCode(tx, user, 'reset');
        return true;
      });
      if (sent) kickMail();
    },

    async resetPassword(input: { email: string; code: string; newPassword: string }) {
      const passwordHash = await hashPassword(input.newPassword);
      const result = await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, input.email, { forUpdate: true });
        if (!user) return 'mismatch' as const;
        const check = await checkCode(tx, user.id, 'reset', input.code);
        if (check !== 'ok') return check;
        const now = clock();
        // The code proves the mailbox, so an unconfirmed account is confirmed too.
        await repo.updateUser(tx, user.id, { passwordHash, failedLogins: 0, lockedUntil: null, confirmedAt: user.confirmedAt ?? now, updatedAt: now });
        await sessions.revokeAllOfUser(tx, user.id, 'password_reset', now);
        await repo.killCodes(tx, user.id, 'reset', now);
        await enqueueMail(tx, accountMail('passwordChanged', user));
        return 'ok' as const;
      });
      if (result !== 'ok') throwFor(result);
      kickMail();
    },

    async changePassword(input: { userId: string; sessionId: string; currentPassword: string; newPassword: string }) {
      const user = await repo.findUserById(db, input.userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw authErrors.invalidCredentials();
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const now = clock();
        await repo.updateUser(tx, user.id, { passwordHash, updatedAt: now });
        await sessions.revokeAllOfUser(tx, user.id, 'password_changed', now, input.sessionId);
        await enqueueMail(tx, accountMail('passwordChanged', user));
      });
      kickMail();
    },

    async profile(userId: string): Promise<Profile> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw unauthorized();
      return toProfile(user, await repo.counts(userId), await repo.householdStatus(db, userId));
    },

    /** Everything stored about the user, as JSON (Serbia's ZZPL: the right of access). */
    async exportData(userId: string) {
      const data = await repo.exportData(userId);
      if (!data) throw unauthorized();
      return { exportedAt: clock().toISOString(), ...data };
    },

    /** Deletes the own account after the password is confirmed (see repo.deleteAccount). */
    async deleteAccount(userId: string, password: string) {
      const user = await repo.findUserById(db, userId);
      if (!user || user.deletedAt) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, password))) throw authErrors.invalidCredentials();
      await db.transaction(async (tx) => {
        await repo.findUserById(tx, userId, { forUpdate: true });
        await repo.deleteAccount(tx, userId, clock());
      });
    },

    async updateProfile(userId: string, patch: UpdateProfile): Promise<Profile> {
      if (patch.avatar && !(await repo.ownsImage(userId, patch.avatar))) {
        throw validationFailed([{ field: 'avatar', message: 'The avatar must be an image you uploaded' }]);
      }
      const user = await repo.updateUser(db, userId, { ...patch, updatedAt: clock() });
      if (!user) throw unauthorized();
      return toProfile(user, await repo.counts(userId), await repo.householdStatus(db, userId));
    },
  };
}

function toProfile(user: UserRow, counts: Profile['counts'], householdStatus: Profile['householdStatus']): Profile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    userType: user.userType,
    phone: user.phone,
    location: user.location,
    bio: user.bio,
    avatar: user.avatar,
    language: user.language,
    notifyByEmail: user.notifyByEmail,
    isAdmin: user.isAdmin,
    showTotalSpent: user.showTotalSpent,
    householdStatus: user.userType === 'producer' ? householdStatus : null,
    createdAt: user.createdAt.toISOString(),
    counts,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
