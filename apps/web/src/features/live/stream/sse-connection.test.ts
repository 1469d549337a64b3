import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StreamHttpError, type RawEvent } from './event-stream';
import { connectSse } from './sse-connection';

// The real wire: Node's fetch against a small SSE server. fetch-event-source reaches for
// `window` and `document`, which Node lacks; plain stand-ins are enough.
vi.stubGlobal('window', globalThis);
vi.stubGlobal('document', { hidden: false, addEventListener: () => undefined, removeEventListener: () => undefined });

let server: Server;
let base = '';
const seen: IncomingHttpHeaders[] = [];
let open: ServerResponse | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    if (request.url === '/refused') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"no"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(': hello\n\n');
    response.write('id: 5\nevent: order\ndata: {"id":1,"status":"accepted","updated_at":"2026-01-01T00:00:00Z"}\n\n');
    response.write('id: 6\nevent: rates\ndata: {"version":3}\n\n');
    if (request.url === '/close') response.end();
    else open = response;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  open?.end();
  await new Promise((resolve) => server.close(resolve));
});

describe('connectSse', () => {
  it('sends the headers, opens, parses events and resolves when the server ends the stream', async () => {
    const events: RawEvent[] = [];
    const onOpen = vi.fn();
    const onActivity = vi.fn();
    await connectSse({
      url: `${base}/close`,
      headers: { authorization: 'Bearer abc', 'last-event-id': '4' },
      signal: new AbortController().signal,
      onOpen,
      onEvent: (event) => events.push(event),
      onActivity,
    });
    const headers = seen.at(-1)!;
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['last-event-id']).toBe('4');
    expect(headers.accept).toBe('text/event-stream');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onActivity).toHaveBeenCalled();
    expect(events).toEqual([
      { id: '5', event: 'order', data: '{"id":1,"status":"accepted","updated_at":"2026-01-01T00:00:00Z"}' },
      { id: '6', event: 'rates', data: '{"version":3}' },
    ]);
  });

  it('rejects with the status when the server refuses the stream', async () => {
    const failure = connectSse({ url: `${base}/refused`, headers: {}, signal: new AbortController().signal, onOpen: vi.fn(), onEvent: vi.fn(), onActivity: vi.fn() });
    await expect(failure).rejects.toBeInstanceOf(StreamHttpError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
  });

  it('resolves when aborted while the stream is open', async () => {
    const controller = new AbortController();
    const events: RawEvent[] = [];
    const done = connectSse({ url: `${base}/open`, headers: {}, signal: controller.signal, onOpen: vi.fn(), onEvent: (event) => events.push(event), onActivity: vi.fn() });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    controller.abort();
    await expect(done).resolves.toBeUndefined();
  });
});
