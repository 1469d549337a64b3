import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveMemberRequest, MemberListItem, RejectMemberRequest } from '@app/shared/schemas/members';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage } from './page';
import { invalidatePartners } from './partners';

// Members: the admin's sign-up queue, approving and rejecting, and the start page's counts.

export type SignupRole = 'store' | 'vendor';

/** GET /members?approval_status=pending&role=...: the sign-up queue. */
export const pendingMembersQuery = (role: SignupRole) =>
  infiniteQueryOptions({
    queryKey: queryKeys.members.pending(role),
    queryFn: ({ pageParam, signal }) => getPage<MemberListItem>('/members', { approval_status: 'pending', role, limit: 50, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const usePendingMembers = (role: SignupRole) => useInfiniteQuery(pendingMembersQuery(role));

/** One list's X-Total-Count at limit=1: cheap. */
async function countOf(path: string, query: Record<string, string | number | boolean>, signal: AbortSignal) {
  const { total, items } = await getPage(path, { ...query, limit: 1 }, signal);
  return total ?? items.length;
}

/** The admin start page's numbers: vendors, sign-ups waiting, stores without a vendor. */
export const partnerCountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.members.counts(),
    queryFn: async ({ signal }) => {
      const [vendors, pendingVendors, pendingStores, unassignedStores] = await Promise.all([
        countOf('/vendors', {}, signal),
        countOf('/members', { approval_status: 'pending', role: 'vendor' }, signal),
        countOf('/members', { approval_status: 'pending', role: 'store' }, signal),
        countOf('/stores', { unassigned: true }, signal),
      ]);
      return { vendors, pendingVendors, pendingStores, unassignedStores };
    },
  });

export const usePartnerCounts = () => useQuery(partnerCountsQuery());

/** PATCH /members/{id}/approve/; a store may get its vendor at the same time. */
export function useApproveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vendorId }: { id: number; vendorId?: number }) => api.patch(`/members/${id}/approve/`, (vendorId ? { vendor_id: vendorId } : {}) satisfies ApproveMemberRequest),
    onSuccess: () => invalidatePartners(queryClient),
  });
}

/** PATCH /members/{id}/reject/ {reason?}: cancelled and signed out everywhere. */
export function useRejectMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => api.patch(`/members/${id}/reject/`, (reason ? { reason } : {}) satisfies RejectMemberRequest),
    onSuccess: () => invalidatePartners(queryClient),
  });
}
