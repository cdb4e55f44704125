import { api } from '#web/lib/api-client.ts';
import type { TokensResponse as AuthTokens } from '#shared/contracts/auth.ts';

/** Rotates the refresh token; the old one stops working (src/server/features/auth/auth.service.ts). */
export function refreshSession(refreshToken: string): Promise<AuthTokens> {
  return api.auth.refresh({ body: { refreshToken }, auth: false });
}
