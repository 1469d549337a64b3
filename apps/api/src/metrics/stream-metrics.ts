import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

/** Read from the hub when scraped: the stream code keeps no counter of its own to drift. */
export function registerStreamMetrics(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'kabadi_event_streams_open',
    help: 'Server-Sent Events streams (GET /events) open in this process',
    registers: [registry],
    collect() {
      this.set(app.live.hub.size);
    },
  });
}
