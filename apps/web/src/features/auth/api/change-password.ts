import { useMutation } from '@tanstack/react-query';
import { getAuthProvider } from '@/lib/auth-provider';

/** POST /auth/change-password {current_password, password}; this session stays signed in. */
export async function changePassword(input: { currentPassword: string; password: string }): Promise<void> {
  await (await getAuthProvider()).changePassword(input.currentPassword, input.password);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
