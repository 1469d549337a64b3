import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { readQueueDepths, type QueueDepths } from './queue-depths';

/** A scrape must answer even while the database does not: past this, the queue series are left out. */
const QUERY_TIMEOUT_MS = 2_000;
const QUEUES = ['mail', 'sms', 'whatsapp', 'push'] as const;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The mail, SMS, WhatsApp and push queues' depth, counted in the database when scraped. The queues are
 * shared by every API process, so each process reports the same numbers: aggregate them
 * with max(), not sum().
 */
export function registerQueueMetrics(app: FastifyInstance, registry: Registry): void {
  // prom-client collects every metric of a scrape at once: both gauges share one query.
  let reading: Promise<QueueDepths | null> | null = null;
  const read = () =>
    (reading ??= withTimeout(readQueueDepths(app.db), QUERY_TIMEOUT_MS)
      .catch((error: unknown) => {
        app.log.warn({ err: (error as Error).message }, 'metrics: could not count the mail, SMS, WhatsApp and push queues');
        return null;
      })
      .finally(() => {
        reading = null;
      }));

  new Gauge({
    name: 'kabadi_queue_depth',
    help: 'Rows waiting in a queue (mail, sms, whatsapp, push), due or waiting for a retry; absent when the database did not answer',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const depths = await read();
      // No series rather than a stale or made-up number.
      this.reset();
      if (depths) for (const queue of QUEUES) this.set({ queue }, depths[queue].waiting);
    },
  });
  new Gauge({
    name: 'kabadi_queue_due',
    help: 'Rows of a queue (mail, sms, whatsapp, push) whose send time has come; absent when the database did not answer',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const depths = await read();
      this.reset();
      if (depths) for (const queue of QUEUES) this.set({ queue }, depths[queue].due);
    },
  });
}
