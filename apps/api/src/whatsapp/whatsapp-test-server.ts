import http from 'node:http';
import { randomUUID } from 'node:crypto';

/** One request as the Cloud API received it. */
export interface ReceivedWhatsApp {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  /** The parsed JSON body (null when it was none). */
  body: unknown;
}

/**
 * How the stand-in answers: accept, fail as the Graph API does when it is down (500), refuse
 * the number as one not on WhatsApp (400, code 131026), or never answer.
 */
export type WhatsAppServerMode = 'accept' | 'fail' | 'undeliverable' | 'hang';

export interface TestWhatsAppServer {
  /** WHATSAPP_API_URL pointing here. */
  apiUrl: string;
  readonly received: ReceivedWhatsApp[];
  mode: WhatsAppServerMode;
  /** Waits for a request to this number (digits, as the Cloud API takes `to`). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedWhatsApp>;
  close(): Promise<void>;
}

/**
 * A stand-in for the WhatsApp Business Cloud API's `POST /{version}/{phone-number-id}/messages`
 * on a free local port: it records every request as it came (path, bearer, body) and
 * answers the documented success (`{messaging_product, contacts, messages: [{id}]}`), the
 * Graph API's error object with HTTP 500, or nothing at all.
 */
export async function startTestWhatsAppServer(): Promise<TestWhatsAppServer> {
  const received: ReceivedWhatsApp[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as null: a test fails on it.
      }
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: String(request.headers.authorization ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        body,
      });
      if (state.mode === 'hang') {
        hanging.add(response);
        return;
      }
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (state.mode === 'fail') {
        json(500, { error: { message: '(#131000) Something went wrong', type: 'OAuthException', code: 131000, error_data: { messaging_product: 'whatsapp', details: 'Something went wrong' }, fbtrace_id: randomUUID() } });
        return;
      }
      if (state.mode === 'undeliverable') {
        json(400, { error: { message: '(#131026) Message Undeliverable', type: 'OAuthException', code: 131026, error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' }, fbtrace_id: randomUUID() } });
        return;
      }
      const to = (body as { to?: unknown } | null)?.to;
      json(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${randomUUID()}` }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const state: TestWhatsAppServer = {
    apiUrl: `http://127.0.0.1:${port}`,
    received,
    mode: 'accept',
    async waitFor(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.findLast((r) => (r.body as { to?: unknown } | null)?.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no WhatsApp message to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
