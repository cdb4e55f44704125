import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

export function forgotPassword(email: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
