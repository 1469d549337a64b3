import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';

/** Mails are queued with links relative to the web app; the sender puts the web app's address here. */
export const WEB_URL_TOKEN = '{{WEB_URL}}';

/** After this many failed attempts a mail is given up (failed_at set, the error kept). */
export const MAIL_MAX_ATTEMPTS = 10;
/** While one process sends a mail, no other takes it: the row is leased this long. */
const LEASE_SECONDS = 300;
const BATCH = 20;

/** 1, 2, 4, ... minutes after each failure, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface DueMail {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Sends what is due, each mail by exactly one process: a short transaction leases a batch
 * (`FOR UPDATE SKIP LOCKED`, then next_attempt_at moves past the lease), the mails go out
 * with no transaction open, and each is marked sent or rescheduled with backoff. A mail
 * server that fails only delays mail; nothing that queued it waits or fails.
 */
export async function sendDueMails(db: Database, mailer: Mailer, webUrl: string, now: Date = new Date()): Promise<{ sent: number; failed: number }> {
  const leased = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update mail_queue set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from mail_queue
        where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, to_address, subject, body, attempts`);
    return (result as unknown as { rows: DueMail[] }).rows;
  });
  let sent = 0;
  let failed = 0;
  for (const mail of leased) {
    try {
      await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.body.replaceAll(WEB_URL_TOKEN, webUrl) });
      await db.execute(sql`update mail_queue set sent_at = now(), attempts = attempts + 1, last_error = null where id = ${mail.id}`);
      sent += 1;
    } catch (error) {
      failed += 1;
      const attempts = mail.attempts + 1;
      const message = (error as Error).message?.slice(0, 500) ?? 'unknown error';
      await db.execute(sql`
        update mail_queue set attempts = ${attempts}, last_error = ${message},
          next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${retryDelaySeconds(attempts)}),
          failed_at = ${attempts >= MAIL_MAX_ATTEMPTS ? sql`now()` : null}
        where id = ${mail.id}`);
    }
  }
  return { sent, failed };
}
