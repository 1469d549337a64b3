import { Counter, Histogram, type Registry } from 'prom-client';

export interface DeliveryMetrics {
  /** Called by a channel's delivery runner (src/delivery/) as each delivery settles. */
  deliverySettled(channel: string, outcome: string, seconds: number): void;
}

export function createDeliveryMetrics(registry: Registry): DeliveryMetrics {
  const settled = new Counter({
    name: 'kabadi_deliveries_total',
    help: 'Deliveries (push, mail, sms, whatsapp) this process tried, by what came of them',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kabadi_delivery_duration_seconds',
    help: 'How long one delivery took, from its start to its outcome (a timeout shows as the channel\'s timeout)',
    labelNames: ['channel'] as const,
    // Up to the mail's socket timeout: the slow end is what this is for.
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15],
    registers: [registry],
  });
  return {
    deliverySettled(channel, outcome, seconds) {
      settled.inc({ channel, outcome });
      duration.observe({ channel }, seconds);
    },
  };
}
