import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { setRuntimeConfig } from '@/config/runtime-config';

// What main.tsx does with a prerendered page (/login, /Sell): the app's router and providers
// hydrate it. A page whose first render differs from what the build wrote is thrown away by
// React, which reports it as a recoverable error: the prerender tests read those.

let root: Root | undefined;

/** Hydrates the prerendered page in `container`; answers React's recoverable errors (mismatches). */
export async function hydrateApp(container: HTMLElement): Promise<unknown[]> {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', role: 'admin', env: 'dev', auth: { provider: 'local' } });
  const router = createAppRouter();
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
  });
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return mismatches;
}

/** Unmounts what hydrateApp mounted last. */
export function unmountHydrated(): void {
  act(() => root?.unmount());
  root = undefined;
}
