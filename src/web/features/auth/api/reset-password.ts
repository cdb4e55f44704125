import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/auth/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
