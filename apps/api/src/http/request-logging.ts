import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered from memory (the poll cache): logged at `debug`, not `info`. */
    answeredFromMemory?: boolean;
  }
}

/**
 * One line per answered request at `info`, with the request id pino gives every line of
 * the request: Fastify's own pair (incoming + completed) doubled the cost of logging the
 * store's 5-second poll, and a poll answered from memory is not logged at `info` at all
 * (design.md section 16). Errors are logged as Fastify does.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else if (request.answeredFromMemory) request.log.debug(fields, 'request completed from memory');
    else request.log.info(fields, 'request completed');
  }
}
