import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://...). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
