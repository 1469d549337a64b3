import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eventsQuerySchema, eventTicketSchema } from '@app/shared/schemas/events';
import { MESSAGES } from '@app/shared/messages';
import type { AuthContext } from '../../auth/auth-context';
import { authenticateToken, authOf, bearerToken, isApproved, requireAuth } from '../../auth/guards';
import { describeError } from '../../http/database-unavailable';
import { errorResponses } from '../../http/error-responses';
import { forbidden, unauthorized } from '../../http/http-error';
import { formatSse, type LiveEvent } from './live-event';
import type { LiveSubscriber } from './live-hub';
import { replayEvents } from './event-replay';
import { issueTicket } from './event-tickets';
import { redeemTicket } from './redeem-ticket';

const tags = ['events'];
const security = [{ bearer: [] }];
/** A client that cannot keep up (more than this unsent) is cut off; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

async function streamMember(request: FastifyRequest, ticket: string | undefined): Promise<{ auth: AuthContext; issuedAt: number | undefined }> {
  const token = bearerToken(request);
  if (token) {
    const auth = await authenticateToken(request.server, token);
    return { auth, issuedAt: request.server.authCache.get(token)?.issuedAt };
  }
  if (!ticket) throw unauthorized('Sign in to continue: send the Authorization bearer token, or ?ticket= from POST /events/ticket');
  return redeemTicket(request.server.db, request.server.signingKeys, ticket);
}

function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : 0;
  return Number.isSafeInteger(value) ? value : 0;
}

/**
 * Takes over the response: headers (with what CORS and helmet already set), then the
 * replay after Last-Event-ID, then live events. Live events that arrive during the
 * replay wait in a queue, so none is lost or sent twice.
 */
async function openStream(request: FastifyRequest, reply: FastifyReply, member: { auth: AuthContext; issuedAt: number | undefined }): Promise<void> {
  const { hub } = request.server.live;
  const raw = reply.raw;
  reply.hijack();
  // The stream outlives the server's idle timeout; keep-alive comments keep proxies open.
  request.raw.socket?.setTimeout(0);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n: connected\n\n');

  let queue: Array<{ event: LiveEvent; text: string }> | null = [];
  const replayed = new Set<number>();
  let ended = false;
  const write = (chunk: string) => {
    if (ended) return;
    if (raw.writableLength > MAX_BUFFERED_BYTES) return subscriber.end();
    raw.write(chunk);
  };
  const subscriber: LiveSubscriber = {
    auth: member.auth,
    issuedAt: member.issuedAt,
    send(event, text) {
      if (queue) queue.push({ event, text });
      else if (!replayed.has(event.id)) write(text);
    },
    write,
    end() {
      if (ended) return;
      ended = true;
      remove();
      raw.end();
    },
  };
  const remove = hub.add(subscriber);
  request.raw.on('close', () => {
    ended = true;
    remove();
  });

  const after = lastEventId(request);
  if (after > 0) {
    try {
      for (const event of await replayEvents(request.server.db, subscriber.auth, after)) {
        replayed.add(event.id);
        write(formatSse(event));
      }
    } catch (error) {
      // Going on live would hide the gap from the client: ended, it reconnects with the same Last-Event-ID.
      request.log.warn({ err: error, reason: describeError(error) }, 'event replay failed; ending the stream');
      subscriber.end();
      return;
    }
  }
  const waiting = queue;
  queue = null;
  for (const { event, text } of waiting) if (!replayed.has(event.id)) write(text);
}

/** design.md section 12: the change feed, and tickets for clients that cannot send headers. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags,
        security,
        summary: 'The change feed: a Server-Sent Events stream of order, notification and rates events',
        description:
          'Authorization: Bearer, or `?ticket=` from POST /events/ticket (one use). Events `order` {id, status, updated_at}, `notification` {id}, `rates` {version}, each with an `id`; send the last one as `Last-Event-ID` on reconnect to get what was missed (one hour back). A comment every 25 s keeps the connection open.',
        querystring: eventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const member = await streamMember(request, request.query.ticket);
      if (!isApproved(member.auth)) throw forbidden(MESSAGES.notVerified);
      await openStream(request, reply, member);
    },
  );

  app.post(
    '/events/ticket',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'A one-minute, one-use ticket to open GET /events?ticket=... without an Authorization header',
        description: 'The ticket opens one stream: ask for a new one for each reconnect. It is refused (401) once used, and after its member signed out or changed password.',
        response: { 201: eventTicketSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { ticket, expiresAt } = await issueTicket(app.signingKeys, auth);
      return reply.code(201).send({ ticket, expires_at: expiresAt.toISOString() });
    },
  );
};
