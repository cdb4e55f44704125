import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** Always answers 200 (no enumeration); the server sends at most one code a minute. */
export function resendCode(email: string): Promise<{ ok: true }> {
  return api.auth.resendCode({ body: { email }, auth: false });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
