import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/constants';
import { api } from '@/lib/api-client';
import { ApiError, errorFromBody } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

// An order's photos: read with the bearer header (as blobs, shown through object URLs)
// and uploaded with progress.

/** The API path of an order's photo (as `images[].url` lists it). */
export const orderImageUrl = (orderId: number, imageId: number) => `/orders/${orderId}/images/${imageId}`;

export const orderImageQuery = (url: string) =>
  queryOptions({
    queryKey: queryKeys.orders.image(url),
    queryFn: ({ signal }): Promise<Blob> => api.get(url, { responseType: 'blob', headers: { accept: 'image/*' }, signal }),
    // A photo never changes under its id.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export const useOrderImage = (url: string) => useQuery(orderImageQuery(url));

export type UploadProgress = (fraction: number) => void;

/**
 * POST /orders/{id}/images (multipart, field `file`). fetch() cannot report upload
 * progress, so this one call uses XMLHttpRequest with the API client's base URL and the
 * session's (refreshed) bearer token; errors become the same ApiError as everywhere.
 */
export async function uploadOrderImage(
  orderId: number,
  file: Blob,
  { name = 'photo.jpg', onProgress, idempotencyKey }: { name?: string; onProgress?: UploadProgress; idempotencyKey?: string } = {},
): Promise<{ id: number; url: string }> {
  const token = await session.getAccessToken();
  const form = new FormData();
  form.append('file', file, name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.url(`/orders/${orderId}/images`));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.', {}, 'network'));
    xhr.ontimeout = () => reject(new ApiError(0, 'The server took too long to answer. Please try again.', {}, 'timeout'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: the status speaks
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        // JSON of the right shape, or a proxy's page: the upload is done only with the photo's id.
        const photo = body as { id?: unknown; url?: unknown } | null;
        if (typeof photo?.id === 'number' && typeof photo.url === 'string') resolve({ id: photo.id, url: photo.url });
        else reject(new ApiError(xhr.status, 'The server answered in an unexpected format.', {}, 'format'));
        return;
      }
      if (xhr.status === 401) session.markUnauthorized();
      const error = errorFromBody(xhr.status, body, `The upload failed (HTTP ${xhr.status}). Please try again.`);
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter !== null) error.headers = new Headers({ 'retry-after': retryAfter });
      reject(error);
    };
    xhr.timeout = 120_000;
    xhr.send(form);
  });
}

/** DELETE /orders/{id}/images/{image_id}: the order's driver, until the weighed lines are submitted. */
export function useDeleteOrderImage(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number): Promise<void> => api.delete(orderImageUrl(orderId, imageId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
