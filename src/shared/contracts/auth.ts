import { z } from 'zod';
import { LANGUAGES, LIMITS, USER_TYPES } from '../constants.ts';
import { text } from './fields.ts';

/**
 * Accounts (docs/architecture.md, API and Security): one definition for the Fastify route
 * schemas and the web forms.
 */

/**
 * A phone number as E.164 (+381641234567), or null when it cannot be read. Spaces, dashes,
 * dots, slashes and brackets are ignored; 00 means +; a single leading 0 is a Serbian
 * national number (064 123 4567 -> +381641234567).
 */
export function normalizePhone(input: string): string | null {
  let v = input.trim().replace(/[\s\-./()]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  else if (/^0[1-9]/.test(v)) v = `+381${v.slice(1)}`;
  if (!/^\+[1-9]\d{7,14}$/.test(v)) return null;
  // Serbian numbers: 8 to 10 digits after the country code.
  if (v.startsWith('+381') && !/^\+381\d{8,10}$/.test(v)) return null;
  return v;
}

const PHONE_MESSAGE = 'Enter a valid phone number, e.g. +381641234567';

/** Optional phone: '' means none (null); anything else must be a phone number. */
export const optionalPhone = text().trim().max(30, PHONE_MESSAGE).transform((value, ctx) => {
  if (value === '') return null;
  const normalized = normalizePhone(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return normalized;
});

export const email = text().trim().toLowerCase().max(254, 'Email must be at most 254 characters').pipe(z.email('Enter a valid email address'));

export const password = text()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const personName = text().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const code = text().trim().regex(/^\d{6}$/, 'Please enter a valid 6-digit code');

export const signupBody = z.object({
  email,
  password,
  name: personName,
  userType: z.enum(USER_TYPES),
  phone: optionalPhone.nullable().optional(),
  language: z.enum(LANGUAGES).default('sr'),
}).strict();
export type SignupBody = z.input<typeof signupBody>;

export const signupResponse = z.object({
  userId: z.uuid(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  /** Always true: the account waits for the e-mailed code. */
  confirmationRequired: z.literal(true),
});
export type SignupResponse = z.infer<typeof signupResponse>;

export const confirmSignupBody = z.object({ email, code }).strict();
export type ConfirmSignupBody = z.input<typeof confirmSignupBody>;

export const emailBody = z.object({ email }).strict();
export type EmailBody = z.input<typeof emailBody>;

export const loginBody = z.object({
  email,
  // Not the signup rules: an old password is checked, never judged (max only against abuse).
  password: text().min(1, 'Password is required').max(1024),
}).strict();
export type LoginBody = z.input<typeof loginBody>;

export const tokensResponse = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access (and id) token expires. */
  expiresIn: z.number().int(),
});
export type TokensResponse = z.infer<typeof tokensResponse>;

export const refreshBody = z.object({ refreshToken: text().min(1).max(512) }).strict();

/** The web client sends its refresh token along; the session is ended either way. */
export const logoutBody = z.object({ refreshToken: text().max(512).optional() }).strict().nullish();

export const resetPasswordBody = z.object({ email, code, newPassword: password }).strict();
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  currentPassword: text().min(1, 'Current password is required').max(1024),
  newPassword: password,
}).strict();
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const profile = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  userType: z.enum(USER_TYPES),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  language: z.enum(LANGUAGES),
  notifyByEmail: z.boolean(),
  /** An operator (granted only on the server, never through the API). */
  isAdmin: z.boolean(),
  /** Whether the own buyer page shows the total spent to others. */
  showTotalSpent: z.boolean(),
  /** A producer's household: pending until an operator approves it; null for buyers. */
  householdStatus: z.enum(['pending', 'approved', 'suspended']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  counts: z.object({
    orders: z.number().int(),
    following: z.number().int(),
    reviews: z.number().int(),
  }),
});
export type Profile = z.infer<typeof profile>;

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).transform((v) => (v === '' ? null : v)).nullable();

/** Own profile changes; the e-mail and the user type cannot be changed (docs/architecture.md, Security). */
export const updateProfileBody = z.object({
  name: personName,
  phone: optionalPhone.nullable(),
  location: optionalText(120, 'Location'),
  bio: optionalText(500, 'Bio'),
  /** The URL of an image the user uploaded (POST /api/media), or null to remove it. */
  avatar: text().trim().max(500).nullable(),
  language: z.enum(LANGUAGES),
  notifyByEmail: z.boolean(),
  showTotalSpent: z.boolean(),
}).partial().strict();

/** DELETE /api/me: the password confirms it. */
export const deleteAccountBody = z.object({ password: text().min(1, 'Password is required').max(1024) }).strict();
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
export type UpdateProfile = z.output<typeof updateProfileBody>;

/** GET /api/me/export: everything stored about the user (profile, household, orders, reviews, follows, media, sessions, reports). */
export const meExport = z.object({
  exportedAt: z.iso.datetime({ offset: true }),
  profile: z.record(z.string(), z.unknown()),
}).loose();
