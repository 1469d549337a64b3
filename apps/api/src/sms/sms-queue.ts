import type { AppConfig } from '../config/config';
import type { Database, DbOrTx } from '../db/database';
import { mailQueue } from '../db/tables/live.table';
import { createDeliveryRunner, type DeliveryRunner } from '../delivery/delivery-runner';
import { sendDue, type DueMessage, type MailSendOptions, type QueueChannel, type QueueRound } from '../mail/mail-queue';
import type { SmsSender } from './sms-sender';
import type { SmsKind } from './sms-texts';

/** SMS in flight at once in one process: SNS takes 20 a second per account by default. */
export const SMS_MAX_IN_FLIGHT = 8;
/** One SMS's deadline: SNS answers a Publish in well under a second. */
export const SMS_TIMEOUT_MS = 5_000;
/** Sign-in codes live minutes: retries come fast, and few. */
export const SMS_MAX_ATTEMPTS = 5;

/** 15, 30, 60, ... seconds after each failure, at most 10 minutes. */
export function smsRetryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(0, attempts - 1), 600);
}

/** SMS ride the mail queue (design.md section 20): one lane per number, and no body kept once settled. */
export const SMS_CHANNEL: QueueChannel = {
  channel: 'sms',
  perAddress: 1,
  perDomain: SMS_MAX_IN_FLIGHT,
  maxAttempts: SMS_MAX_ATTEMPTS,
  retryDelaySeconds: smsRetryDelaySeconds,
  forgetBody: true,
};

export interface QueuedSms {
  /** E.164. */
  to: string;
  kind: SmsKind;
  text: string;
  /** Past this it is given up unsent. */
  expiresAt?: Date;
}

/** Queues SMS, in the caller's transaction when given one: they leave with the scheduler or a kick. */
export async function queueSms(db: DbOrTx, messages: QueuedSms[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(mailQueue).values(messages.map((m) => ({ channel: 'sms' as const, toAddress: m.to, subject: m.kind, body: m.text, expiresAt: m.expiresAt ?? null })));
}

export type DltTemplates = Partial<Record<SmsKind, string>>;

const DLT_TEMPLATE_SETTINGS = {
  otp: 'SMS_DLT_TEMPLATE_OTP',
  otp_hi: 'SMS_DLT_TEMPLATE_OTP_HI',
  handover: 'SMS_DLT_TEMPLATE_HANDOVER',
  handover_hi: 'SMS_DLT_TEMPLATE_HANDOVER_HI',
  receipt: 'SMS_DLT_TEMPLATE_RECEIPT',
  receipt_hi: 'SMS_DLT_TEMPLATE_RECEIPT_HI',
} as const satisfies Record<SmsKind, keyof AppConfig>;

/** Each kind's DLT template id from the configuration (SMS_DLT_TEMPLATE_<KIND>). */
export function dltTemplatesOf(config: Pick<AppConfig, (typeof DLT_TEMPLATE_SETTINGS)[SmsKind]>): DltTemplates {
  const templates: DltTemplates = {};
  for (const [kind, setting] of Object.entries(DLT_TEMPLATE_SETTINGS) as [SmsKind, (typeof DLT_TEMPLATE_SETTINGS)[SmsKind]][]) {
    const id = config[setting];
    if (id) templates[kind] = id;
  }
  return templates;
}

/** The runner of a process's SMS, with its bound; `onSettled` counts outcomes (metrics). */
export function createSmsRunner(onSettled?: (outcome: string, seconds: number) => void): DeliveryRunner {
  return createDeliveryRunner({ channel: 'sms', maxInFlight: SMS_MAX_IN_FLIGHT, ...(onSettled ? { onSettled } : {}) });
}

/** Sends the due SMS by the mail queue's rules (mail-queue.ts sendDue), each with SMS_TIMEOUT_MS. */
export async function sendDueSms(db: Database, sender: SmsSender, templates: DltTemplates, now: Date = new Date(), options: MailSendOptions = {}): Promise<QueueRound> {
  const deliver = (row: DueMessage) =>
    sender.send({ to: row.to_address, text: row.body, templateId: templates[row.subject as SmsKind] }, { signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
  return sendDue(db, SMS_CHANNEL, deliver, now, { ...options, runner: options.runner ?? createSmsRunner() });
}
