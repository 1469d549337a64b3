import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { memberListItemSchema } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';

// GET /members?approval_status=pending&role=store|vendor (admin): the sign-up queue.
export type SignupRole = 'store' | 'vendor';

export const pendingMembersQueryOptions = (role: SignupRole) =>
  infiniteQueryOptions({
    queryKey: ['members', 'pending', role],
    queryFn: ({ pageParam, signal }) =>
      api.getList('/members', { query: { approval_status: 'pending', role, limit: 50, cursor: pageParam }, signal, schema: z.array(memberListItemSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePendingMembers = (role: SignupRole) => useInfiniteQuery(pendingMembersQueryOptions(role));
