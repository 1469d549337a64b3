import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../db/database';
import { pruneKeys } from '../idempotency/idempotency-repository';
import { sendDueMails } from '../mail/mail-queue';
import { mailRunnerOf } from '../mail/mail-runner';
import { closeSms, sendDueSmsOf } from '../sms/sms-runner';
import { sendDueWhatsAppOf, whatsAppSettled } from '../whatsapp/whatsapp-runner';
import { webUrlOf } from '../config/config';
import { configuredChannels } from '../notifications/channels';
import { pruneSignInCodes } from '../features/auth/sign-in-codes';
import { pruneEvents } from '../features/events/event-replay';
import { autoCancelStaleOrders } from '../features/orders/auto-cancel';
import { escalateStaleOrders } from '../features/orders/escalate-stale-orders';
import { sweepPhotoOrphans } from '../features/orders/sweep-photo-orphans';
import { prunePositions } from '../features/driver-positions/prune-positions';
import { queryRow } from '../db/sql-rows';

/** design.md section 12 asks at least once a minute. */
export const SCHEDULER_INTERVAL_MS = 30_000;
const FIRST_TICK_MS = 5_000;
// Any fixed number: every process asks for the same lock, so one prunes at a time.
const PRUNE_LOCK_ID = 4_201_777_011;
// Listing every photo costs storage requests (billed on S3); orphans only count after an hour anyway.
const PHOTO_SWEEP_EVERY_MS = 15 * 60_000;
const lastPhotoSweep = new WeakMap<FastifyInstance, number>();
/**
 * The tick waits this long for the mails it started, to count them; the rest finish on
 * their own, so a recipient that stalls delays neither the tick's other jobs nor the next
 * tick by more than this (design.md section 23).
 */
export const MAIL_TICK_WAIT_MS = 1_000;

export interface TickResult {
  cancelled: number;
  escalated: number;
  /** Mails sent or failed within MAIL_TICK_WAIT_MS; the slower ones are counted by the metrics only. */
  mailsSent: number;
  mailsFailed: number;
  /** SMS sent or failed within MAIL_TICK_WAIT_MS. */
  smsSent: number;
  smsFailed: number;
  /** WhatsApp messages sent or failed within MAIL_TICK_WAIT_MS (none while WhatsApp is off). */
  whatsAppSent: number;
  whatsAppFailed: number;
  eventsPruned: number;
  /** Idempotency keys older than 48 hours. */
  keysPruned: number;
  /** Photo files that no order_images row names, older than an hour. */
  photoOrphansDeleted: number;
  /** Drivers' positions deleted 24 hours after their driver stopped holding an order on the way. */
  positionsDeleted: number;
}

async function pruneUnderLock(db: Database, prune: (tx: DbOrTx) => Promise<number>): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = (await queryRow<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK_ID}) as locked`))?.locked;
    return locked ? prune(tx) : 0;
  });
}

/**
 * One round of the scheduled work: each job claims its rows so that, with several API
 * processes on one PostgreSQL, every piece is done exactly once (see each job). A failing
 * job is logged and the others still run.
 */
export async function runSchedulerTick(app: FastifyInstance, now: Date = new Date()): Promise<TickResult> {
  const result: TickResult = { cancelled: 0, escalated: 0, mailsSent: 0, mailsFailed: 0, smsSent: 0, smsFailed: 0, whatsAppSent: 0, whatsAppFailed: 0, eventsPruned: 0, keysPruned: 0, photoOrphansDeleted: 0, positionsDeleted: 0 };
  const job = async (name: string, work: () => Promise<void>) => {
    let failed = false;
    try {
      await work();
    } catch (error) {
      failed = true;
      app.log.error({ err: (error as Error).message, job: name }, 'scheduled job failed');
    }
    app.metrics?.schedulerJobRan(name, failed);
  };
  await job('auto-cancel', async () => {
    result.cancelled = await autoCancelStaleOrders(app.db, now, configuredChannels(app.config));
  });
  await job('escalate', async () => {
    result.escalated = await escalateStaleOrders(app.db, now);
  });
  await job('mail', async () => {
    const mails = await sendDueMails(app.db, app.mailer, webUrlOf(app.config), now, { runner: mailRunnerOf(app), waitMs: MAIL_TICK_WAIT_MS, log: app.log });
    result.mailsSent = mails.sent;
    result.mailsFailed = mails.failed;
  });
  await job('sms', async () => {
    const sms = await sendDueSmsOf(app, now, MAIL_TICK_WAIT_MS);
    result.smsSent = sms.sent;
    result.smsFailed = sms.failed;
  });
  await job('whatsapp', async () => {
    const messages = await sendDueWhatsAppOf(app, now, MAIL_TICK_WAIT_MS);
    result.whatsAppSent = messages.sent;
    result.whatsAppFailed = messages.failed;
  });
  await job('prune', async () => {
    result.eventsPruned = await pruneUnderLock(app.db, pruneEvents);
  });
  await job('prune-idempotency-keys', async () => {
    result.keysPruned = await pruneUnderLock(app.db, pruneKeys);
  });
  await job('prune-sign-in-codes', async () => {
    await pruneUnderLock(app.db, (tx) => pruneSignInCodes(tx));
  });
  await job('prune-driver-positions', async () => {
    result.positionsDeleted = await pruneUnderLock(app.db, async (tx) => (await prunePositions(tx, now)).deleted);
  });
  await job('sweep-photo-orphans', async () => {
    const last = lastPhotoSweep.get(app);
    if (last !== undefined && now.getTime() >= last && now.getTime() - last < PHOTO_SWEEP_EVERY_MS) return;
    lastPhotoSweep.set(app, now.getTime());
    result.photoOrphansDeleted = await sweepPhotoOrphans(app.db, app.imageStorage, now);
  });
  return result;
}

/** Runs the ticks in this process until the app closes; a tick never overlaps the previous one. */
export function startScheduler(app: FastifyInstance, intervalMs = SCHEDULER_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    timer = null;
    running = runSchedulerTick(app)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (!closed) schedule(intervalMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule(FIRST_TICK_MS);
  app.addHook('preClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
    // Mails still in flight write their outcome while the database is open (each ends by MAIL_TIMEOUT_MS).
    await mailRunnerOf(app).idle();
    await closeSms(app);
    await whatsAppSettled(app);
  });
}
