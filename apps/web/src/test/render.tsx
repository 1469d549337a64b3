import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import '@/lib/i18n';

// The component-test harness: the real kits and data layer, the real API client, and a
// fetch that answers from a table, so a test says what the server answers and reads what
// the component asked for.

export const API = 'http://api.test';

export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | ((request: Request) => Response | Promise<Response>);

export interface FakeApi {
  /** Every request made, in order. */
  requests: Request[];
  /** The paths (with query) asked for with a method, e.g. `GET /orders?status=pending`. */
  calls: () => string[];
}

/** Routes `METHOD /path` (the query string ignored) to answers; anything else is a 404. */
export function fakeApi(routes: Record<string, Answer>): FakeApi {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const url = new URL(request.url);
    const answer = routes[`${request.method} ${url.pathname}`];
    if (!answer) return Response.json({ detail: `No route ${request.method} ${url.pathname}` }, { status: 404 });
    if (typeof answer === 'function') return answer(request);
    const status = answer.status ?? 200;
    if (status === 204) return new Response(null, { status, headers: answer.headers });
    return Response.json(answer.body ?? null, { status, headers: answer.headers });
  });
  return {
    requests,
    calls: () => requests.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`),
  };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders `ui` inside a router at `route` and a fresh query client (or the one given); `location()` reads the URL. */
export function renderApp(ui: ReactNode, { route = '/', client }: { route?: string; client?: QueryClient } = {}) {
  setRuntimeConfig({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } });
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location: () => result.getByTestId('location').textContent ?? '' };
}
