/**
 * One bound a delivery counts against besides the global one: a kind of destination (a
 * member, a push service's origin, a mail domain) and which one. Deliveries sharing a
 * lane's kind and key never exceed its `max` in flight together.
 */
export interface Lane {
  kind: string;
  key: string;
  max: number;
}

export interface DeliveryRunnerOptions {
  /** `push`, `mail`, later `sms`, `whatsapp`: only for the metrics. */
  channel: string;
  /** Deliveries of this channel in flight at once in this process. */
  maxInFlight: number;
  /** Told each delivery's outcome (the `kind` its work answered, or `error`) and how long it took. */
  onSettled?: (outcome: string, seconds: number) => void;
}

export interface DeliveryRunner {
  readonly channel: string;
  /** How many more deliveries may start now (the global bound; lanes may allow fewer). */
  room(): number;
  /**
   * Deliveries in flight or waiting, per key of one lane kind. A sender leases no more for a
   * key than its lane has room for, so what it hands over starts at once instead of waiting
   * behind a slow destination while holding a lease.
   */
  load(kind: string): Map<string, number>;
  /**
   * Runs `work` as soon as the global bound and every one of its lanes allow: on its own,
   * never waiting for other deliveries to finish. Its promise settles with the work's.
   */
  run<T extends { kind: string }>(lanes: readonly Lane[], work: () => Promise<T>): Promise<T>;
  /** Resolves the next time a delivery settles (at once if none is in flight or waiting). */
  settled(): Promise<void>;
  /** Resolves when nothing is in flight or waiting. */
  idle(): Promise<void>;
}

interface Waiting {
  lanes: readonly Lane[];
  start: () => void;
}

const laneId = (lane: Lane) => `${lane.kind}\u0000${lane.key}`;

/**
 * Deliveries as independent tasks under a global bound and a bound per destination (design.md
 * section 23): one destination that never answers holds at most its lane's few slots, each
 * for one timeout of its channel, and never a whole batch. Timeouts belong to the channel's
 * own request code (a push's fetch, the SMTP socket): the runner only keeps count.
 */
export function createDeliveryRunner(options: DeliveryRunnerOptions): DeliveryRunner {
  let inFlight = 0;
  // Per lane: deliveries started (what its bound checks), and started or waiting (what `load` reports).
  const running = new Map<string, number>();
  const held = new Map<string, number>();
  const waiting: Waiting[] = [];
  let listeners: Array<() => void> = [];

  const add = (counts: Map<string, number>, lanes: readonly Lane[], by: number) => {
    for (const lane of lanes) {
      const count = (counts.get(laneId(lane)) ?? 0) + by;
      if (count > 0) counts.set(laneId(lane), count);
      else counts.delete(laneId(lane));
    }
  };
  const fits = (lanes: readonly Lane[]) => inFlight < options.maxInFlight && lanes.every((l) => (running.get(laneId(l)) ?? 0) < l.max);
  const startWaiting = () => {
    // In queue order, skipping what its lanes do not allow yet: a full lane holds back only its own.
    for (let i = 0; i < waiting.length && inFlight < options.maxInFlight; ) {
      const next = waiting[i]!;
      if (fits(next.lanes)) {
        waiting.splice(i, 1);
        next.start();
      } else i += 1;
    }
  };
  const notify = () => {
    const told = listeners;
    listeners = [];
    for (const listener of told) listener();
  };
  const settled = () => (inFlight === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => listeners.push(resolve)));

  return {
    channel: options.channel,
    room: () => Math.max(0, options.maxInFlight - inFlight - waiting.length),
    load(kind) {
      const counts = new Map<string, number>();
      const prefix = `${kind}\u0000`;
      for (const [id, count] of held) if (id.startsWith(prefix)) counts.set(id.slice(prefix.length), count);
      return counts;
    },
    run(lanes, work) {
      add(held, lanes, 1);
      return new Promise((resolve, reject) => {
        const start = () => {
          inFlight += 1;
          add(running, lanes, 1);
          const began = performance.now();
          // Its slot is free, and the next one started, before its caller hears of it; a work that throws at once counts as rejecting.
          const done = (outcome: string, settle: () => void) => {
            inFlight -= 1;
            add(running, lanes, -1);
            add(held, lanes, -1);
            options.onSettled?.(outcome, (performance.now() - began) / 1000);
            startWaiting();
            notify();
            settle();
          };
          Promise.resolve()
            .then(work)
            .then(
              (result) => done(result.kind, () => resolve(result)),
              (error: unknown) => done('error', () => reject(error)),
            );
        };
        waiting.push({ lanes, start });
        startWaiting();
      });
    },
    settled,
    async idle() {
      while (inFlight > 0 || waiting.length > 0) await settled();
    },
  };
}

/**
 * `load(kind)` as a JSON object for the lease query (`(${json}::jsonb ->> key)::int`), so
 * one statement skips destinations whose lane is full here and takes no more than a
 * lane's room of the others.
 */
export function loadJson(runner: DeliveryRunner, kind: string): string {
  return JSON.stringify(Object.fromEntries(runner.load(kind)));
}
