import type { FastifyBaseLogger } from 'fastify';

/** One outgoing e-mail. Plain text only: every mail client shows it, and codes survive copy-paste. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where the app's mail goes: SMTP in production, the dev outbox, or memory in tests. */
export interface Mailer {
  /**
   * Resolves once the mail is handed over (to the SMTP server, or written to the outbox);
   * rejects when `signal` aborts first (the sender's deadline for one mail).
   */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
