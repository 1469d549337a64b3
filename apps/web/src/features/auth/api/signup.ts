import { useMutation } from '@tanstack/react-query';
import type { SignupRequest, SignupResponse } from '@app/shared/schemas/auth';
import { getAuthProvider } from '@/lib/auth-provider';
import { api } from '@/lib/api-client';

/** POST /auth/signup: a store or vendor asks to join; an admin accepts it later. */
export async function signup(request: SignupRequest): Promise<SignupResponse> {
  const provider = await getAuthProvider();
  if (provider.kind === 'cognito' && provider.signUp) return provider.signUp(request);
  return api.post<SignupResponse>('/auth/signup', request, { auth: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
