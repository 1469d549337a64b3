import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** From a cached poll (under a millisecond) to a year's report (seconds). */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/**
 * The route of a request that matched none. Its URL is whatever a client typed: as a label
 * value, every scanner's guess would become a series kept in memory for good.
 */
const UNMATCHED_ROUTE = 'unmatched';
const LABELS = ['method', 'route', 'status_code'] as const;

/**
 * Counts every answered request by its route pattern (`/orders/:id`, never the URL), method
 * and status, with its duration. onResponse runs for the poll cache's answers too (it
 * hijacks in onRequest, and Fastify still fires onResponse when the socket finishes), so
 * they are counted under `/orders` like the rest, and again in their own counter.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: LABELS,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its answer being sent (for GET /events: the stream lifetime)',
    labelNames: LABELS,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const fromMemory = new Counter({
    name: 'kabadi_http_answers_from_memory_total',
    help: 'Requests answered from the poll cache (also counted in http_requests_total)',
    labelNames: ['route', 'status_code'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const statusCode = String(reply.statusCode);
    const labels = { method: request.method, route, status_code: statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (request.answeredFromMemory) fromMemory.inc({ route, status_code: statusCode });
    done();
  });
}
