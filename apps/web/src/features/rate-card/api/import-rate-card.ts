import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateImportResponse } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';
import { ApiError, errorFromBody } from '@/lib/api-error';
import { session } from '@/lib/session';

// POST /rate-card/import with a text/csv body. The shared client sends JSON or FormData
// only, so this one call builds its request itself, with the client's base URL, the
// session's token (refreshed once on a 401) and the client's error type.

async function send(text: string, token: string | null): Promise<Response> {
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
  let response = await send(text, await session.getAccessToken());
  if (response.status === 401) response = await send(text, await session.getAccessToken({ forceRefresh: true }));
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
  return useMutation({
    mutationFn: importRateCard,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
