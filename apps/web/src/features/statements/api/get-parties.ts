import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { api } from '@/lib/api-client';

// GET /vendors and /drivers (admin): whom the admin may pick a statement for. Only the
// fields shown are read.

const vendorsSchema = z.array(z.object({ id: z.number().int(), company_name: z.string() }));
const driversSchema = z.array(z.object({ id: z.number().int(), vehicle_number: z.string(), member: z.object({ name: z.string() }).nullable() }));

export interface Party {
  kind: 'vendor' | 'driver';
  id: number;
  name: string;
}

async function getParties(signal?: AbortSignal): Promise<Party[]> {
  const query = { limit: LIST_MAX_LIMIT };
  const [vendors, drivers] = await Promise.all([
    api.get('/vendors', { query, signal, schema: vendorsSchema }),
    api.get('/drivers', { query, signal, schema: driversSchema }),
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
