import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

export function forgotPassword(email: string): Promise<{ ok: true }> {
  return api.auth.forgotPassword({ body: { email }, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
