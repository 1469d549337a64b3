import type { FastifyServerOptions } from 'fastify';
import { safeErrorLog } from './safe-error-log';

/** The API's pino options: every logged `err` goes through safeErrorLog, so no SQL parameter or row value reaches the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return { level, serializers: { err: (error: unknown) => ({ ...safeErrorLog(error) }) }, ...(stream ? { stream } : {}) };
}
