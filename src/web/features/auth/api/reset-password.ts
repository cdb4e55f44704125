import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<{ ok: true }> {
  return api.auth.resetPassword({ body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
