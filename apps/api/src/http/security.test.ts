import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../config/config';
import { createTestApp, directUrl, type TestContext } from '../test/test-app';
import { buildWebHost } from '../web-host/web-host';

describe('security headers, CORS and timeouts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { WEB_PORT: '8123', REQUEST_TIMEOUT_S: '1' } });
  });
  afterAll(async () => ctx?.close());

  it('sends CSP with frame-ancestors none, nosniff and a referrer policy, and no HSTS in dev', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows credentials only from the web app\'s origin', async () => {
    const ours = await ctx.app.inject({ method: 'OPTIONS', url: '/auth/refresh', headers: { origin: 'http://localhost:8123', 'access-control-request-method': 'POST' } });
    expect(ours.headers['access-control-allow-origin']).toBe('http://localhost:8123');
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
    // Kept by the browser for two hours: no preflight before each poll.
    expect(ours.headers['access-control-max-age']).toBe('7200');
    for (const origin of ['https://evil.example', 'http://localhost:8123.evil.example', 'null']) {
      const other = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('closes a request whose body trickles in slower than REQUEST_TIMEOUT_S', async () => {
    // The API's own timeout, on its own socket (nginx in front has its own).
    const port = Number(new URL(await directUrl(ctx)).port);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.write('POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      });
      // One byte every 300 ms: never idle, never done.
      const drip = setInterval(() => socket.writable && socket.write(' '), 300);
      socket.on('data', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      socket.on('error', () => undefined);
      setTimeout(() => reject(new Error('the slow request was never cut')), 10_000);
    });
    expect(closedAfter).toBeLessThan(5_000);
  });

  it('sends HSTS in production', async () => {
    const prod = await createTestApp('pglite', { config: { APP_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await prod.close();
    }
  });
});

describe('the web host\'s headers', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-dist-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves the app with a CSP that allows no inline script and calls only to itself and the API', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/a.js"></script>');
    const web = await buildWebHost(testConfig({ WEB_DIST_DIR: dist, API_BASE_URL: 'https://api.example.in/v1' }));
    try {
      for (const url of ['/', '/Admin/Orders', '/config.json']) {
        const res = await web.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toMatch(/connect-src 'self' https:\/\/api\.example\.in[;\s]/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await web.close();
    }
  });
});

describe('WEB_ORIGIN', () => {
  it('defaults to the web port\'s origin, and takes a list of exact origins', () => {
    expect(testConfig({ WEB_PORT: '9090', APP_ENV: 'production' }).WEB_ORIGIN).toEqual(['http://localhost:9090']);
    expect(testConfig({ WEB_ORIGIN: 'https://orders.example.in, https://store.example.in:8443' }).WEB_ORIGIN).toEqual(['https://orders.example.in', 'https://store.example.in:8443']);
  });

  it.each(['https://orders.example.in/', 'orders.example.in', 'https://orders.example.in/app', '*'])('refuses %s naming the variable', (origin) => {
    expect(() => loadConfig({ WEB_ORIGIN: origin } as NodeJS.ProcessEnv)).toThrow(/WEB_ORIGIN/);
  });
});
