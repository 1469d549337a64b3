import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../../http/database-unavailable';
import type { LiveEvent } from './live-event';
import type { LiveHub } from './live-hub';

/**
 * How far before the last proof of a healthy LISTEN connection the catch-up reads. An
 * event's created_at is when its transaction started, not when it committed (and so was
 * NOTIFYed): a transaction that ran up to this long is still found.
 */
export const CATCH_UP_MARGIN_MS = 2 * 60_000;
/** More missed events than this: the streams are closed instead, and each replays its own. */
export const CATCH_UP_MAX = 5_000;
/**
 * How long a delivered event's id is remembered, so that a catch-up does not send it again:
 * longer than the margin plus the listener's ping period (live-listener.ts).
 */
const DELIVERED_FOR_MS = 10 * 60_000;
/**
 * 10,000 ids take well under 1 MB; a busier feed forgets its oldest ids first, and the
 * worst that does is an event sent twice after a reconnect (a client refetches, no harm).
 */
const DELIVERED_MAX = 10_000;

export interface LiveDeliveryDeps {
  hub: LiveHub;
  /** Every event written after `since`, oldest first, at most `limit` (event-replay.ts). */
  load(since: Date, limit: number): Promise<LiveEvent[]>;
  /** The newest event id now. */
  latestId(): Promise<number>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Hands the events LISTEN hears to the open streams, and after the LISTEN connection was
 * lost replays from the events table what was committed meanwhile (design.md section 17,
 * "Database trouble"): each event once, oldest first. Where the replay cannot be done
 * (the table does not answer, or too much was missed) every stream is closed instead, and
 * each client's reconnect with Last-Event-ID replays what it missed.
 */
export class LiveDelivery {
  /** Event id -> when it was delivered, oldest first. */
  private readonly delivered = new Map<number, number>();
  private catchingUp = 0;
  /** Heard during a catch-up: sent after what was missed before them. */
  private waiting: LiveEvent[] = [];
  /**
   * The newest event when this process first listened: what came before was committed before
   * any of its streams opened (each replays its own), so a catch-up never sends it.
   */
  private floor = 0;
  private readonly now: () => number;

  constructor(private readonly deps: LiveDeliveryDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** An event LISTEN heard. */
  publish(event: LiveEvent): void {
    if (this.catchingUp > 0) this.waiting.push(event);
    else this.deliver(event);
  }

  /**
   * LISTEN works again. `heardUntil` is the database's clock at the last proof that the
   * lost connection had delivered everything; null on the first connection, when only
   * streams that opened before it are closed.
   */
  async resume(heardUntil: Date | null): Promise<void> {
    if (!heardUntil) return this.start();
    this.catchingUp += 1;
    let missed: LiveEvent[] | null = null;
    try {
      const events = await this.deps.load(new Date(heardUntil.getTime() - CATCH_UP_MARGIN_MS), CATCH_UP_MAX + 1);
      if (events.length <= CATCH_UP_MAX) missed = events.filter((event) => event.id > this.floor);
      else this.deps.log.warn({ missed: events.length }, 'change feed missed too many events to replay to its streams');
    } catch (error) {
      this.deps.log.warn({ err: error, reason: describeError(error) }, 'change feed could not read the events it missed');
    } finally {
      this.catchingUp -= 1;
    }
    if (missed) {
      let replayed = 0;
      for (const event of missed) if (this.deliver(event)) replayed += 1;
      this.deps.log.info({ replayed, streams: this.deps.hub.size }, 'change feed listening again; missed events replayed to the open streams');
    } else if (this.deps.hub.size > 0) {
      this.deps.log.info({ streams: this.deps.hub.size }, 'change feed listening again; closing the open streams so that they replay what they missed');
      this.deps.hub.endAll();
    }
    if (this.catchingUp === 0) {
      const waiting = this.waiting.sort((a, b) => a.id - b.id);
      this.waiting = [];
      for (const event of waiting) this.deliver(event);
    }
  }

  private async start(): Promise<void> {
    // Only if the first LISTEN came after the app began to serve (live-feed.ts waits for it).
    if (this.deps.hub.size > 0) {
      this.deps.log.info({ streams: this.deps.hub.size }, 'change feed listening; closing the streams that opened before');
      this.deps.hub.endAll();
    }
    try {
      // LISTEN works already: a transaction still open below this id is heard when it commits.
      this.floor = await this.deps.latestId();
    } catch (error) {
      // Without a floor a later catch-up may also send events older than the streams: harmless hints.
      this.deps.log.warn({ err: error, reason: describeError(error) }, 'change feed could not read the newest event id');
    }
  }

  /** False when it was delivered before. */
  private deliver(event: LiveEvent): boolean {
    if (this.delivered.has(event.id)) return false;
    const now = this.now();
    this.delivered.set(event.id, now);
    for (const [id, at] of this.delivered) {
      if (this.delivered.size <= DELIVERED_MAX && at >= now - DELIVERED_FOR_MS) break;
      this.delivered.delete(id);
    }
    this.deps.hub.publish(event);
    return true;
  }
}
