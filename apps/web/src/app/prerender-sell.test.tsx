// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateApp, unmountHydrated } from '@/test/hydrate-app';
import { changeLanguage } from '@/lib/language';
import { prerenderedPathOf } from '@/lib/prerendered-login';
import { fakeApi } from '@/test/render';
import { PRERENDERED_PAGES, prerenderPage } from './prerender-login';

// The prerendered /Sell (design.md section 21) must be exactly what the app renders there
// before it knows the device (the kept city) or the API (the cities), or React throws the page
// away when it takes over. Rendered as the build does, hydrated as main.tsx does, then the
// page asks for its data.

const CITIES = [{ id: 1, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }];
const PUNE = [{ city: { id: 1, name: 'Pune' }, state: { id: 1, name: 'Maharashtra' }, Newspaper: { rate: 14 } }];

describe('the prerendered /Sell page', () => {
  afterEach(async () => {
    unmountHydrated();
    document.body.innerHTML = '';
    localStorage.clear();
    vi.unstubAllGlobals();
    await changeLanguage('en', { remember: false });
  });

  it('loads the app at once (its data comes from the API), unlike /login', () => {
    expect(PRERENDERED_PAGES.sell.waitForUse).toBe(false);
    expect(PRERENDERED_PAGES.login.waitForUse).toBe(true);
  });

  it.each([
    ['en', 'Sell your scrap · Kabadi Orders', 'Today’s rates in Pune'],
    ['hi', 'अपना कबाड़ बेचें · कबाड़ी ऑर्डर', 'Pune में आज के रेट'],
  ] as const)('in %s, is the app’s own markup: React takes it over without a mismatch, then shows the kept city’s rates', async (language, title, heading) => {
    const page = await prerenderPage('sell', language);
    expect(page.title).toBe(title);
    expect(page.bootScript).toContain('function bootLogin');
    // Nothing the device or the API knows is in the markup.
    expect(page.html).not.toContain('Pune');
    expect(page.html).toContain('href="/Household/Start"');

    // A returning visitor: the city kept from the last visit.
    localStorage.setItem('sell.city', '1');
    const api = fakeApi({ 'GET /cities': { body: CITIES }, 'GET /rates': { body: PUNE } });
    window.history.replaceState(null, '', '/Sell');
    document.body.innerHTML = `<div id="root" data-prerendered="sell" lang="${language}">${page.html}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    expect(prerenderedPathOf(container)).toBe('/Sell');
    const select = container.querySelector('select');

    await changeLanguage(language, { remember: false });
    const mismatches = await hydrateApp(container);

    expect(mismatches).toEqual([]);
    expect(container.querySelector('select')).toBe(select);
    await vi.waitFor(async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(container.querySelector('h2')?.textContent).toBe(heading);
    });
    expect(api.calls().sort()).toEqual(['GET /cities', 'GET /rates?city_id=1&rate_type=b2c']);
    expect(document.documentElement.classList.contains('kb-app')).toBe(true);
  });
});
