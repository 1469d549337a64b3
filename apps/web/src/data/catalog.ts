import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RateType } from '@app/shared/constants';
import { materialName, type NamedMaterial } from '@app/shared/material-name';
import type { City, CreateCityBody, CreateMaterialBody, Material, RateEntry, State, UpdateMaterialBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The catalog every screen reads: cities, states, materials and the per-city rates.
// One fetcher and one key each, so a city added on the rate card shows at once in the
// partner forms, the sign-up form, the order filters and the driver's board. The admin's
// changes to cities and materials are here too; the rate card's grid is data/rate-card.ts.

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

// ---- Changes (admin) -------------------------------------------------------------------

/**
 * After any change to a material, a city or a rate: the card, its history, the materials
 * and every rate lookup (order forms, the driver's weighing) are stale.
 */
export function invalidateCatalog(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all });
}

function useCatalogMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateCatalog(queryClient) });
}

/** POST /cities (admin): a city with a rate for every material and rate type. */
export const useCreateCity = () => useCatalogMutation((body: CreateCityBody) => api.post<City>('/cities', body));

/** POST /materials (admin). */
export const useCreateMaterial = () => useCatalogMutation((body: CreateMaterialBody) => api.post<Material>('/materials', body));

/** PATCH /materials/{id} (admin): rename, or change default rates. */
export const useUpdateMaterial = () => useCatalogMutation(({ id, body }: { id: number; body: UpdateMaterialBody }) => api.patch<Material>(`/materials/${id}`, body));

/** POST /materials/{id}/retire (admin): it stays on old orders, leaves the lists for new ones. */
export const useRetireMaterial = () => useCatalogMutation((id: number) => api.post(`/materials/${id}/retire`));

/** POST /materials/{id}/restore (admin): a retired material is back, with the rates it had. */
export const useRestoreMaterial = () => useCatalogMutation((id: number) => api.post(`/materials/${id}/restore`));
