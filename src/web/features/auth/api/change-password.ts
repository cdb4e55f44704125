import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** Other sessions end; this one stays signed in. */
export function changePassword(body: ChangePasswordBody): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
