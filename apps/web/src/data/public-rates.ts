import { useCallback, useEffect, useState } from 'react';
import type { City, RateEntry } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

// What the public /Sell page reads (design.md section 21): the cities and one city's b2c rates,
// both answered without a token. Apart from catalog.ts, like sign-in.ts, and without TanStack
// Query or zod (types only from the shared schemas): /Sell is prerendered and must start as
// light as /login (scripts/check-bundle-size.mjs holds it to its budget; vite.config.ts keeps
// this file out of the signed-in pages' chunk). The browser's HTTP cache keeps the answers
// (GET /rates is public, max-age=60, with an ETag).

/** One material's rate today, as the rates answer names it. */
export interface PublicRate {
  /** The material's name, as GET /rates keys it. */
  name: string;
  /** Its Hindi name, when the answer carries one. */
  name_hi: string | null;
  /** Rupees per kg. */
  rate: number;
}

// GET /rates puts these beside the material names (RESERVED_MATERIAL_NAMES of the shared
// catalog schema, which this file cannot import without zod).
const ENTRY_KEYS = new Set(['city', 'state']);

/** A rates entry's materials, in the answer's order; a cell without a numeric rate is left out. */
export function ratesOfEntry(entry: RateEntry | undefined): PublicRate[] {
  if (!entry) return [];
  const rates: PublicRate[] = [];
  for (const [name, cell] of Object.entries(entry)) {
    if (ENTRY_KEYS.has(name) || typeof cell !== 'object' || cell === null) continue;
    const { rate, name_hi: nameHi } = cell as { rate?: unknown; name_hi?: unknown };
    if (typeof rate !== 'number' || !Number.isFinite(rate)) continue;
    rates.push({ name, name_hi: typeof nameHi === 'string' && nameHi !== '' ? nameHi : null, rate });
  }
  return rates;
}

/** GET /cities (public). */
export const getPublicCities = (signal?: AbortSignal): Promise<City[]> => api.get<City[]>('/cities', { auth: false, signal });

/** A city's rates today: its name as the answer gives it (null without an entry) and its materials (empty: none). */
export interface PublicRates {
  city: { id: number; name: string } | null;
  rates: PublicRate[];
}

/** GET /rates?city_id=&rate_type=b2c (public): the city's materials and today's b2c rate each. */
export async function getPublicRates(cityId: number, signal?: AbortSignal): Promise<PublicRates> {
  const entries = await api.get<RateEntry[]>('/rates', { query: { city_id: cityId, rate_type: 'b2c' }, auth: false, signal });
  const entry = Array.isArray(entries) ? entries.find((e) => e?.city?.id === cityId) : undefined;
  return { city: entry ? { id: entry.city.id, name: entry.city.name } : null, rates: ratesOfEntry(entry) };
}

export type Loaded<T> = { status: 'pending' } | { status: 'error'; error: ApiError } | { status: 'success'; data: T };

const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : String(error), {}, 'network'));

/**
 * One request's state for a page: pending, then its answer or its error; `retry` asks again.
 * `key` names what is asked (null: nothing yet); a new key starts over, and an answer to an
 * older key is never shown. The API client has already retried a failed GET.
 */
function useRequest<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const requestKey = key === null ? null : `${key}#${attempt}`;
  useEffect(() => {
    if (requestKey === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ key: requestKey, loaded: { status: 'success', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key: requestKey, loaded: { status: 'error', error: asApiError(error) } });
      },
    );
    return () => controller.abort();
  }, [requestKey, load]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loaded: Loaded<T> = result !== null && result.key === requestKey ? result.loaded : { status: 'pending' };
  return { ...loaded, retry };
}

/** The cities, asked for once `enabled` (after the prerendered page is the app's). */
export function usePublicCities(enabled: boolean) {
  return useRequest(enabled ? 'cities' : null, getPublicCities);
}

/** A city's b2c rates; nothing is asked while `cityId` is null. */
export function usePublicRates(cityId: number | null) {
  const load = useCallback((signal: AbortSignal): Promise<PublicRates> => (cityId === null ? Promise.resolve({ city: null, rates: [] }) : getPublicRates(cityId, signal)), [cityId]);
  return useRequest(cityId === null ? null : `rates:${cityId}`, load);
}
