import type { FastifyInstance } from 'fastify';
import type { DeliveryRunner } from '../delivery/delivery-runner';
import { webUrlOf } from '../config/config';
import type { QueueRound } from '../mail/mail-queue';
import { whatsAppSettingsOf } from './whatsapp-config';
import { createCloudApiSender } from './cloud-api-sender';
import { createWhatsAppRunner, sendDueWhatsApp, type WhatsAppSendOptions } from './whatsapp-queue';

// One runner per app: messages still in flight from one tick count against the next tick's bounds.
const runners = new WeakMap<FastifyInstance, DeliveryRunner>();

/** This app's WhatsApp runner, made on first use; its outcomes are counted per channel (metrics). */
export function whatsAppRunnerOf(app: FastifyInstance): DeliveryRunner {
  let runner = runners.get(app);
  if (!runner) {
    runner = createWhatsAppRunner((outcome, seconds) => app.metrics?.deliverySettled('whatsapp', outcome, seconds));
    runners.set(app, runner);
  }
  return runner;
}

/**
 * One round of this app's due WhatsApp messages (the scheduler's job). With WhatsApp off
 * it sends nothing: nothing is queued then, and rows an earlier configuration queued wait
 * for it to be on again (or their day, WHATSAPP_TTL_MS).
 */
export async function sendDueWhatsAppOf(app: FastifyInstance, now: Date = new Date(), waitMs?: number, options: Pick<WhatsAppSendOptions, 'timeoutMs'> = {}): Promise<QueueRound> {
  const settings = whatsAppSettingsOf(app.config);
  if (!settings) return { sent: 0, failed: 0, started: 0 };
  return sendDueWhatsApp(app.db, createCloudApiSender(settings), settings, webUrlOf(app.config), now, {
    ...options,
    runner: whatsAppRunnerOf(app),
    ...(waitMs !== undefined ? { waitMs } : {}),
    log: app.log,
  });
}

/** Waits for the messages in flight: closing the app must not cut them off from the database. */
export async function whatsAppSettled(app: FastifyInstance): Promise<void> {
  await runners.get(app)?.idle();
}
