import path from 'node:path';
import type { AppConfig } from '../config/config';
import { createOutboxSmsSender } from './outbox-sms-sender';
import type { SmsLog, SmsSender } from './sms-sender';
import { createSnsSmsSender } from './sns-sms-sender';

/** SNS when SMS_URL is set, otherwise the outbox in DATA_DIR (design.md section 20). */
export function createSmsSender(config: AppConfig, log: SmsLog): SmsSender {
  if (config.SMS_URL) return createSnsSmsSender(config.SMS_URL, { entityId: config.SMS_DLT_ENTITY_ID, senderId: config.SMS_SENDER_ID });
  if (config.APP_ENV === 'production') log.warn('SMS_URL is not set: SMS (sign-in codes) are only written to DATA_DIR/outbox/sms/');
  return createOutboxSmsSender({ dir: path.join(config.dataDir, 'outbox', 'sms'), log, logText: config.APP_ENV === 'dev' });
}
