import { describe, expect, it, vi } from 'vitest';
import { KEPT_START_PAGES_CACHE, RENDERED_START_HEADER } from '@app/shared/rendered-start';
import { memoryCaches } from '@/test/memory-caches';
import { dropKeptStartPages, KEPT_ENTRY_HEADER, keepStartPage } from './kept-start-page';

// The member's rendered start page, kept on the device for the next start (decision 090).

const RENDER = '<html lang="en"><head><script data-app="/assets/index-abc.js" data-preload="/assets/framework-x.js">boot()</script></head><body><div id="root"><div inert data-rendered="store"><div hidden="" data-kept-line=""><p>09:12</p></div><article>#00000042</article></div></div></body></html>';
const INDEX = '<html lang="en"><head><script data-app="/assets/index-abc.js" data-preload="/assets/framework-x.js">boot()</script></head><body><div id="root"><!--/shell--></div></body></html>';

const CSP = "default-src 'self'; script-src 'self' 'sha256-abc'";
const answer = (body: string, role?: string, status = 200) =>
  new Response(body, { status, headers: { 'content-security-policy': CSP, 'cache-control': 'no-store', vary: 'cookie', ...(role ? { [RENDERED_START_HEADER]: role } : {}) } });

async function keptText(storage: CacheStorage, path: string) {
  const kept = await (await storage.open(KEPT_START_PAGES_CACHE)).match(path);
  return kept ? { text: await kept.text(), entry: kept.headers.get(KEPT_ENTRY_HEADER), headers: kept.headers } : null;
}

describe('the kept start page', () => {
  it('keeps the render of the start page, its age line shown, with its build’s entry script', async () => {
    const { storage } = memoryCaches();
    const send = vi.fn(async () => answer(RENDER, 'store'));
    expect(await keepStartPage('/store/home', { send, storage, wanted: () => true })).toBe(true);
    expect(send).toHaveBeenCalledWith('/Store/Home', expect.objectContaining({ credentials: 'same-origin', cache: 'no-store' }));
    const kept = await keptText(storage, '/Store/Home');
    expect(kept?.entry).toBe('/assets/index-abc.js');
    // The web host's policy still holds the copy; what was for the wire or one request does not.
    expect(kept?.headers.get('content-security-policy')).toBe(CSP);
    expect(kept?.headers.get('cache-control')).toBeNull();
    expect(kept?.headers.get('vary')).toBeNull();
    expect(kept?.text).toContain('<div data-kept-line=""><p>09:12</p></div><article>#00000042</article>');
  });

  it('drops the copy when the web host sends index.html, another section’s page, an error, or the session ended meanwhile', async () => {
    const { storage } = memoryCaches();
    for (const [response, wanted] of [
      [answer(INDEX), true],
      [answer(RENDER, 'driver'), true],
      [answer('', 'store', 500), true],
      [answer(RENDER, 'store'), false],
    ] as const) {
      await keepStartPage('/Store/Home', { send: async () => answer(RENDER, 'store'), storage, wanted: () => true });
      expect(await keptText(storage, '/Store/Home')).not.toBeNull();
      expect(await keepStartPage('/Store/Home', { send: async () => response, storage, wanted: () => wanted })).toBe(false);
      expect(await keptText(storage, '/Store/Home')).toBeNull();
    }
  });

  it('asks for nothing on a page that is not a start page, or without cache storage', async () => {
    const send = vi.fn(async () => answer(RENDER, 'store'));
    expect(await keepStartPage('/Store/Orders', { send, storage: memoryCaches().storage, wanted: () => true })).toBe(false);
    expect(await keepStartPage('/Store/Home', { send, storage: undefined, wanted: () => true })).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('goes with every other kept start page', async () => {
    const { storage } = memoryCaches();
    await keepStartPage('/Store/Home', { send: async () => answer(RENDER, 'store'), storage, wanted: () => true });
    await dropKeptStartPages(storage);
    expect(await keptText(storage, '/Store/Home')).toBeNull();
  });
});
