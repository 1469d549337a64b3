import { i18n } from './i18n';
import { notify } from './notify';
import { api, type QueryValue } from './api-client';
import { ApiError } from './api-error';

// The spec's generic helpers (product-spec.md section 7). New code should prefer `api`
// with TanStack Query, which shows errors where they happen; these exist for the spec's
// behaviour: GET answers null on failure, POST/PUT/PATCH log and answer undefined,
// DELETE tells the user either way.

function logFailure(method: string, path: string, error: unknown) {
  console.error(`${method} ${path} failed:`, error instanceof ApiError ? `${error.status} ${error.detail}` : error);
}

/** The answer, or null when the request failed (the error is logged). */
export async function GET<T = unknown>(path: string, query?: Record<string, QueryValue>): Promise<T | null> {
  try {
    return await api.get<T>(path, { query });
  } catch (error) {
    logFailure('GET', path, error);
    return null;
  }
}

async function send<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<T | undefined> {
  try {
    return await api.apiRequest<T>(path, { method, body });
  } catch (error) {
    logFailure(method, path, error);
    return undefined;
  }
}

export const POST = <T = unknown>(path: string, body?: unknown) => send<T>('POST', path, body);
export const PUT = <T = unknown>(path: string, body?: unknown) => send<T>('PUT', path, body);
export const PATCH = <T = unknown>(path: string, body?: unknown) => send<T>('PATCH', path, body);

/**
 * Deletes `${path}/${id}/` and tells the user: the answer's detail or "Deleted successfully!",
 * else the error's detail or "Delete failed". Answers whether it worked.
 */
export async function DELETE(path: string, id: string | number): Promise<boolean> {
  const target = `${path.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}/`;
  try {
    const answer = await api.delete<{ detail?: unknown } | undefined>(target);
    const detail = answer && typeof answer.detail === 'string' ? answer.detail : null;
    notify.success(detail ?? i18n.t('messages.deleteSuccess'));
    return true;
  } catch (error) {
    logFailure('DELETE', target, error);
    const detail = error instanceof ApiError && error.fromServer ? error.detail : null;
    notify.error(detail ?? i18n.t('messages.deleteFailed'));
    return false;
  }
}
