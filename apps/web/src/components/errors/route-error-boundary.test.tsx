// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_STORAGE_KEY } from '@/lib/build-update';
import { setBrowserOnline } from '@/test/network';
import '@/lib/i18n';
import { RouteErrorBoundary } from './route-error-boundary';

// A page whose code could not be fetched, as Chromium says it.
function renderFailedPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorBoundary />,
        HydrateFallback: () => null,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/orders-page.js')),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

function watchReloads() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

afterEach(() => {
  setBrowserOnline(true);
  sessionStorage.removeItem(RELOAD_STORAGE_KEY);
  vi.unstubAllGlobals();
});

describe('RouteErrorBoundary, for a page whose code did not arrive', () => {
  it('online, reloads for the new build', async () => {
    const reload = watchReloads();
    renderFailedPage();
    expect((await screen.findByRole('status')).textContent).toContain('A new version of the app is available');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online, with a storage that refuses the reload guard, shows the error page rather than "Reloading…" for ever', async () => {
    const reload = watchReloads();
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    renderFailedPage();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, says so and opens the page once the network is back, without reloading before', async () => {
    const reload = watchReloads();
    setBrowserOnline(false);
    renderFailedPage();
    expect((await screen.findByRole('status')).textContent).toContain('You are offline, and this page has not been downloaded yet');
    expect(reload).not.toHaveBeenCalled();
    setBrowserOnline(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
