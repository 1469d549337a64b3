import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../config/config';
import { buildWebHost } from './web-host';

// MAP_TILE_URL reaches the browser in /config.json, and the page's CSP admits images from
// exactly its host (design.md section 18, decision 071).
describe('map tiles in /config.json and the CSP', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-map-tiles-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kabadi Orders</title><div id="root"></div>');
  let web: FastifyInstance | undefined;

  afterEach(async () => {
    await web?.close();
    web = undefined;
  });

  async function hostWith(overrides: Parameters<typeof testConfig>[0] = {}) {
    web = await buildWebHost(testConfig({ WEB_DIST_DIR: dist, ...overrides }));
    const config = await web.inject({ url: '/config.json' });
    const page = await web.inject({ url: '/Store/Settings/Information' });
    const imgSrc = /img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ');
    return { map: config.json<{ map: unknown }>().map, imgSrc };
  }

  it("defaults to OpenStreetMap's standard tiles, with the credit their policy asks for", async () => {
    const { map, imgSrc } = await hostWith();
    expect(map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
    });
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  });

  it("takes another provider's tiles and credit, and admits only that host (its subdomains for {s})", async () => {
    const { map, imgSrc } = await hostWith({
      MAP_TILE_URL: 'https://{s}.tiles.example.com:8443/base/{z}/{x}/{y}{r}.png?key=abc',
      MAP_TILE_ATTRIBUTION: '© Example Maps, © OpenStreetMap contributors',
      MAP_TILE_ATTRIBUTION_URL: 'https://example.com/credits',
    });
    expect(map).toEqual({
      tileUrl: 'https://{s}.tiles.example.com:8443/base/{z}/{x}/{y}{r}.png?key=abc',
      attribution: { text: '© Example Maps, © OpenStreetMap contributors', url: 'https://example.com/credits' },
    });
    expect(imgSrc).toContain('https://*.tiles.example.com:8443');
    expect(imgSrc?.join(' ')).not.toMatch(/openstreetmap/);
  });

  it('a credit without a link is plain text', async () => {
    const { map } = await hostWith({ MAP_TILE_URL: 'http://localhost:8590/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Local tiles' });
    expect(map).toEqual({ tileUrl: 'http://localhost:8590/{z}/{x}/{y}.png', attribution: { text: 'Local tiles', url: null } });
  });

  it.each([
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', /http\(s\)/],
    ['https://tiles.example.com/{z}/{x}.png', /needs \{z\}, \{x\} and \{y\}/],
    ['https://tiles.example.com/{z}/{x}/{y}.png?key={apikey}', /\{apikey\} is not a placeholder/],
    ['https://tiles-{s}.example.com/{z}/{x}/{y}.png', /only \{s\} may stand in the host/],
    ['https://user:secret@tiles.example.com/{z}/{x}/{y}.png', /user names and passwords/],
  ])('refuses MAP_TILE_URL=%s at start-up, naming the setting', (url, problem) => {
    expect(() => testConfig({ MAP_TILE_URL: url })).toThrow(/MAP_TILE_URL/);
    expect(() => testConfig({ MAP_TILE_URL: url })).toThrow(problem);
  });

  it('refuses a credit link without the credit', () => {
    expect(() => testConfig({ MAP_TILE_ATTRIBUTION_URL: 'https://example.com/credits' })).toThrow(/MAP_TILE_ATTRIBUTION_URL needs MAP_TILE_ATTRIBUTION/);
    expect(() => testConfig({ MAP_TILE_ATTRIBUTION: 'x', MAP_TILE_ATTRIBUTION_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_ATTRIBUTION_URL/);
  });
});
