import path from 'node:path';
import type { AppConfig } from '../config/config';
import type { MailLog, Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, otherwise the outbox in DATA_DIR (design.md section 3). */
export function createMailer(config: AppConfig, log: MailLog): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (config.APP_ENV === 'production') log.warn('SMTP_URL is not set: mails are only written to DATA_DIR/outbox/');
  return createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.MAIL_FROM, log, logText: config.APP_ENV === 'dev' });
}
