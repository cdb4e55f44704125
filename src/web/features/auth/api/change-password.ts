import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** Other sessions end; this one stays signed in. */
export function changePassword(body: ChangePasswordBody): Promise<{ ok: true }> {
  return api.me.changePassword({ body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
