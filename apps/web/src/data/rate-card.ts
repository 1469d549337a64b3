import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIST_MAX_LIMIT, type RateType } from '@app/shared/constants';
import type {
  BulkRateChangeBody,
  BulkRateChangeResponse,
  RateCardRow,
  rateCellUpdateResponseSchema,
  RateHistoryResponse,
  RateImportResponse,
  UpdateRateCellBody,
} from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { ApiError, errorFromBody } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';
import { invalidateCatalog } from './catalog';
import { getAllPages } from './page';

// The admin's rate card (GET/PUT /rate-card...): the grid of every city's rates, a rate's
// history, and the changes to it (one cell, a bulk change, a CSV import). Its keys sit under
// the catalog's, so a change here refetches every rate lookup too.

export type RateCardFilters = { state_id?: number; city_id?: number; search?: string };

/** GET /rate-card: one row per city, every page of at most LIST_MAX_LIMIT, so the table can scroll freely. */
export async function getRateCard(filters: RateCardFilters, signal?: AbortSignal): Promise<{ rows: RateCardRow[]; total: number }> {
  return getAllPages<RateCardRow>('/rate-card', { ...filters }, LIST_MAX_LIMIT, signal);
}

export const rateCardQuery = (filters: RateCardFilters = {}) =>
  queryOptions({ queryKey: queryKeys.catalog.rateCard(filters), queryFn: ({ signal }) => getRateCard(filters, signal) });

export const useRateCard = (filters: RateCardFilters, enabled = true) => useQuery({ ...rateCardQuery(filters), placeholderData: keepPreviousData, enabled });

/** GET /rate-card/history: one rate's changes, and the rate in force at a time (`at`). */
export type RateHistoryQuery = { city_id: number; material_id: number; rate_type: RateType; at?: string };

export const rateHistoryQuery = (query: RateHistoryQuery) =>
  queryOptions({
    queryKey: queryKeys.catalog.rateHistory(query),
    queryFn: ({ signal }): Promise<RateHistoryResponse> => api.get<RateHistoryResponse>('/rate-card/history', { query, signal }),
  });

export const useRateHistory = (query: RateHistoryQuery | null) =>
  useQuery({ ...rateHistoryQuery(query ?? { city_id: 0, material_id: 0, rate_type: 'vendor' }), enabled: query !== null });

// ---- Changes (admin) -------------------------------------------------------------------

export type UpdateRateCellInput = { cityId: number; materialId: number; body: UpdateRateCellBody };

/** PUT /rate-card/{city_id}/{material_id}: one city's rates of one material. */
export function useUpdateRateCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cityId, materialId, body }: UpdateRateCellInput) =>
      api.put<z.output<typeof rateCellUpdateResponseSchema>>(`/rate-card/${cityId}/${materialId}`, body),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

export type BulkChangeInput = { body: BulkRateChangeBody; dryRun: boolean };

/** POST /rate-card/bulk (?dry_run=true: what would change, nothing changes). */
export function useBulkChangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, dryRun }: BulkChangeInput) => api.post<BulkRateChangeResponse>('/rate-card/bulk', body, { query: { dry_run: dryRun } }),
    onSuccess: async (_answer, input) => {
      if (input.dryRun) return;
      await invalidateCatalog(queryClient);
    },
  });
}

// POST /rate-card/import with a text/csv body. The shared client sends JSON or FormData
// only, so this one call builds its request itself, with the client's base URL, the
// session's token (refreshed once on a 401) and the client's error type.

async function sendCsv(text: string, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'text/csv', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(api.url('/rate-card/import'), { method: 'POST', headers, body: text });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', {}, 'network');
  }
}

export async function importRateCard(file: Blob): Promise<RateImportResponse> {
  const text = await file.text();
  let response = await sendCsv(text, await session.getAccessToken());
  if (response.status === 401) response = await sendCsv(text, await session.getAccessToken({ forceRefresh: true }));
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: the status speaks
  }
  if (!response.ok) throw errorFromBody(response.status, body, `The import failed (HTTP ${response.status}). Please try again.`);
  // The API's answer, typed by its shared schema (decision 045); not JSON is a format error.
  if (body === null) throw new ApiError(response.status, 'The server answered in an unexpected format.', {}, 'format');
  return body as RateImportResponse;
}

export function useImportRateCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importRateCard, onSuccess: () => invalidateCatalog(queryClient) });
}
