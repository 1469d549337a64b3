import type { FastifyInstance } from 'fastify';
import type { DeliveryRunner } from '../delivery/delivery-runner';
import { createMailRunner } from './mail-queue';

// One per app: mails still in flight from one scheduler tick count against the next tick's bounds.
const runners = new WeakMap<FastifyInstance, DeliveryRunner>();

/** This app's mail runner (design.md section 23), made on first use. */
export function mailRunnerOf(app: FastifyInstance): DeliveryRunner {
  let runner = runners.get(app);
  if (!runner) {
    runner = createMailRunner((outcome, seconds) => app.metrics?.deliverySettled('mail', outcome, seconds));
    runners.set(app, runner);
  }
  return runner;
}
