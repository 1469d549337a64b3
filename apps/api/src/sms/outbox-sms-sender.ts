import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SmsLog, SmsSender } from './sms-sender';

export interface SmsOutboxOptions {
  dir: string;
  log: SmsLog;
  /** Logs the text too. Only in dev: a sign-in code in a production log is a way in. */
  logText: boolean;
}

/**
 * Without SMS_URL every SMS becomes one JSON file in DATA_DIR/outbox/sms/ (as mails do in
 * DATA_DIR/outbox/), which a developer, a script or a browser test reads for the code.
 */
export function createOutboxSmsSender(options: SmsOutboxOptions): SmsSender {
  return {
    async send(message) {
      await fs.mkdir(options.dir, { recursive: true });
      const createdAt = new Date().toISOString();
      const file = path.join(options.dir, `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`);
      await fs.writeFile(file, JSON.stringify({ to: message.to, text: message.text, template_id: message.templateId ?? null, created_at: createdAt }, null, 2));
      const sms = { to: message.to, file, ...(options.logText ? { text: message.text } : {}) };
      options.log.info({ sms }, 'SMS written to the outbox (SMS_URL is not set)');
    },
    async close() {},
  };
}
