// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateApp, unmountHydrated } from '@/test/hydrate-app';
import { changeLanguage } from '@/lib/language';
import { prerenderLogin } from './prerender-login';

// The prerendered /login must be exactly what the app renders there, or React throws the
// page away when it takes over (and with it what the person typed). This renders the page
// as the build does, puts it in a document and hydrates it as main.tsx does.

describe('the prerendered sign-in page', () => {
  afterEach(() => {
    unmountHydrated();
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
