import { describe, expect, it } from 'vitest';
import { drawsFrame, KEPT_START_PAGES_CACHE, keptStartPageHtml, startRoleOf, withoutFrames } from './rendered-start';

describe('the rendered start pages', () => {
  it('finds the start pages in any case, with or without a trailing slash', () => {
    expect(startRoleOf('/Store/Home')).toBe('store');
    expect(startRoleOf('/driver/home/')).toBe('driver');
    expect(startRoleOf('/VENDOR/HOME')).toBe('vendor');
    expect(startRoleOf('/Store/Orders')).toBeNull();
    expect(startRoleOf('/')).toBeNull();
  });

  it('leaves the frames only to the pages that draw one', () => {
    const index = '<div id="root"></div><script>boot()</script><template id="kb-frame-store-en" data-preload="/a.js"><p>a</p></template>\n<template id="kb-frame-driver-hi" data-preload=""><p>b</p></template>\n</body>';
    expect(withoutFrames(index)).toBe('<div id="root"></div><script>boot()</script></body>');
    expect(['/', '/Store/Home', '/driver/home/', '/Vendor/Home'].every(drawsFrame)).toBe(true);
    expect(['/Store/Orders', '/Admin/Orders', '/login', '/Home'].some(drawsFrame)).toBe(false);
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
