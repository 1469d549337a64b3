import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The admin start page's numbers, each from a list's X-Total-Count (limit=1, so cheap):
// vendors, vendor and store sign-ups waiting, stores without a vendor.
async function countOf(path: string, query: Record<string, string | number | boolean>, signal: AbortSignal) {
  const { total, items } = await api.getList(path, { query: { ...query, limit: 1 }, signal });
  return total ?? items.length;
}

export const partnerCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'counts'],
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

export const usePartnerCounts = () => useQuery(partnerCountsQueryOptions());
