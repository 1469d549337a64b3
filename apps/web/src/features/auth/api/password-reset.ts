import { useMutation } from '@tanstack/react-query';
import { getAuthProvider } from '@/lib/auth-provider';

/** POST /auth/forgot-password: answers 202 whether or not the account exists. */
export async function requestResetCode(loginId: string): Promise<void> {
  await (await getAuthProvider()).forgotPassword(loginId);
}

/** POST /auth/reset-password with the mailed code. */
export async function resetPassword(input: { loginId: string; code: string; password: string }): Promise<void> {
  await (await getAuthProvider()).resetPassword(input.loginId, input.code, input.password);
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
