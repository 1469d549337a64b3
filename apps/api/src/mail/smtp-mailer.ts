import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent socket: a relay that
 * stalls would hold a delivery slot that long. A relay answers each step in well under a
 * second; what is slower is failing, and the mail is retried with backoff. The sender's
 * own deadline (MAIL_TIMEOUT_MS) covers the whole mail; these cover mails sent outside it.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://...). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // What the URL sets wins over these (nodemailer merges the object's other keys under it).
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message, options) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(options?.signal ? { signal: options.signal } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}
