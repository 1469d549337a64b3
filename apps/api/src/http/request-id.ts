import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

// A proxy in front may pass its own request id so one request reads the same in both logs;
// anything else a client sends there (long text, line breaks, JSON) would be written into
// every log line of its request, so only a plain token is taken.
const PASSED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id: the one the proxy passed in `X-Request-Id` when it is a plain token, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const passed = request.headers['x-request-id'];
  return typeof passed === 'string' && PASSED_ID.test(passed) ? passed : randomUUID();
}
