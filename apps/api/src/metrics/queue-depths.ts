import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryRow } from '../db/sql-rows';

export interface QueueDepth {
  /** Rows still to be sent, due or waiting for their retry. */
  waiting: number;
  /** Of those, the ones whose time has come: a number that keeps growing means the senders fall behind. */
  due: number;
}

export interface QueueDepths {
  mail: QueueDepth;
  sms: QueueDepth;
  whatsapp: QueueDepth;
  push: QueueDepth;
}

/**
 * One statement for every queue. Mail, SMS and WhatsApp share mail_queue, told apart by `channel`;
 * their counts stay inside mail_queue_due_idx (channel and time, partial on unsent, not
 * given up). A push row is deleted once sent or given up, so push_queue holds only what is
 * waiting and its next_attempt_at index serves the due count.
 */
export async function readQueueDepths(db: Database): Promise<QueueDepths> {
  const row = await queryRow<Record<`${'mail' | 'sms' | 'whatsapp' | 'push'}_${'waiting' | 'due'}`, number>>(
    db,
    sql`
    select
      (select count(*)::int from mail_queue where channel = 'mail' and sent_at is null and failed_at is null) as mail_waiting,
      (select count(*)::int from mail_queue where channel = 'mail' and sent_at is null and failed_at is null and next_attempt_at <= now()) as mail_due,
      (select count(*)::int from mail_queue where channel = 'sms' and sent_at is null and failed_at is null) as sms_waiting,
      (select count(*)::int from mail_queue where channel = 'sms' and sent_at is null and failed_at is null and next_attempt_at <= now()) as sms_due,
      (select count(*)::int from mail_queue where channel = 'whatsapp' and sent_at is null and failed_at is null) as whatsapp_waiting,
      (select count(*)::int from mail_queue where channel = 'whatsapp' and sent_at is null and failed_at is null and next_attempt_at <= now()) as whatsapp_due,
      (select count(*)::int from push_queue) as push_waiting,
      (select count(*)::int from push_queue where next_attempt_at <= now()) as push_due`,
  );
  if (!row) throw new Error('the queue depth query returned no row');
  return {
    mail: { waiting: row.mail_waiting, due: row.mail_due },
    sms: { waiting: row.sms_waiting, due: row.sms_due },
    whatsapp: { waiting: row.whatsapp_waiting, due: row.whatsapp_due },
    push: { waiting: row.push_waiting, due: row.push_due },
  };
}
