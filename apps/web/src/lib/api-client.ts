import { RETRY_POLICY } from '@app/shared/constants';
import { buildQueryString } from '@app/shared/query-string';
import { isRetryableStatus, retryDelayMs } from '@app/shared/retry';
import { getRuntimeConfig } from '@/config/runtime-config';
import { ApiError, errorFromBody } from './api-error';
import { session, SessionExpiredError, type SessionStore } from './session';

// THE one API client. Every call to the API goes through apiRequest(): base URL from
// /config.json, JSON in and out, the session's bearer token, `{detail, errors}` turned
// into ApiError, retries for GETs (RETRY_POLICY), one forced token refresh on a 401.
// It never shows toasts or navigates: callers decide (except the spec's DELETE helper below).

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Added as a query string; empty values are skipped (product-spec.md section 7). */
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token (default true). Sign-in, sign-up and password reset send none. */
  auth?: boolean;
  /** Retry on 429/5xx/network errors. Default: GET only (idempotent). */
  retry?: boolean;
  /** How to read a 2xx body (default json; 204 gives undefined). */
  responseType?: 'json' | 'text' | 'blob';
  /** Milliseconds before the request is given up (default 30 s). */
  timeoutMs?: number;
  /** `include` on the calls that carry the refresh cookie (/auth/login, /auth/refresh, /auth/logout). */
  credentials?: RequestCredentials;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  baseUrl: () => string;
  session: Pick<SessionStore, 'getAccessToken' | 'markUnauthorized'>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** How long a request may take before it counts as failed for want of a network. */
export const DEFAULT_TIMEOUT_MS = 30_000;

const MESSAGES = {
  network: 'Cannot reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  format: 'The server answered in an unexpected format. Please reload the page; if it keeps happening, contact the admin.',
  status: (status: number) => `The request failed (HTTP ${status}). Please try again.`,
};

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, RETRY_POLICY.capMs);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - Date.now()), RETRY_POLICY.capMs);
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

export function createApiClient(deps: ApiClientDeps) {
  function url(path: string, query?: Record<string, QueryValue>): string {
    if (/^https?:\/\//.test(path)) return path + (query ? buildQueryString(query) : '');
    const base = deps.baseUrl().replace(/\/+$/, '');
    return `${base}${path.startsWith('/') ? path : `/${path}`}${query ? buildQueryString(query) : ''}`;
  }

  async function once<T>(path: string, options: ApiRequestOptions, token: string | null): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (token) headers.authorization = `Bearer ${token}`;

    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await deps.fetch(url(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error; // the caller cancelled: not an API error
      if (timeout.aborted || (error as { name?: string } | null)?.name === 'TimeoutError') {
        throw new ApiError(0, MESSAGES.timeout, {}, 'timeout');
      }
      if (isAbort(error)) throw error;
      throw new ApiError(0, MESSAGES.network, {}, 'network');
    }

    if (!response.ok) {
      let errorBody: unknown = null;
      try {
        errorBody = await response.json();
      } catch {
        // Not JSON (a proxy page): the status speaks.
      }
      const error = errorFromBody(response.status, errorBody, MESSAGES.status(response.status));
      error.headers = response.headers;
      throw error;
    }

    let data: unknown;
    const type = options.responseType ?? 'json';
    if (response.status === 204 || response.status === 205) data = undefined;
    else if (type === 'blob') data = await response.blob();
    else if (type === 'text') data = await response.text();
    else {
      const text = await response.text();
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        throw new ApiError(response.status, MESSAGES.format, {}, 'format');
      }
    }
    return { data: data as T, status: response.status, headers: response.headers };
  }

  /** Tries once, then once more with a forced token refresh when the token was refused. */
  async function withAuth<T>(path: string, options: ApiRequestOptions): Promise<ApiResponse<T>> {
    if (options.auth === false) return once(path, options, null);
    let token: string | null;
    try {
      token = await deps.session.getAccessToken();
    } catch (error) {
      if (error instanceof SessionExpiredError) throw new ApiError(401, error.message);
      throw error instanceof ApiError ? error : new ApiError(0, MESSAGES.network, {}, 'network');
    }
    try {
      return await once(path, options, token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !token) throw error;
      let fresh: string | null = null;
      try {
        fresh = await deps.session.getAccessToken({ forceRefresh: true });
      } catch {
        // Refresh refused (the session store already signed out) or unreachable.
      }
      if (!fresh) {
        deps.session.markUnauthorized();
        throw error;
      }
      try {
        return await once(path, options, fresh);
      } catch (retryError) {
        if (retryError instanceof ApiError && retryError.status === 401) deps.session.markUnauthorized();
        throw retryError;
      }
    }
  }

  /** Any call, with its status and headers (X-Total-Count, Link, ETag). */
  async function request<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const method = options.method ?? 'GET';
    const retry = options.retry ?? method === 'GET';
    const maxAttempts = retry ? RETRY_POLICY.maxAttempts : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await withAuth(path, { ...options, method });
      } catch (error) {
        const retryable = error instanceof ApiError && (error.isNetworkError || isRetryableStatus(error.status));
        if (!retryable || attempt >= maxAttempts || options.signal?.aborted) throw error;
        const wait = Math.max(retryDelayMs(attempt, deps.random), (error.headers && retryAfterMs(error.headers)) ?? 0);
        await deps.sleep(wait, options.signal);
      }
    }
  }

  /** The body of any call. */
  async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    return (await request<T>(path, options)).data;
  }

  return {
    request,
    apiRequest,
    url,
    get: <T = unknown>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
      apiRequest<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
      apiRequest<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
      apiRequest<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options: Omit<ApiRequestOptions, 'method'> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  };
}


export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's API client. */
export const api: ApiClient = createApiClient({
  fetch: (...args) => fetch(...args),
  baseUrl: () => getRuntimeConfig().apiBaseUrl,
  session,
  sleep: abortableSleep,
  random: Math.random,
});

export const apiRequest = api.apiRequest;
