import { useMutation } from '@tanstack/react-query';
import type { CreateAdminRequest, CreateDriverRequest } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';

// Accounts an admin creates for others: POST /drivers/ (a driver) and POST /admins/ (another admin).

export type CreateAccountInput = { kind: 'driver'; request: CreateDriverRequest } | { kind: 'admin'; request: CreateAdminRequest };

export const createAccount = (input: CreateAccountInput): Promise<unknown> =>
  input.kind === 'driver' ? api.post('/drivers/', input.request) : api.post('/admins/', input.request);

export const useCreateAccount = () => useMutation({ mutationFn: createAccount });
