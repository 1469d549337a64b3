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

/** One leased row of the queue, of any channel. */
export interface DueMessage {
  id: number;
  to_address: string;
  /** The lanes of the runner: the address (an SMS's number) and its mail domain (empty for an SMS), lower case. */
  address: string;
  domain: string;
  /** A mail's subject; an SMS's or WhatsApp message's kind, which names its template. */
  subject: string;
  body: string;
  attempts: number;
}

/**
 * The rules of one channel's rows (design.md section 20: SMS and WhatsApp ride the mail queue's rules):
 * leased by exactly one process, bounded per recipient, retried with backoff, given up
 * after `maxAttempts` or once past their `expires_at`.
 */
export interface QueueChannel {
  channel: 'mail' | 'sms' | 'whatsapp';
  /** In flight at once in one process, per recipient and per mail domain (an SMS's domain is empty: one lane). */
  perAddress: number;
  perDomain: number;
  maxAttempts: number;
  retryDelaySeconds(attempts: number): number;
  /** Settled rows keep no body: an SMS may hold a sign-in code, which is stored only hashed. */
  forgetBody: boolean;
}

export const MAIL_CHANNEL: QueueChannel = {
  channel: 'mail',
  perAddress: MAIL_PER_ADDRESS,
  perDomain: MAIL_PER_DOMAIN,
  maxAttempts: MAIL_MAX_ATTEMPTS,
  retryDelaySeconds,
  forgetBody: false,
};

export type MailRound = QueueRound;

export interface MailSendOptions {
  /** The process's runner of the channel; without one, a runner of this round's own. */
  runner?: DeliveryRunner;
  /** Waits at most this long for the round's messages (all of them unless given); the rest settle on their own. */
  waitMs?: number;
  log?: { error(obj: object, msg: string): void };
}

/** The runner of a process's mails, with its bounds; `onSettled` counts outcomes (metrics). */
export function createMailRunner(onSettled?: (outcome: string, seconds: number) => void): DeliveryRunner {
  return createDeliveryRunner({ channel: 'mail', maxInFlight: MAIL_MAX_IN_FLIGHT, ...(onSettled ? { onSettled } : {}) });
}

const lanesOf = (rules: QueueChannel, row: DueMessage): Lane[] => [
  { kind: 'address', key: row.address, max: rules.perAddress },
  { kind: 'domain', key: row.domain, max: rules.perDomain },
];

const ADDRESS = sql.raw('lower(to_address)');
const DOMAIN = sql.raw(`lower(split_part(to_address, '@', 2))`);

/**
 * A round's time as the queue compares it: `now`, but never earlier than the database's own
 * clock. Rows take their times from the database (`next_attempt_at` defaults to now()); a
 * process's clock a little behind it, or only its millisecond against the database's
 * microsecond, left a row queued in the same millisecond as a kicked round not due for that
 * round, and its SMS waited for the scheduler's next tick.
 */
const roundTime = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, now())`;

/**
 * Leases a channel's due rows, each by exactly one process (`FOR UPDATE SKIP LOCKED`, then
 * next_attempt_at moves past the lease, in one statement), taking no address's and no
 * domain's mails beyond the room their lane has left in this process: everything leased
 * starts at once, and a recipient that stalls keeps its other mails in the queue.
 */
async function leaseDue(db: Database, runner: DeliveryRunner, rules: QueueChannel, now: Date, limit: number): Promise<{ rows: DueMessage[]; more: boolean }> {
  if (limit <= 0) return { rows: [], more: false };
  const scan = Math.min(SCAN_MAX, limit * SCAN_PER_ROW);
  const at = roundTime(now);
  const addressLoad = loadJson(runner, 'address');
  const domainLoad = loadJson(runner, 'domain');
  const rows = await queryRows<DueMessage & { scanned: number }>(
    db,
    sql`
    with due as (
      select id, next_attempt_at, ${ADDRESS} as address, ${DOMAIN} as domain
      from mail_queue
      where channel = ${rules.channel} and sent_at is null and failed_at is null and next_attempt_at <= ${at}
        and (expires_at is null or expires_at > ${at})
        and coalesce((${addressLoad}::jsonb ->> ${ADDRESS})::int, 0) < ${rules.perAddress}
        and coalesce((${domainLoad}::jsonb ->> ${DOMAIN})::int, 0) < ${rules.perDomain}
      order by next_attempt_at, id
      limit ${scan}
      for update skip locked
    ), by_address as (
      select id, next_attempt_at, domain from (
        select id, next_attempt_at, domain,
          coalesce((${addressLoad}::jsonb ->> address)::int, 0) + row_number() over (partition by address order by next_attempt_at, id) as n
        from due
      ) a where n <= ${rules.perAddress}
    ), by_domain as (
      select id from (
        select id, next_attempt_at,
          coalesce((${domainLoad}::jsonb ->> domain)::int, 0) + row_number() over (partition by domain order by next_attempt_at, id) as n
        from by_address
      ) d where n <= ${rules.perDomain}
      order by next_attempt_at, id
      limit ${limit}
    )
    update mail_queue set next_attempt_at = ${at} + make_interval(secs => ${LEASE_SECONDS})
    where id in (select id from by_domain)
    returning id, to_address, ${ADDRESS} as address, ${DOMAIN} as domain, subject, body, attempts, (select count(*)::int from due) as scanned`,
  );
  // A full scan may have passed over rows of lanes that are full now, hiding others: lease again.
  return { rows: rows.map(({ scanned: _, ...row }) => row).sort((a, b) => a.id - b.id), more: rows[0]?.scanned === scan };
}

/**
 * Gives up, unsent, a channel's rows whose time has passed (a sign-in code past its 5
 * minutes): sending them would only confuse. Answers how many.
 */
async function giveUpExpired(db: Database, rules: QueueChannel, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update mail_queue set failed_at = now(), last_error = 'expired before it could be sent'${rules.forgetBody ? sql`, body = ''` : sql``}
    where channel = ${rules.channel} and sent_at is null and failed_at is null and expires_at <= ${roundTime(now)}
    returning id`,
  );
  return rows.length;
}

/**
 * A sender's error that no retry changes (a number WhatsApp cannot reach), marked
 * `permanent: true`: the row is given up at once instead of after every attempt.
 */
function isPermanent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}

/** Marks one row sent, or reschedules it with backoff (given up after the channel's maxAttempts, or at once when permanent). */
async function settleDue(db: Database, rules: QueueChannel, row: DueMessage, error: unknown, now: Date): Promise<void> {
  const forget = rules.forgetBody ? sql`, body = ''` : sql``;
  if (error === null) {
    await db.execute(sql`update mail_queue set sent_at = now(), attempts = attempts + 1, last_error = null${forget} where id = ${row.id}`);
    return;
  }
  const attempts = row.attempts + 1;
  const message = (error as Error).message?.slice(0, 500) ?? 'unknown error';
  const givenUp = attempts >= rules.maxAttempts || isPermanent(error);
  await db.execute(sql`
    update mail_queue set attempts = ${attempts}, last_error = ${message},
      next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${rules.retryDelaySeconds(attempts)}),
      failed_at = ${givenUp ? sql`now()` : null}${givenUp ? forget : sql``}
    where id = ${row.id}`);
}

/** One round's outcome: rows handed over, and rows that failed (rescheduled or given up). */
export interface QueueRound {
  sent: number;
  failed: number;
  /** Deliveries this round started (those settled within its wait are counted above too). */
  started: number;
}

/**
 * Sends a channel's due rows, each by exactly one process and as a task of its own: they go
 * out with no transaction open, within the runner's bounds (one stalled recipient or domain
 * never holds the others back), each with the deadline `deliver` sets itself, and each is
 * marked sent or rescheduled with backoff as soon as it is done. A failing sender only
 * delays messages; nothing that queued them waits or fails. Answers what settled within `waitMs`.
 */
export async function sendDue(db: Database, rules: QueueChannel, deliver: (row: DueMessage) => Promise<void>, now: Date, options: MailSendOptions & { runner: DeliveryRunner }): Promise<QueueRound> {
  const { runner } = options;
  const round: QueueRound = { sent: 0, failed: 0, started: 0 };
  await giveUpExpired(db, rules, now);
  const start = (row: DueMessage) =>
    runner
      .run(lanesOf(rules, row), async () => {
        let error: unknown = null;
        try {
          await deliver(row);
        } catch (thrown) {
          error = thrown ?? new Error('unknown error');
        }
        await settleDue(db, rules, row, error, now);
        if (error === null) round.sent += 1;
        else round.failed += 1;
        return { kind: error === null ? 'sent' : 'failed' };
      })
      .catch((error: unknown) => {
        // The database failed while writing the outcome: the row stays leased and is tried again after the lease.
        options.log?.error({ err: (error as Error).message, [rules.channel]: row.id }, `${rules.channel} outcome not written`);
      });
  const tasks: Array<Promise<unknown>> = [];
  // Each lease is handed over before the next, so the next one sees its lanes taken.
  for (let asked = runner.room(); asked > 0; asked = runner.room()) {
    const lease = await leaseDue(db, runner, rules, now, asked);
    tasks.push(...lease.rows.map(start));
    if (lease.rows.length < asked && !lease.more) break;
  }
  round.started = tasks.length;
  const all = Promise.all(tasks);
  if (options.waitMs === undefined) await all;
  else {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, options.waitMs)))]);
    clearTimeout(timer);
  }
  return { ...round };
}

/** Sends the due mails (see sendDue), each with MAIL_TIMEOUT_MS, its links pointing at `webUrl`. */
export async function sendDueMails(db: Database, mailer: Mailer, webUrl: string, now: Date = new Date(), options: MailSendOptions = {}): Promise<MailRound> {
  const deliver = (mail: DueMessage) =>
    mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.body.replaceAll(WEB_URL_TOKEN, webUrl) }, { signal: AbortSignal.timeout(MAIL_TIMEOUT_MS) });
  return sendDue(db, MAIL_CHANNEL, deliver, now, { ...options, runner: options.runner ?? createMailRunner() });
}
