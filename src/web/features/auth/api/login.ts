import { api } from '#web/lib/api-client.ts';
import type { TokensResponse as AuthTokens } from '#shared/contracts/auth.ts';

export function login(email: string, password: string): Promise<AuthTokens> {
  return api.auth.login({ body: { email, password }, auth: false });
}
