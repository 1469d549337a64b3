import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import { pickEncoding } from './encoding';
import { inlineScriptHashes } from './inline-scripts';
import { buildWebHost } from './web-host';

// A fake build: what vite writes (hashed assets with .br and .gz copies, index.html and
// its copies, a favicon), so the host is checked without building the web app.
// index.html's boot script is inline (decision 042): the CSP names it by its hash.
const BOOT = 'document.title = "booted";';
const FRAMES = '<template id="kb-frame-store-en" data-preload="/assets/store.js"><p>store</p></template>\n<template id="kb-frame-driver-hi" data-preload=""><p>driver</p></template>\n';
const INDEX = `<!doctype html><title>Kabadi Orders</title><div id="root"></div><script data-app="/assets/index-abc123.js">${BOOT}</script>${FRAMES}</html>`;
const PLAIN_INDEX = INDEX.replace(FRAMES, '');
const SCRIPT = `console.log(${JSON.stringify('kabadi '.repeat(200))});`;
const ICON = Buffer.from([0, 0, 1, 0, 1, 0]);

function writeWithCopies(file: string, body: string | Buffer) {
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

describe('the web host delivers the build', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-web-host-'));
  let web: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    writeWithCopies(path.join(dist, 'index.html'), INDEX);
    writeWithCopies(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'favicon.ico'), ICON);
    web = await buildWebHost(testConfig({ WEB_DIST_DIR: dist }));
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await web.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await web.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await web.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it("allows index.html's own inline script by its hash, and no other inline script", async () => {
    const res = await web.inject({ url: '/Store/Home' });
    const csp = String(res.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(BOOT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, (c) => `\\${c}`)}'(;|$)`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(inlineScriptHashes('<script src="/a.js"></script><script> </script><script>a()</script><script>a()</script>')).toEqual([
      `sha256-${crypto.createHash('sha256').update('a()').digest('base64')}`,
    ]);
  });

  it('answers every client route with index.html, compressed and never cached without asking; the frames go only with the pages that draw one', async () => {
    for (const [url, page] of [['/', INDEX], ['/store/home/', INDEX], ['/Driver/Home?x=1', INDEX], ['/login', PLAIN_INDEX], ['/Store/Orders', PLAIN_INDEX], ['/Admin/Orders?status=new', PLAIN_INDEX]] as const) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
      const gzip = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzip.rawPayload).toString(), url).toBe(page);
    }
    const plain = await web.inject({ url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PLAIN_INDEX);
    expect((await web.inject({ url: '/Store/Home' })).body).toBe(INDEX);
  });

  it('tells the browser to open its connections to the API while the page loads', async () => {
    const api = new URL(testConfig({}).API_BASE_URL).origin;
    for (const url of ['/Store/Home', '/login']) {
      const link = String((await web.inject({ url })).headers['link']);
      // Both pools: the refresh sends the cookie, the page's data requests do not.
      expect(link, url).toBe(`<${api}>; rel=preconnect, <${api}>; rel=preconnect; crossorigin`);
    }
    expect((await web.inject({ url: '/config.json' })).headers['link']).toBeUndefined();
  });

  it('serves /config.json uncached', async () => {
    const res = await web.inject({ url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ role: expect.any(String) });
  });

  it('serves the favicon as an icon, and a missing file as a 404 instead of the page', async () => {
    const icon = await web.inject({ url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.rawPayload.equals(ICON)).toBe(true);
    for (const url of ['/assets/index-old999.js', '/apple-touch-icon-precomposed.png', '/robots.txt']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/html/);
    }
  });
});

describe('the prerendered sign-in page', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-web-host-login-'));
  const LOGIN = '<!doctype html><html lang="en"><title>Sign in · Kabadi Orders</title><div id="root" data-prerendered="login" lang="en"></div>';
  const LOGIN_HI = '<!doctype html><html lang="hi"><title>साइन इन · कबाड़ी ऑर्डर</title><div id="root" data-prerendered="login" lang="hi"></div>';
  const SELL = '<!doctype html><html lang="en"><title>Sell your scrap · Kabadi Orders</title><div id="root" data-prerendered="sell" lang="en"></div>';
  const SELL_HI = '<!doctype html><html lang="hi"><title>अपना कबाड़ बेचें · कबाड़ी ऑर्डर</title><div id="root" data-prerendered="sell" lang="hi"></div>';
  let web: FastifyInstance;

  beforeAll(async () => {
    writeWithCopies(path.join(dist, 'index.html'), INDEX);
    writeWithCopies(path.join(dist, 'login.html'), LOGIN);
    writeWithCopies(path.join(dist, 'login.hi.html'), LOGIN_HI);
    writeWithCopies(path.join(dist, 'sell.html'), SELL);
    writeWithCopies(path.join(dist, 'sell.hi.html'), SELL_HI);
    web = await buildWebHost(testConfig({ WEB_DIST_DIR: dist }));
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /login in any case, with or without a query, with login.html; other routes keep index.html', async () => {
    for (const url of ['/login', '/Login', '/LOGIN/', '/Login?redirectTo=%2FStore%2FHome']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['vary'], url).toBe('accept-encoding, cookie, accept-language');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(LOGIN);
    }
    for (const url of ['/', '/Signup', '/Store/Home', '/login/extra', '/loginx']) {
      const res = await web.inject({ url, headers: { cookie: 'language=hi' } });
      expect(res.body, url).toBe(['/', '/Store/Home'].includes(url) ? INDEX : PLAIN_INDEX);
    }
  });

  it('sends the Hindi page to a device that chose Hindi, or to a browser that puts Hindi first', async () => {
    const pageFor = async (headers: Record<string, string>) => (await web.inject({ url: '/Login', headers })).body;
    expect(await pageFor({ cookie: 'language=hi' })).toBe(LOGIN_HI);
    expect(await pageFor({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe(LOGIN_HI);
    expect(await pageFor({ cookie: 'language=en', 'accept-language': 'hi-IN' })).toBe(LOGIN);
    expect(await pageFor({ 'accept-language': 'en-IN,hi;q=0.9' })).toBe(LOGIN);
  });

  it('answers the public /Sell the same way, with sell.html in the device’s language (design.md section 21)', async () => {
    for (const url of ['/Sell', '/sell', '/SELL/', '/Sell?city=1']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['vary'], url).toBe('accept-encoding, cookie, accept-language');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(SELL);
    }
    expect((await web.inject({ url: '/Sell', headers: { cookie: 'language=hi' } })).body).toBe(SELL_HI);
    expect((await web.inject({ url: '/Sell', headers: { 'accept-language': 'hi-IN' } })).body).toBe(SELL_HI);
    for (const url of ['/Sell/extra', '/Seller', '/Household/Start']) expect((await web.inject({ url })).body, url).toBe(PLAIN_INDEX);
  });
});

describe('the service worker', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-web-host-sw-'));
  const WORKER = `self.__WB_MANIFEST=[${JSON.stringify({ url: 'index.html', revision: 'abc' })}];`;
  let web: FastifyInstance;

  beforeAll(async () => {
    writeWithCopies(path.join(dist, 'index.html'), INDEX);
    // vite-plugin-pwa writes sw.js after the compression step: no .br/.gz copy.
    fs.writeFileSync(path.join(dist, 'sw.js'), WORKER);
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Kabadi Orders', start_url: '/', display: 'standalone' }));
    web = await buildWebHost(testConfig({ WEB_DIST_DIR: dist }));
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript, revalidated at every start, allowed to control the whole app', async () => {
    const res = await web.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toBe(WORKER);
  });

  it('sends a CSP that lets the page register its worker and read its manifest', async () => {
    for (const url of ['/', '/Store/Home', '/sw.js']) {
      const csp = String((await web.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toMatch(/worker-src 'self'/);
      expect(csp, url).toMatch(/manifest-src 'self'/);
    }
    const manifest = await web.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('adds the header to the worker only, and answers a missing worker with a 404, not the page', async () => {
    expect((await web.inject({ url: '/index.html' })).headers['service-worker-allowed']).toBeUndefined();
    expect((await web.inject({ url: '/manifest.webmanifest' })).headers['service-worker-allowed']).toBeUndefined();
    const missing = await web.inject({ url: '/workbox-abc123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });
});

describe('pickEncoding', () => {
  it('takes the best encoding the header allows', () => {
    expect(pickEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip, br;q=0', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0.2, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(pickEncoding('br', ['gzip'])).toBeNull();
  });
});
