import { useMutation } from '@tanstack/react-query';
import type { CreateAdminRequest, CreateDriverRequest } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';

/** POST /drivers/: an admin creates a driver's account. */
export function createDriver(request: CreateDriverRequest): Promise<unknown> {
  return api.post('/drivers/', request);
}

/** POST /admins/: an admin creates another admin. */
export function createAdmin(request: CreateAdminRequest): Promise<unknown> {
  return api.post('/admins/', request);
}

export type CreateAccountInput = { kind: 'driver'; request: CreateDriverRequest } | { kind: 'admin'; request: CreateAdminRequest };

export function useCreateAccount() {
  return useMutation({
    mutationFn: (input: CreateAccountInput) => (input.kind === 'driver' ? createDriver(input.request) : createAdmin(input.request)),
  });
}
