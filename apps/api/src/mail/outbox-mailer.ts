import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailLog, Mailer } from './mailer';

export interface OutboxOptions {
  dir: string;
  from: string;
  log: MailLog;
  /** Logs the mail's text too. Only in dev: a reset code in a production log is a leaked password. */
  logText: boolean;
}

/**
 * Without SMTP_URL every mail becomes two files in DATA_DIR/outbox/: the message as an
 * .eml any mail program opens, and a .json that scripts and browser tests can read.
 */
export function createOutboxMailer(options: OutboxOptions): Mailer {
  // nodemailer's stream transport composes the real RFC 5322 message without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      await fs.mkdir(options.dir, { recursive: true });
      const info = await composer.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const file = path.join(options.dir, `${base}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      await fs.writeFile(
        path.join(options.dir, `${base}.json`),
        JSON.stringify({ from: options.from, to: message.to, subject: message.subject, text: message.text, created_at: new Date().toISOString() }, null, 2),
      );
      const mail = { to: message.to, subject: message.subject, file, ...(options.logText ? { text: message.text } : {}) };
      options.log.info({ mail }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    async close() {},
  };
}
