import { apiFetch } from '#web/lib/api-client.ts';
import type { AuthTokens } from './auth-tokens.ts';

export function login(email: string, password: string): Promise<AuthTokens> {
  return apiFetch<AuthTokens>('/api/auth/login', { method: 'POST', body: { email, password }, auth: false });
}
