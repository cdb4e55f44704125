import { apiFetch } from '#web/lib/api-client.ts';
import type { AuthTokens } from './auth-tokens.ts';

/** Rotates the refresh token; the old one stops working (DESIGN.md section 6). */
export function refreshSession(refreshToken: string): Promise<AuthTokens> {
  return apiFetch<AuthTokens>('/api/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false });
}
