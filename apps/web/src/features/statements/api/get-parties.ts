import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { api } from '@/lib/api-client';

// GET /vendors and /drivers (admin): whom the admin may pick a statement for. Only the
// fields shown are read.

type VendorChoice = { id: number; company_name: string };
type DriverChoice = { id: number; vehicle_number: string; member: { name: string } | null };

export interface Party {
  kind: 'vendor' | 'driver';
  id: number;
  name: string;
}

async function getParties(signal?: AbortSignal): Promise<Party[]> {
  const query = { limit: LIST_MAX_LIMIT };
  const [vendors, drivers] = await Promise.all([
    api.get<VendorChoice[]>('/vendors', { query, signal }),
    api.get<DriverChoice[]>('/drivers', { query, signal }),
  ]);
  return [
    ...vendors.map((v): Party => ({ kind: 'vendor', id: v.id, name: v.company_name })),
    ...drivers.map((d): Party => ({ kind: 'driver', id: d.id, name: d.member ? `${d.member.name} · ${d.vehicle_number}` : d.vehicle_number })),
  ];
}

export const partiesQueryOptions = () => queryOptions({ queryKey: ['statements', 'parties'], queryFn: ({ signal }) => getParties(signal), staleTime: 5 * 60_000 });

export function useParties(enabled = true) {
  return useQuery({ ...partiesQueryOptions(), enabled });
}
