import type { FastifyBaseLogger } from 'fastify';

/** One text message to one phone. */
export interface SmsMessage {
  /** E.164, e.g. +919812345678. */
  to: string;
  text: string;
  /** India's DLT template id of this text (AWS.MM.SMS.TemplateId); unset: none sent. */
  templateId?: string | undefined;
}

/** Where the app's SMS go: AWS SNS, the dev outbox, or a test's stand-in. */
export interface SmsSender {
  /** Resolves once the message is handed over (SNS took it, or it is in the outbox); rejects when `signal` aborts first. */
  send(message: SmsMessage, options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}

export type SmsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
