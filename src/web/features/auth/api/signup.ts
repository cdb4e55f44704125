import { useMutation } from '@tanstack/react-query';
import type { SignupBody, SignupResponse } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export function signup(body: SignupBody): Promise<SignupResponse> {
  return apiFetch<SignupResponse>('/api/auth/signup', { method: 'POST', body, auth: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
