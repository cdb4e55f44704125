import { useMutation } from '@tanstack/react-query';
import type { SignupBody, SignupResponse } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function signup(body: SignupBody): Promise<SignupResponse> {
  return api.auth.signup({ body, auth: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
