import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { createDeliveryMetrics, type DeliveryMetrics } from './delivery-metrics';
import { registerHttpMetrics } from './http-metrics';
import { metricsRoutes } from './metrics-routes';
import { registerPoolMetrics } from './pool-metrics';
import { registerQueueMetrics } from './queue-metrics';
import { createSchedulerMetrics, type SchedulerMetrics } from './scheduler-metrics';
import { registerStreamMetrics } from './stream-metrics';

export interface AppMetrics extends SchedulerMetrics, DeliveryMetrics {
  registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null without METRICS_TOKEN: nothing is counted then, and GET /metrics does not exist. */
    metrics: AppMetrics | null;
  }
}

/**
 * GET /metrics and what it shows (design.md section 17, docs/metrics.md). Register it
 * before the routes: its onResponse hook must apply to every one of them.
 */
export async function registerMetrics(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const token = app.config.METRICS_TOKEN;
  if (!token) {
    // Unasked for, metrics would cost every request a hook and tell nobody anything.
    app.decorate('metrics', null);
    return;
  }
  // Not prom-client's global registry: several apps in one process (the tests, a second
  // "machine" in a test) would otherwise share, or refuse to re-register, their metrics.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerHttpMetrics(app, registry);
  registerStreamMetrics(app, registry);
  registerQueueMetrics(app, registry);
  if (database.poolStats) registerPoolMetrics(registry, database.poolStats);
  app.decorate('metrics', { registry, ...createSchedulerMetrics(registry), ...createDeliveryMetrics(registry) } satisfies AppMetrics);
  await app.register(metricsRoutes(registry, token));
}
