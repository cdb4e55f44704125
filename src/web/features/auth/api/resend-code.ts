import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** Always answers 200 (no enumeration); the server sends at most one code a minute. */
export function resendCode(email: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/auth/resend-code', { method: 'POST', body: { email }, auth: false });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
