// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage } from '@/lib/language';
import { AppProvider } from './provider';
import { prerenderLogin } from './prerender-login';
import { createAppRouter } from './router';

// The prerendered /login must be exactly what the app renders there, or React throws the
// page away when it takes over (and with it what the person typed). This renders the page
// as the build does, puts it in a document and hydrates it as main.tsx does.

let root: Root | undefined;

/** What main.tsx does with a prerendered page: the app's router and providers hydrate it; answers React's recoverable errors (mismatches). */
async function hydrateApp(container: HTMLElement): Promise<unknown[]> {
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

describe('the prerendered sign-in page', () => {
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it.each([
    ['en', 'Sign in · Kabadi Orders'],
    ['hi', 'साइन इन · कबाड़ी ऑर्डर'],
  ] as const)('in %s, is the app’s own markup: React takes it over without a mismatch, keeping the nodes and what was typed', async (language, title) => {
    const page = await prerenderLogin(language);
    expect(page.title).toBe(title);
    expect(page.styleTags).toContain('<style data-emotion="css ');
    expect(page.bootScript).toContain('function bootLogin');

    window.history.replaceState(null, '', '/Login');
    document.body.innerHTML = `<div id="root" data-prerendered="login">${page.html}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    const email = container.querySelector<HTMLInputElement>('input[name=login_id]');
    expect(email).not.toBeNull();
    if (!email) return;
    email.value = 'store@demo.kabadi.in';

    // What main.tsx has done before it hydrates: the start language is the page's.
    await changeLanguage(language, { remember: false });
    const mismatches = await hydrateApp(container);

    expect(mismatches).toEqual([]);
    expect(container.querySelector('input[name=login_id]')).toBe(email);
    expect(email.value).toBe('store@demo.kabadi.in');
    expect(document.documentElement.classList.contains('kb-app')).toBe(true);
  });

  it('takes the page over at ?with=phone too, then shows the form for a code by SMS', async () => {
    const page = await prerenderLogin('en');
    window.history.replaceState(null, '', '/Login?with=phone');
    document.body.innerHTML = `<div id="root" data-prerendered="login">${page.html}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    const mismatches = await hydrateApp(container);
    // The form arrives in a chunk of its own.
    await vi.waitFor(async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(container.querySelector('input[name=phone]')).not.toBeNull();
    });

    expect(mismatches).toEqual([]);
    expect(container.querySelector('input[name=phone]')).not.toBeNull();
    expect(container.querySelector('input[name=login_id]')).toBeNull();
  });
});
