import { useMutation } from '@tanstack/react-query';
import type { SignupRequest, SignupResponse } from '@app/shared/schemas/auth';
import { api } from '@/lib/api-client';
import { getAuthProvider } from '@/lib/auth-provider';

// The account's own calls besides signing in (data/sign-in.ts): sign-up, a forgotten
// password, a new password. Each goes through the auth provider (the API, or Cognito).

/** POST /auth/signup: a store or vendor asks to join; an admin accepts it later. */
export async function signup(request: SignupRequest): Promise<SignupResponse> {
  const provider = await getAuthProvider();
  if (provider.kind === 'cognito' && provider.signUp) return provider.signUp(request);
  return api.post<SignupResponse>('/auth/signup', request, { auth: false });
}

export const useSignup = () => useMutation({ mutationFn: signup });

/** POST /auth/forgot-password: answers 202 whether or not the account exists. */
export async function requestResetCode(loginId: string): Promise<void> {
  await (await getAuthProvider()).forgotPassword(loginId);
}

export const useRequestResetCode = () => useMutation({ mutationFn: requestResetCode });

/** POST /auth/reset-password with the mailed code. */
export async function resetPassword(input: { loginId: string; code: string; password: string }): Promise<void> {
  await (await getAuthProvider()).resetPassword(input.loginId, input.code, input.password);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** POST /auth/change-password {current_password, password}; this session stays signed in. */
export async function changePassword(input: { currentPassword: string; password: string }): Promise<void> {
  await (await getAuthProvider()).changePassword(input.currentPassword, input.password);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
