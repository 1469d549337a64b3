import type { Database } from '../db/database';
import type { mailQueue } from '../db/tables/live.table';
import { createDeliveryRunner, type DeliveryRunner } from '../delivery/delivery-runner';
import { sendDue, WEB_URL_TOKEN, type DueMessage, type MailSendOptions, type QueueChannel, type QueueRound } from '../mail/mail-queue';
import { templateLanguageOf, type WhatsAppKind, type WhatsAppSettings } from './whatsapp-config';
import type { WhatsAppSender } from './whatsapp-sender';

/** Messages in flight at once in one process: far below the Cloud API's 80 a second per number. */
export const WHATSAPP_MAX_IN_FLIGHT = 8;
/** One request's deadline: the Graph API answers in about a second. */
export const WHATSAPP_TIMEOUT_MS = 10_000;
/** 30 s, 1, 2, ... minutes apart, at most 30: about an hour of tries in all. */
export const WHATSAPP_MAX_ATTEMPTS = 8;
/** An order update a day late is noise: past this a row is given up unsent (a provider down that long, or WhatsApp turned off meanwhile). */
export const WHATSAPP_TTL_MS = 24 * 3_600_000;
/** A body parameter's longest text: the template's body, parameters included, holds 1,024 characters. */
const PARAMETER_MAX = 700;

/** 30, 60, 120, ... seconds after each failure, at most 30 minutes. */
export function whatsAppRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 1800);
}

/**
 * WhatsApp rides the mail queue (design.md section 20): one lane per number (WhatsApp limits
 * messages to one person to about one every 6 s), the body kept (no secret in it: what the
 * in-app notification says).
 */
export const WHATSAPP_CHANNEL: QueueChannel = {
  channel: 'whatsapp',
  perAddress: 1,
  perDomain: WHATSAPP_MAX_IN_FLIGHT,
  maxAttempts: WHATSAPP_MAX_ATTEMPTS,
  retryDelaySeconds: whatsAppRetryDelaySeconds,
  forgetBody: false,
};

/** What a queued row's body holds: the template is chosen when sent, so a changed WHATSAPP_TEMPLATES applies to what waits. */
interface QueuedBody {
  /** The member's language (`en`, `hi`); null: never chosen. */
  language: string | null;
  parameters: string[];
}

/**
 * A template parameter as the Cloud API takes it: no line breaks or tabs and no runs of
 * more than four spaces (refused otherwise), never empty, bounded.
 */
export function templateParameter(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return '-';
  return line.length > PARAMETER_MAX ? `${line.slice(0, PARAMETER_MAX - 1)}…` : line;
}

export interface WhatsAppNote {
  /** E.164. */
  to: string;
  kind: WhatsAppKind;
  language: string | null;
  /** The template's {{1}}, {{2}}, ...; a link is relative to the web app (filled in when sent). */
  parameters: string[];
}

/** The queue row of one WhatsApp message, for the caller's insert (in its transaction). */
export function whatsAppRow(note: WhatsAppNote, now: Date = new Date()): typeof mailQueue.$inferInsert {
  const body: QueuedBody = { language: note.language, parameters: note.parameters.map(templateParameter) };
  return { channel: 'whatsapp', toAddress: note.to, subject: note.kind, body: JSON.stringify(body), expiresAt: new Date(now.getTime() + WHATSAPP_TTL_MS) };
}

/**
 * The order update template's parameters: {{1}} the order's display number, {{2}} what
 * happened (the notification's words, in the member's language), {{3}} the link to the order.
 */
export function orderUpdateParameters(note: { orderNumber?: string | undefined; title: string; body: string; link: string | null }): string[] {
  return [note.orderNumber ?? note.title, note.body, `${WEB_URL_TOKEN}${note.link ?? '/'}`];
}

/** The runner of a process's WhatsApp messages, with its bound; `onSettled` counts outcomes (metrics). */
export function createWhatsAppRunner(onSettled?: (outcome: string, seconds: number) => void): DeliveryRunner {
  return createDeliveryRunner({ channel: 'whatsapp', maxInFlight: WHATSAPP_MAX_IN_FLIGHT, ...(onSettled ? { onSettled } : {}) });
}

export interface WhatsAppSendOptions extends MailSendOptions {
  /** One request's deadline; default WHATSAPP_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** A queued row as the message the sender takes, its links pointing at `webUrl`. */
export function messageOf(row: Pick<DueMessage, 'to_address' | 'subject' | 'body'>, settings: Pick<WhatsAppSettings, 'templates' | 'languages'>, webUrl: string) {
  const body = JSON.parse(row.body) as QueuedBody;
  const template = settings.templates[row.subject as WhatsAppKind];
  if (!template) throw new Error(`no template for "${row.subject}" in WHATSAPP_TEMPLATES`);
  return {
    to: row.to_address,
    template,
    language: templateLanguageOf(settings.languages, body.language),
    parameters: body.parameters.map((p) => p.replaceAll(WEB_URL_TOKEN, webUrl)),
  };
}

/** Sends the due WhatsApp messages by the mail queue's rules (mail-queue.ts sendDue), each with its deadline. */
export async function sendDueWhatsApp(
  db: Database,
  sender: WhatsAppSender,
  settings: Pick<WhatsAppSettings, 'templates' | 'languages'>,
  webUrl: string,
  now: Date = new Date(),
  options: WhatsAppSendOptions = {},
): Promise<QueueRound> {
  const timeoutMs = options.timeoutMs ?? WHATSAPP_TIMEOUT_MS;
  const deliver = async (row: DueMessage) => sender.send(messageOf(row, settings, webUrl), { signal: AbortSignal.timeout(timeoutMs) });
  return sendDue(db, WHATSAPP_CHANNEL, deliver, now, { ...options, runner: options.runner ?? createWhatsAppRunner() });
}
