import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CONFIG, loadRuntimeConfig, mapTiles, parseRuntimeConfig, RuntimeConfigError, setRuntimeConfig } from './runtime-config';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('runtime configuration', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('reads /config.json as the web host serves it', async () => {
    const served = {
      apiBaseUrl: 'https://api.kabadi.in',
      role: 'store',
      env: 'production',
      auth: { provider: 'cognito', userPoolId: 'p', userPoolClientId: 'c', domain: null, redirectSignIn: null, redirectSignOut: null, responseType: null },
      map: { tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: { text: '© Example', url: null } },
    };
    const config = await loadRuntimeConfig(async () => json(served));
    expect(config).toEqual(served);
  });

  it('falls back to http://localhost:3000 when there is no /config.json', async () => {
    expect(await loadRuntimeConfig(async () => new Response('not found', { status: 404 }))).toEqual(FALLBACK_CONFIG);
    // A development server answers index.html for every path.
    expect(await loadRuntimeConfig(async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }))).toEqual(FALLBACK_CONFIG);
    expect(await loadRuntimeConfig(async () => Promise.reject(new TypeError('offline')))).toEqual(FALLBACK_CONFIG);
    expect(FALLBACK_CONFIG).toEqual({ apiBaseUrl: 'http://localhost:3000', role: 'admin', env: 'dev', auth: { provider: 'local' } });
  });

  it('fills what a configuration leaves out', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: 'http://localhost:3100' })).toEqual({ ...FALLBACK_CONFIG, apiBaseUrl: 'http://localhost:3100' });
  });

  it('stops the start-up on an invalid configuration, naming the field', async () => {
    expect(() => parseRuntimeConfig({ apiBaseUrl: 'not a url', role: 'boss' })).toThrow(RuntimeConfigError);
    await expect(loadRuntimeConfig(async () => json({ role: 'boss' }))).rejects.toThrow(/role/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: 'ftp://files.kabadi.in' })).toThrow(/apiBaseUrl/);
    expect(() => parseRuntimeConfig({ env: 'staging' })).toThrow(/env/);
    expect(() => parseRuntimeConfig({ auth: { provider: 'saml' } })).toThrow(/auth\.provider/);
    expect(() => parseRuntimeConfig({ auth: { provider: 'cognito', userPoolId: 42 } })).toThrow(/auth\.userPoolId/);
    expect(() => parseRuntimeConfig({ auth: { provider: 'cognito', userPoolEndpoint: ['http://localhost:9229'] } })).toThrow(/auth\.userPoolEndpoint/);
    expect(() => parseRuntimeConfig({ auth: 'cognito' })).toThrow(/auth: must be an object/);
    expect(() => parseRuntimeConfig(['admin'])).toThrow(/\(root\)/);
    expect(() => parseRuntimeConfig({ map: 'osm' })).toThrow(/map: must be an object/);
    expect(() => parseRuntimeConfig({ map: { tileUrl: 'ftp://tiles.example.com/{z}/{x}/{y}.png', attribution: { text: 'x', url: null } } })).toThrow(/map\.tileUrl/);
    expect(() => parseRuntimeConfig({ map: { tileUrl: 'https://tiles.example.com/tile.png', attribution: { text: 'x', url: null } } })).toThrow(/map\.tileUrl/);
    expect(() => parseRuntimeConfig({ map: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: { text: '' } } })).toThrow(/map\.attribution\.text/);
    expect(() => parseRuntimeConfig({ map: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: { text: 'x', url: 'javascript:alert(1)' } } })).toThrow(/map\.attribution\.url/);
  });

  it("uses OpenStreetMap's tiles and credit when the configuration names none", () => {
    setRuntimeConfig(parseRuntimeConfig({}));
    expect(mapTiles()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' } });
    const local = { tileUrl: 'http://localhost:8590/{z}/{x}/{y}.png', attribution: { text: 'Local', url: null } };
    setRuntimeConfig(parseRuntimeConfig({ map: local }));
    expect(mapTiles()).toEqual(local);
  });

  it('keeps only the fields it knows', () => {
    expect(parseRuntimeConfig({ role: 'driver', extra: 1, auth: { provider: 'cognito', domain: 'auth.kabadi.in', secret: 'x' } })).toEqual({
      ...FALLBACK_CONFIG,
      role: 'driver',
      auth: { provider: 'cognito', domain: 'auth.kabadi.in' },
    });
  });
});
