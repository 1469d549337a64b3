import type { DevicePosition } from '@/lib/use-device-position';

// The driver's position for the store it is on the way to (design.md section 19, decision
// 078): at most every 15 s, at least every 60 s, while the app is open and an order is
// moving. Clock, timers, GPS and the post are given, so the timing is tested without a browser.

/** A new fix is posted at most this often... */
export const POST_MIN_INTERVAL_MS = 15_000;
/** ...and something is posted at least this often, standing still included. */
export const POST_MAX_INTERVAL_MS = 60_000;

/** What became of one post. */
export type PostOutcome =
  | { kind: 'taken' }
  /** 409: the driver has no order in `moving` (it arrived, or was taken off it). */
  | { kind: 'not-moving' }
  /** 429: the server took one less than 5 s ago (another tab); not before this. */
  | { kind: 'too-soon'; retryAfterMs: number }
  /** No answer, or one that no retry would change: this fix is dropped. */
  | { kind: 'failed' };

export interface ReporterDeps {
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Follows the phone's position, calling `onFix` at each fix; answers how to stop. */
  watch: (onFix: (fix: DevicePosition) => void) => () => void;
  /** One reading now (a phone standing still gives a watch nothing new), or null. */
  freshFix: () => Promise<DevicePosition | null>;
  online: () => boolean;
  post: (fix: DevicePosition, signal: AbortSignal) => Promise<PostOutcome>;
  /** The server said no order is moving: the reporter has stopped, and the orders should be asked again. */
  onNotMoving: () => void;
}

/** Starts reporting; answers how to stop (the order no longer moving, the page leaving). */
export function startPositionReporter(deps: ReporterDeps): () => void {
  const lifetime = new AbortController();
  const startedAt = deps.now();
  /** The watch's latest fix. */
  let latest: DevicePosition | null = null;
  /** The fix last given its chance: posted, or dropped (offline, failed). */
  let tried: DevicePosition | null = null;
  let triedAt: number | null = null;
  /** A 429's Retry-After: nothing goes before this. */
  let notBefore = 0;
  let busy = false;
  let timer: unknown = null;
  const stopped = () => lifetime.signal.aborted;

  function plan(): void {
    if (stopped() || busy) return;
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    const due = Math.max(latest !== null && latest !== tried ? (triedAt ?? -Infinity) + POST_MIN_INTERVAL_MS : (triedAt ?? startedAt) + POST_MAX_INTERVAL_MS, notBefore);
    const wait = due - deps.now();
    if (wait <= 0) void act();
    else
      timer = deps.setTimer(() => {
        timer = null;
        void act();
      }, wait);
  }

  async function act(): Promise<void> {
    busy = true;
    try {
      let fix = latest !== null && latest !== tried ? latest : null;
      if (fix === null) {
        // A minute without a new fix: a fresh reading, else the last fix again.
        const fresh = await deps.freshFix();
        if (stopped()) return;
        if (fresh && (latest === null || fresh.at >= latest.at)) latest = fresh;
        fix = latest;
      }
      const previousTriedAt = triedAt;
      triedAt = deps.now();
      if (fix === null) return;
      tried = fix;
      // Offline or failed, the fix is dropped, not kept for later: a stale position is worthless.
      if (!deps.online()) return;
      const outcome = await deps.post(fix, lifetime.signal);
      if (stopped()) return;
      if (outcome.kind === 'not-moving') {
        stop();
        deps.onNotMoving();
      } else if (outcome.kind === 'too-soon') {
        // Not taken: the latest fix goes once the server allows, as if this try had not been.
        notBefore = deps.now() + outcome.retryAfterMs;
        triedAt = previousTriedAt;
        tried = null;
      }
    } finally {
      busy = false;
      plan();
    }
  }

  const unwatch = deps.watch((fix) => {
    if (stopped()) return;
    latest = fix;
    plan();
  });

  function stop(): void {
    if (stopped()) return;
    lifetime.abort();
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    unwatch();
  }

  plan();
  return stop;
}
