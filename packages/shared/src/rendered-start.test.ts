import { describe, expect, it } from 'vitest';
import { KEPT_START_PAGES_CACHE, keptStartPageHtml, startRoleOf } from './rendered-start';

describe('the rendered start pages', () => {
  it('finds the start pages in any case, with or without a trailing slash', () => {
    expect(startRoleOf('/Store/Home')).toBe('store');
    expect(startRoleOf('/driver/home/')).toBe('driver');
    expect(startRoleOf('/VENDOR/HOME')).toBe('vendor');
    expect(startRoleOf('/Store/Orders')).toBeNull();
    expect(startRoleOf('/')).toBeNull();
  });

  it("keeps a render with its age line shown, and nothing that is not a render's markup", () => {
    const page = '<div inert data-rendered="store"><div hidden="" data-kept-line=""><p>Saved 09:12</p></div><article>#42</article></div>';
    expect(keptStartPageHtml(page)).toBe('<div inert data-rendered="store"><div data-kept-line=""><p>Saved 09:12</p></div><article>#42</article></div>');
    expect(keptStartPageHtml('<div id="root"><!--/shell--></div>')).toBeNull();
  });
});

describe('the kept start pages’ cache', () => {
  it('is the one scripts/first-card.mjs waits for before a repeat visit (it names it, as plain JavaScript in the page)', async () => {
    const { readFileSync } = await import('node:fs');
    const harness = readFileSync(new URL('../../../scripts/first-card.mjs', import.meta.url), 'utf8');
    expect(harness).toContain(`caches.open('${KEPT_START_PAGES_CACHE}')`);
  });
});
