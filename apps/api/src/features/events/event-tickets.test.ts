import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicUrl, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD, type TestMember } from '../../test/factories';
import { startSecondProcess } from '../../test/second-process';
import { TEST_DB_KINDS } from '../../test/test-database';

// design.md section 17: an event ticket works once, and not after its member signed out
// or changed password.

interface Use {
  status: number;
  detail?: string;
}

describe.each(TEST_DB_KINDS)('event tickets on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let store: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    base = await publicUrl(ctx);
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: object, accessToken?: string) =>
    ctx.app.inject({ method: 'POST', url, payload, ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}) });
  /** A session of its own: the tokens of a fresh sign-in. */
  async function signIn(password = TEST_PASSWORD): Promise<{ accessToken: string; refreshToken: string }> {
    const res = await post('/auth/login', { login_id: store.loginId, password });
    expect(res.statusCode, res.body).toBe(200);
    return { accessToken: res.json().access_token, refreshToken: res.json().refresh_token };
  }
  async function askTicket(accessToken: string): Promise<string> {
    const res = await ctx.app.inject({ method: 'POST', url: '/events/ticket', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().ticket as string;
  }
  /** Opens GET /events with the ticket over HTTP (a stream never ends, so not inject) and closes it again. */
  async function useTicket(ticket: string, at = base): Promise<Use> {
    const controller = new AbortController();
    const res = await fetch(`${at}/events?ticket=${encodeURIComponent(ticket)}`, { signal: controller.signal });
    if (res.ok) {
      controller.abort();
      return { status: res.status };
    }
    return { status: res.status, detail: ((await res.json()) as { detail: string }).detail };
  }

  it('opens one stream: a second use of the ticket is 401', async () => {
    const ticket = await askTicket((await signIn()).accessToken);
    expect(await useTicket(ticket)).toEqual({ status: 200 });
    const again = await useTicket(ticket);
    expect(again.status).toBe(401);
    expect(again.detail).toMatch(/used already/);
    expect((await useTicket(ticket)).status).toBe(401);
    // A fresh ticket for the reconnect works.
    expect((await useTicket(await askTicket((await signIn()).accessToken))).status).toBe(200);
  });

  it.skipIf(kind !== 'postgres')('opens one stream when two API processes get the same ticket at once', async () => {
    const second = await startSecondProcess(ctx);
    try {
      const secondBase = await second.app.listen({ host: '127.0.0.1', port: 0 });
      const { accessToken } = await signIn();
      for (let round = 0; round < 5; round++) {
        const ticket = await askTicket(accessToken);
        const uses = await Promise.all([useTicket(ticket), useTicket(ticket, secondBase), useTicket(ticket), useTicket(ticket, secondBase)]);
        expect(uses.map((u) => u.status).sort()).toEqual([200, 401, 401, 401]);
      }
    } finally {
      await second.close();
    }
  });

  it('refuses a ticket after its member signed out', async () => {
    const { accessToken, refreshToken } = await signIn();
    const ticket = await askTicket(accessToken);
    expect((await post('/auth/logout', { refresh_token: refreshToken })).statusCode).toBe(204);
    const use = await useTicket(ticket);
    expect(use.status).toBe(401);
    expect(use.detail).toMatch(/signed out or changed password/);
  });

  it('refuses a ticket after its member changed password, and takes one asked for after that', async () => {
    const member = await ctx.factories.createMember('store');
    const signInAs = async (password: string) => (await post('/auth/login', { login_id: member.loginId, password })).json() as { access_token: string; refresh_token: string };
    const session = await signInAs(TEST_PASSWORD);
    const ticket = await askTicket(session.access_token);
    const changed = await post('/auth/change-password', { current_password: TEST_PASSWORD, password: 'another-pass-2', refresh_token: session.refresh_token }, session.access_token);
    expect(changed.statusCode, changed.body).toBe(204);
    const use = await useTicket(ticket);
    expect(use.status).toBe(401);
    expect(use.detail).toMatch(/signed out or changed password/);

    // Past the margin for clocks of several processes, a ticket of the new password opens a stream.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await useTicket(await askTicket((await signInAs('another-pass-2')).access_token))).status).toBe(200);
  });
});
