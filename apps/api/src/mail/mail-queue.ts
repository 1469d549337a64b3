import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { createDeliveryRunner, loadJson, type DeliveryRunner, type Lane } from '../delivery/delivery-runner';
import type { Mailer } from './mailer';
import { queryRows } from '../db/sql-rows';

/** Mails are queued with links relative to the web app; the sender puts the web app's address here. */
export const WEB_URL_TOKEN = '{{WEB_URL}}';

/** After this many failed attempts a mail is given up (failed_at set, the error kept). */
export const MAIL_MAX_ATTEMPTS = 10;
/** While one process sends a mail, no other takes it: the row is leased this long. */
const LEASE_SECONDS = 300;
/**
 * Due rows one lease looks at (and locks for that statement) per row it may take: room to
 * skip the rows beyond a lane's room, while another process's lease still finds rows of
 * its own past the ones this one holds (SKIP LOCKED).
 */
const SCAN_PER_ROW = 4;
const SCAN_MAX = 500;
/** Mails in flight at once in one process: relays commonly take about ten connections from one client. */
export const MAIL_MAX_IN_FLIGHT = 8;
/** Mails to one address in flight at once in one process: a recipient the relay stalls on holds one slot. */
export const MAIL_PER_ADDRESS = 1;
/** Mails to one domain in flight at once in one process: a domain that stalls leaves half the slots to the others. */
export const MAIL_PER_DOMAIN = 4;
/**
 * One mail's deadline, from connecting to the relay's last answer. A relay answers each
 * step in well under a second, and may scan a message for a few seconds after DATA; past
 * this the mail is counted as failed and retried with backoff.
 */
export const MAIL_TIMEOUT_MS = 10_000;

/** 1, 2, 4, ... minutes after each failure, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface DueMail {
  id: number;
  to_address: string;
  /** The lanes of the runner: the address and its domain, lower case. */
  address: string;
  domain: string;
  subject: string;
  body: string;
  attempts: number;
}

export interface MailRound {
  sent: number;
  failed: number;
}

export interface MailSendOptions {
  /** The process's mail runner; without one, a runner of this round's own. */
  runner?: DeliveryRunner;
  /** Waits at most this long for the round's mails (all of them unless given); the rest settle on their own. */
  waitMs?: number;
  log?: { error(obj: object, msg: string): void };
}

/** The runner of a process's mails, with its bounds; `onSettled` counts outcomes (metrics). */
export function createMailRunner(onSettled?: (outcome: string, seconds: number) => void): DeliveryRunner {
  return createDeliveryRunner({ channel: 'mail', maxInFlight: MAIL_MAX_IN_FLIGHT, ...(onSettled ? { onSettled } : {}) });
}

const lanesOf = (mail: DueMail): Lane[] => [
  { kind: 'address', key: mail.address, max: MAIL_PER_ADDRESS },
  { kind: 'domain', key: mail.domain, max: MAIL_PER_DOMAIN },
];

const ADDRESS = sql.raw('lower(to_address)');
const DOMAIN = sql.raw(`lower(split_part(to_address, '@', 2))`);

/**
 * Leases due mails, each by exactly one process (`FOR UPDATE SKIP LOCKED`, then
 * next_attempt_at moves past the lease, in one statement), taking no address's and no
 * domain's mails beyond the room their lane has left in this process: everything leased
 * starts at once, and a recipient that stalls keeps its other mails in the queue.
 */
async function leaseDueMails(db: Database, runner: DeliveryRunner, now: Date, limit: number): Promise<{ mails: DueMail[]; more: boolean }> {
  if (limit <= 0) return { mails: [], more: false };
  const scan = Math.min(SCAN_MAX, limit * SCAN_PER_ROW);
  const at = sql`${now.toISOString()}::timestamptz`;
  const addressLoad = loadJson(runner, 'address');
  const domainLoad = loadJson(runner, 'domain');
  const rows = await queryRows<DueMail & { scanned: number }>(
    db,
    sql`
    with due as (
      select id, next_attempt_at, ${ADDRESS} as address, ${DOMAIN} as domain
      from mail_queue
      where sent_at is null and failed_at is null and next_attempt_at <= ${at}
        and coalesce((${addressLoad}::jsonb ->> ${ADDRESS})::int, 0) < ${MAIL_PER_ADDRESS}
        and coalesce((${domainLoad}::jsonb ->> ${DOMAIN})::int, 0) < ${MAIL_PER_DOMAIN}
      order by next_attempt_at, id
      limit ${scan}
      for update skip locked
    ), by_address as (
      select id, next_attempt_at, domain from (
        select id, next_attempt_at, domain,
          coalesce((${addressLoad}::jsonb ->> address)::int, 0) + row_number() over (partition by address order by next_attempt_at, id) as n
        from due
      ) a where n <= ${MAIL_PER_ADDRESS}
    ), by_domain as (
      select id from (
        select id, next_attempt_at,
          coalesce((${domainLoad}::jsonb ->> domain)::int, 0) + row_number() over (partition by domain order by next_attempt_at, id) as n
        from by_address
      ) d where n <= ${MAIL_PER_DOMAIN}
      order by next_attempt_at, id
      limit ${limit}
    )
    update mail_queue set next_attempt_at = ${at} + make_interval(secs => ${LEASE_SECONDS})
    where id in (select id from by_domain)
    returning id, to_address, ${ADDRESS} as address, ${DOMAIN} as domain, subject, body, attempts, (select count(*)::int from due) as scanned`,
  );
  // A full scan may have passed over rows of lanes that are full now, hiding others: lease again.
  return { mails: rows.map(({ scanned: _, ...mail }) => mail).sort((a, b) => a.id - b.id), more: rows[0]?.scanned === scan };
}

/** Marks one mail sent, or reschedules it with backoff (given up after MAIL_MAX_ATTEMPTS). */
async function settleMail(db: Database, mail: DueMail, error: unknown, now: Date): Promise<void> {
  if (error === null) {
    await db.execute(sql`update mail_queue set sent_at = now(), attempts = attempts + 1, last_error = null where id = ${mail.id}`);
    return;
  }
  const attempts = mail.attempts + 1;
  const message = (error as Error).message?.slice(0, 500) ?? 'unknown error';
  await db.execute(sql`
    update mail_queue set attempts = ${attempts}, last_error = ${message},
      next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${retryDelaySeconds(attempts)}),
      failed_at = ${attempts >= MAIL_MAX_ATTEMPTS ? sql`now()` : null}
    where id = ${mail.id}`);
}

/**
 * Sends what is due, each mail by exactly one process and as a task of its own: the mails
 * go out with no transaction open, within the runner's bounds (one stalled recipient or
 * domain never holds the others back), each with MAIL_TIMEOUT_MS, and each is marked sent
 * or rescheduled with backoff as soon as it is done. A mail server that fails only delays
 * mail; nothing that queued it waits or fails. Answers what settled within `waitMs`.
 */
export async function sendDueMails(db: Database, mailer: Mailer, webUrl: string, now: Date = new Date(), options: MailSendOptions = {}): Promise<MailRound> {
  const runner = options.runner ?? createMailRunner();
  const round: MailRound = { sent: 0, failed: 0 };
  const start = (mail: DueMail) =>
    runner
      .run(lanesOf(mail), async () => {
        let error: unknown = null;
        try {
          await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.body.replaceAll(WEB_URL_TOKEN, webUrl) }, { signal: AbortSignal.timeout(MAIL_TIMEOUT_MS) });
        } catch (thrown) {
          error = thrown ?? new Error('unknown error');
        }
        await settleMail(db, mail, error, now);
        if (error === null) round.sent += 1;
        else round.failed += 1;
        return { kind: error === null ? 'sent' : 'failed' };
      })
      .catch((error: unknown) => {
        // The database failed while writing the outcome: the row stays leased and is tried again after the lease.
        options.log?.error({ err: (error as Error).message, mail: mail.id }, 'mail outcome not written');
      });
  const tasks: Array<Promise<unknown>> = [];
  // Each lease is handed over before the next, so the next one sees its lanes taken.
  for (let asked = runner.room(); asked > 0; asked = runner.room()) {
    const lease = await leaseDueMails(db, runner, now, asked);
    tasks.push(...lease.mails.map(start));
    if (lease.mails.length < asked && !lease.more) break;
  }
  const all = Promise.all(tasks);
  if (options.waitMs === undefined) await all;
  else {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, options.waitMs)))]);
    clearTimeout(timer);
  }
  return { ...round };
}
