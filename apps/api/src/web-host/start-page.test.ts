import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RENDERED_START_HEADER, START_COOKIE } from '@app/shared/rendered-start';
import { localTokenVerifier } from '../auth/access-tokens';
import { revokeMemberSessions } from '../auth/sessions';
import { members } from '../db/tables/members.table';
import { createTestApp, type TestContext } from '../test/test-app';
import { TEST_PASSWORD, type TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { buildWebHost } from './web-host';
import { assembleStartPage, scriptJson } from './start-page';
import { signStartToken } from './start-cookie';

// The web host's render of a phone start page (decision 089), with a build whose server render
// is a small module of this test's: it answers what the real one would for the request it got
// and keeps that request, so the host's own part is checked here (who gets a render, with what
// token, what the page carries and how it is sent); e2e/start-page-render.spec.ts checks the
// real render in a browser.

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const INDEX = [
  '<!doctype html><html lang="en"><head><title>Kabadi Orders</title></head><body>',
  '<div id="root"><!--shell--><div class="shell">Kabadi Orders</div><!--/shell--></div>',
  '<template id="kb-frame-store-en" data-preload="/assets/store-home.js"><p>frame</p></template>',
  '<template id="kb-frame-store-hi" data-preload="/assets/store-home.js /assets/hindi.js"><p>frame</p></template>',
  '</body></html>',
].join('\n');
// The server build's stand-in: the page for the member it was asked for, and an answer that
// tries to close its script element. A login id naming "slow" or "fails" plays those cases.
const RENDERER = `
export async function renderStartPage(request) {
  globalThis.__startRequests = [...(globalThis.__startRequests ?? []), request];
  if (request.loginId.includes('fails')) throw new Error('render failed');
  if (request.loginId.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 3000));
  return {
    role: 'store',
    language: request.language,
    html: '<article elementtiming="first-card">#00000042 for ' + request.loginId + '</article>',
    state: { user: { loginId: request.loginId }, queries: { note: '</script><script>alert(1)</script>' } },
  };
}`;

const requests = () =>
  (globalThis as { __startRequests?: { accessToken: string; loginId: string; path: string; language: string; apiBaseUrl: string; positionChoice: string | null }[] }).__startRequests ?? [];

describe.each(TEST_DB_KINDS)('the web host renders a phone start page with the member’s data on %s', (kind) => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-start-page-'));
  let ctx: TestContext;
  let web: FastifyInstance;
  let store: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const server = path.join(dist, '.server', 'build-1');
    fs.mkdirSync(server, { recursive: true });
    fs.writeFileSync(path.join(server, 'package.json'), '{ "type": "module" }');
    fs.writeFileSync(path.join(server, 'prerender-login.js'), RENDERER);
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
    admin = await ctx.factories.createMember('admin');
    web = await buildWebHost({ ...ctx.config, WEB_DIST_DIR: dist }, { db: ctx.db, keys: ctx.keys, apiBaseUrl: () => 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const askCookie = (authorization?: string) => web.inject({ method: 'POST', url: '/start-session', headers: authorization ? { authorization } : {} });
  const cookieOf = async (member: TestMember) => {
    const res = await askCookie(member.headers.authorization);
    const line = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${START_COOKIE}=`));
    return line ? line.split(';')[0]!.slice(START_COOKIE.length + 1) : null;
  };
  const open = (url: string, cookie: string | null, userAgent = PHONE, more: Record<string, string> = {}) =>
    web.inject({ url, headers: { 'user-agent': userAgent, ...(cookie ? { cookie: `language=en; ${START_COOKIE}=${cookie}` } : {}), ...more } });
  const rendered = (body: string) => body.includes('data-rendered="store"');

  it('tells a phone, not a desktop, that its start page is rendered for it (so the app keeps a copy)', async () => {
    const ask = (userAgent: string) => web.inject({ method: 'POST', url: '/start-session', headers: { authorization: store.headers.authorization, 'user-agent': userAgent } });
    expect((await ask(PHONE)).headers[RENDERED_START_HEADER]).toBe('store');
    const desktop = await ask(DESKTOP);
    expect(desktop.statusCode).toBe(204);
    expect(desktop.headers['set-cookie']).toBeDefined();
    expect(desktop.headers[RENDERED_START_HEADER]).toBeUndefined();
  });

  it('gives a phone section’s member the cookie for their start page only: httpOnly, SameSite=Strict, as long as a refresh token', async () => {
    const res = await askCookie(store.headers.authorization);
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const line = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${START_COOKIE}=`));
    const attributes = line!.split(';').slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/store/home', 'max-age=2592000', 'httponly', 'samesite=strict']));
    // Dev runs on plain http://localhost.
    expect(attributes).not.toContain('secure');
  });

  it('is Secure in production, set and dropped', async () => {
    const production = await buildWebHost({ ...ctx.config, WEB_DIST_DIR: dist, APP_ENV: 'production' }, { db: ctx.db, keys: ctx.keys, apiBaseUrl: () => 'http://127.0.0.1:9' });
    try {
      const set = await production.inject({ method: 'POST', url: '/start-session', headers: { authorization: store.headers.authorization } });
      expect(set.statusCode).toBe(204);
      const line = [set.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${START_COOKIE}=`));
      expect(line!.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
      const dropped = [(await production.inject({ method: 'DELETE', url: '/start-session' })).headers['set-cookie'] ?? []].flat();
      expect(dropped).toHaveLength(3);
      for (const cleared of dropped) expect(cleared.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
    } finally {
      await production.close();
    }
  });

  it('refuses without a valid access token, and gives no cookie to a member whose start is not a phone home', async () => {
    expect((await askCookie()).statusCode).toBe(401);
    expect((await askCookie('Bearer not-a-token')).statusCode).toBe(401);
    const forAdmin = await askCookie(admin.headers.authorization);
    expect(forAdmin.statusCode).toBe(204);
    expect(forAdmin.headers['set-cookie']).toBeUndefined();
  });

  it('drops the cookie of every section on DELETE (the app’s sign-out)', async () => {
    const res = await web.inject({ method: 'DELETE', url: '/start-session' });
    expect(res.statusCode).toBe(204);
    const lines = [res.headers['set-cookie'] ?? []].flat();
    expect(lines.map((line) => line.match(/Path=([^;]+)/)?.[1]).sort()).toEqual(['/Driver/Home', '/Store/Home', '/Vendor/Home']);
    for (const line of lines) expect(line).toMatch(new RegExp(`^${START_COOKIE}=;.*Max-Age=0`));
  });

  it('sends the start page rendered for the cookie’s member, never kept by a cache, with a token of theirs', async () => {
    const cookie = await cookieOf(store);
    const before = requests().length;
    const res = await open('/store/home', cookie, PHONE, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['vary']).toMatch(/cookie/);
    expect(res.headers['content-encoding']).toBe('br');
    // What the app may keep for the next start: a render, whose role it names.
    expect(res.headers[RENDERED_START_HEADER]).toBe('store');
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(body).toContain(`<div style="display:contents" inert data-rendered="store" data-preload="/assets/store-home.js"><article elementtiming="first-card">#00000042 for ${store.loginId}</article></div>`);
    // The answers cannot close their element; the frames are not needed beside a rendered page.
    expect(body).not.toContain('</script><script>alert(1)');
    expect(body).toContain('\\u003c/script\\u003e');
    expect(body).not.toContain('<template');
    const asked = requests().slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ loginId: store.loginId, path: '/Store/Home', language: 'en', apiBaseUrl: 'http://127.0.0.1:9', positionChoice: null });
    // The render asks the API as the member: a token the API itself accepts, for that member.
    expect((await localTokenVerifier(ctx.keys).verify(asked[0]!.accessToken)).loginId).toBe(store.loginId);
  });

  it('renders in the language the device chose (the app’s language cookie)', async () => {
    const res = await web.inject({ url: '/Store/Home', headers: { 'user-agent': PHONE, cookie: `language=hi; ${START_COOKIE}=${await cookieOf(store)}` } });
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('data-preload="/assets/store-home.js /assets/hindi.js"');
  });

  it('renders with the device’s answer to the position question (its copy in a cookie), and none for anything else', async () => {
    const cookie = await cookieOf(store);
    for (const [value, expected] of [['use', 'use'], ['not-now', 'not-now'], ['maybe', null], ['', null]] as const) {
      const before = requests().length;
      await web.inject({ url: '/Store/Home', headers: { 'user-agent': PHONE, cookie: `position_choice=${value}; ${START_COOKIE}=${cookie}` } });
      expect(requests().slice(before).map((request) => request.positionChoice)).toEqual([expected]);
    }
  });

  it('sends index.html as it is to a desktop, without the cookie, on another page, or for another section', async () => {
    const cookie = await cookieOf(store);
    const answers = [
      { res: await open('/Store/Home', cookie, DESKTOP), frames: true },
      { res: await open('/Store/Home', null), frames: true },
      { res: await open('/Store/Orders', cookie), frames: false },
      { res: await open('/Driver/Home', cookie), frames: true },
    ];
    for (const { res, frames } of answers) {
      expect(res.statusCode).toBe(200);
      expect(rendered(res.body)).toBe(false);
      expect(res.headers[RENDERED_START_HEADER]).toBeUndefined();
      // With the frames on a start page, which draws one (decision 042); without elsewhere.
      expect(res.body.includes('<template id="kb-frame-store-en"')).toBe(frames);
    }
  });

  it('renders for no one with a token that is not a start cookie, or once a session of the member is revoked', async () => {
    expect(rendered((await open('/Store/Home', store.token)).body)).toBe(false);
    expect(rendered((await open('/Store/Home', 'forged.token.value')).body)).toBe(false);
    const member = await ctx.factories.createMember('store');
    // A session of theirs, signed in as the app does.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: member.loginId, password: TEST_PASSWORD } })).statusCode).toBe(200);
    const cookie = await cookieOf(member);
    expect(rendered((await open('/Store/Home', cookie)).body)).toBe(true);
    await revokeMemberSessions(ctx.db, member.id);
    expect(rendered((await open('/Store/Home', cookie)).body)).toBe(false);
  });

  it('renders for no one disabled since, nor with a cookie made for someone else’s section', async () => {
    const member = await ctx.factories.createMember('store');
    const cookie = await cookieOf(member);
    await ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, member.id));
    expect(rendered((await open('/Store/Home', cookie)).body)).toBe(false);
    const driver = await ctx.factories.createMember('driver');
    const asStore = await signStartToken(ctx.keys, { memberId: driver.id, loginId: driver.loginId, role: 'store' });
    expect(rendered((await open('/Store/Home', asStore)).body)).toBe(false);
  });

  it('sends index.html when the render fails or takes too long', async () => {
    for (const loginId of ['fails', 'slow']) {
      const member = await ctx.factories.createMember('store', { loginId: `${loginId}-${Date.now()}@example.com` });
      const res = await open('/Store/Home', await cookieOf(member));
      expect(res.statusCode).toBe(200);
      expect(rendered(res.body)).toBe(false);
      expect(res.headers[RENDERED_START_HEADER]).toBeUndefined();
      expect(res.body).toContain('<template id="kb-frame-store-en"');
    }
  });
});

describe('the rendered page’s parts', () => {
  it('writes JSON that no HTML parser reads out of its script element', () => {
    const text = scriptJson({ a: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028' });
  });

  it('refuses an index.html without its shell', () => {
    expect(() => assembleStartPage('<div id="app"></div>', { role: 'store', language: 'en', html: '', state: {} }, '')).toThrow(/#root/);
  });
});
