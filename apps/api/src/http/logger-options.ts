import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { safeErrorLog } from './safe-error-log';

/**
 * Query parameters that are credentials: an event-stream ticket (a browser's EventSource
 * can send no header, so it rides in the URL), and the names clients commonly use for
 * tokens. Whoever reads the log must not be able to replay them.
 */
const SECRET_QUERY_PARAMS = new Set(['ticket', 'token', 'access_token', 'id_token', 'refresh_token', 'code', 'password']);

/** The URL with every secret query parameter's value replaced; the rest as sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return SECRET_QUERY_PARAMS.has(name.toLowerCase()) ? `${rawName}=[REDACTED]` : part;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/** Fastify's own `req` fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The API's pino options: every logged `err` goes through safeErrorLog, so no SQL
 * parameter or row value reaches the log, and every logged `req` through
 * serializeRequest, so no credential in a URL does.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return { level, serializers: { err: (error: unknown) => ({ ...safeErrorLog(error) }), req: serializeRequest }, ...(stream ? { stream } : {}) };
}
