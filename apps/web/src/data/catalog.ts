import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateType } from '@app/shared/constants';
import { materialName, type NamedMaterial } from '@app/shared/material-name';
import type { City, Material, RateEntry, State } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The catalog every screen reads: cities, states, materials and the per-city rates.
// One fetcher and one key each, so a city added on the rate card shows at once in the
// partner forms, the sign-up form, the order filters and the driver's board.
// (The admin's rate-card screens keep their own read/write endpoints in features/rate-card.)

const HOUR = 60 * 60_000;
const TEN_MINUTES = 10 * 60_000;

/** GET /cities is public: the sign-up form asks before anyone is signed in. */
export const citiesQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.cities(),
    queryFn: ({ signal }): Promise<City[]> => api.get<City[]>('/cities', { auth: false, signal }),
    staleTime: HOUR,
  });

export const useCities = (enabled = true) => useQuery({ ...citiesQuery(), enabled });

export const statesQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.states(),
    queryFn: ({ signal }): Promise<State[]> => api.get<State[]>('/states', { signal }),
    staleTime: HOUR,
  });

export const useStates = () => useQuery(statesQuery());

/** GET /materials; `include_retired` adds the retired ones (the admin's list). */
export const materialsQuery = (query: { include_retired?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.catalog.materials({ include_retired: query.include_retired ?? false }),
    queryFn: ({ signal }): Promise<Material[]> => api.get<Material[]>('/materials', { query: { include_retired: query.include_retired ?? false }, signal }),
    staleTime: TEN_MINUTES,
  });

export const useMaterials = (query: { include_retired?: boolean } = {}) => useQuery(materialsQuery(query));

/**
 * Names a material in the app's language (design.md section 23), one rule for every screen.
 * Order lines, the rate card and reports carry a material as `{ id, name }` (history rows
 * by name only): in Hindi its Hindi name comes from GET /materials, read only then.
 */
export function useMaterialName(): (material: NamedMaterial & { id?: number }) => string {
  const { i18n } = useTranslation();
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const materials = useQuery({ ...materialsQuery(), enabled: language === 'hi' });
  const known = useMemo(() => {
    const byId = new Map<number, NamedMaterial>();
    const byName = new Map<string, NamedMaterial>();
    for (const m of materials.data ?? []) {
      byId.set(m.id, m);
      byName.set(m.name, m);
    }
    return { byId, byName };
  }, [materials.data]);
  return useCallback(
    (material) => {
      if (language !== 'hi' || material.name_hi) return materialName(material, language);
      const found = (material.id === undefined ? undefined : known.byId.get(material.id)) ?? known.byName.get(material.name);
      return materialName({ name: material.name, name_hi: found?.name_hi }, language);
    },
    [language, known],
  );
}

/** GET /rates?type=...&city_id=...: one entry per city (look a rate up with findRate). */
export const ratesQuery = (query: { type: RateType; city_id?: number }) =>
  queryOptions({
    queryKey: queryKeys.catalog.rates({ type: query.type, city_id: query.city_id ?? null }),
    queryFn: ({ signal }): Promise<RateEntry[]> => api.get<RateEntry[]>('/rates', { query, signal }),
    staleTime: TEN_MINUTES,
  });

export const useRates = (query: { type: RateType; city_id?: number }, enabled = true) => useQuery({ ...ratesQuery(query), enabled });
