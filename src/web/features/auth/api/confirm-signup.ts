import { useMutation } from '@tanstack/react-query';
import type { ConfirmSignupBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function confirmSignup(body: ConfirmSignupBody): Promise<{ ok: true }> {
  return api.auth.confirmSignup({ body, auth: false });
}

export function useConfirmSignup() {
  return useMutation({ mutationFn: confirmSignup });
}
