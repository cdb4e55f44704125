import { useMutation } from '@tanstack/react-query';
import type { ConfirmSignupBody } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export function confirmSignup(body: ConfirmSignupBody): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/auth/confirm-signup', { method: 'POST', body, auth: false });
}

export function useConfirmSignup() {
  return useMutation({ mutationFn: confirmSignup });
}
