import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The admins' dispatch read (design.md section 19, decision 078): a city's drivers, each with
// its last position while it drives to or stands at a pickup, and the orders it holds.
// Order events refetch it (features/live); positions move without one, so it also polls.

/** Drivers post every 15 to 60 s: the view asks as often as the fastest of them posts. */
export const POSITIONS_REFRESH_MS = 15_000;

export const dispatchDriversQuery = (cityId: number) =>
  queryOptions({
    queryKey: queryKeys.dispatch.drivers({ city_id: cityId }),
    queryFn: ({ signal }): Promise<DispatchDriver[]> => api.get<DispatchDriver[]>('/drivers/positions', { query: { city_id: cityId }, signal }),
    // Only while the page is seen: TanStack pauses the interval in a hidden tab.
    refetchInterval: POSITIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
    // Positions are personal data the API deletes within a day: never kept on the device (lib/query-persist.ts).
    meta: { persist: false },
  });

/** The city's drivers for dispatch; nothing is asked before a city is chosen. */
export const useDispatchDrivers = (cityId: number | null) => useQuery({ ...dispatchDriversQuery(cityId ?? 0), enabled: cityId !== null });
