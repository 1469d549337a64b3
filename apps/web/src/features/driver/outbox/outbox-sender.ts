import { retryDelayMs } from '@app/shared/retry';
import { ApiError } from '@/lib/api-error';
import { SessionExpiredError } from '@/lib/session';
import type { OutboxStore } from './outbox-db';
import { refusesTimeOnly } from './outbox-request';
import type { OutboxEntry, OutboxRefusal } from './outbox-types';

// Sends one member's outbox in the order the actions were taken. An entry leaves the
// outbox when the server answers it: a yes (sent) or a no (refused, kept for the driver
// to see). No answer (no network, a busy or failing server) stops the round there, so a
// later action never overtakes an earlier one; the entry is tried again after a backoff.
// A step refused only for its time (the phone's clock is wrong) goes on at once without it,
// under a new key (its body changed): the server then keeps when it received it (decision 073).

export type SendOutcome = 'sent' | 'refused' | 'wait';

export interface SenderDeps {
  store: OutboxStore;
  /** Sends one entry (with its Idempotency-Key); resolves with the server's answer. */
  send(entry: OutboxEntry, onProgress: (fraction: number) => void): Promise<unknown>;
  isOnline(): boolean;
  now(): number;
  random(): number;
  /** A new Idempotency-Key, for a step sent again without its time. */
  newKey(): string;
  /** Each entry's outcome as it happens (the screen updates, waiters resolve). */
  onOutcome(entry: OutboxEntry, outcome: SendOutcome, answer: unknown): void;
  onProgress(seq: number, fraction: number | null): void;
  /**
   * True when a screen is waiting for this entry's first try: a refusal then goes to that
   * screen (which still shows what was entered) instead of the list of refused actions.
   */
  refusalGoesToCaller(entry: OutboxEntry): boolean;
}

export type Classified = { kind: 'refused'; refusal: OutboxRefusal } | { kind: 'retry'; reason: string } | { kind: 'signed-out' };

/** What an error from the API client means for an entry. */
export function classify(error: unknown): Classified {
  if (error instanceof SessionExpiredError) return { kind: 'signed-out' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'signed-out' };
    // No answer, a timeout, too many requests, the server down or busy: the same request may pass later.
    if (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) return { kind: 'retry', reason: error.detail };
    // The same key still being worked on by the server (an earlier try whose answer was lost): ask again.
    if (error.status === 409 && error.headers?.has('retry-after')) return { kind: 'retry', reason: error.detail };
    // Kept as the server wrote it: shown in whatever language the driver reads when it is listed.
    const statuses = error.statusRefusal ? { statuses: { now: error.statusRefusal.orderStatus, needed: error.statusRefusal.allowedStatuses } } : {};
    return { kind: 'refused', refusal: { status: error.status, detail: error.originalDetail, errors: error.errors, ...statuses } };
  }
  return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
}

export interface DrainResult {
  /** When the next try is due (epoch ms), if a try is waiting on a backoff. */
  nextAttemptAt: number | null;
  /** True when the round stopped because the session is over (a new sign-in resumes it). */
  signedOut: boolean;
}

type Tried = { done: true } | { done: false; result: DrainResult };

/** Sends one entry until the server answers it (sent or refused), or says why the round stops. */
async function sendEntry(deps: SenderDeps, kept: OutboxEntry): Promise<Tried> {
  let entry = kept;
  for (;;) {
    let answer: unknown;
    try {
      answer = await deps.send(entry, (fraction) => deps.onProgress(entry.seq, fraction));
    } catch (error) {
      deps.onProgress(entry.seq, null);
      const outcome = classify(error);
      if (outcome.kind === 'signed-out') return { done: false, result: { nextAttemptAt: null, signedOut: true } };
      if (outcome.kind === 'retry') {
        const attempts = entry.attempts + 1;
        const nextAttemptAt = deps.now() + retryDelayMs(attempts, deps.random);
        const waiting = { ...entry, attempts, nextAttemptAt, lastError: outcome.reason };
        await deps.store.put(waiting);
        deps.onOutcome(waiting, 'wait', error);
        return { done: false, result: { nextAttemptAt, signedOut: false } };
      }
      if (entry.takenAt && refusesTimeOnly(outcome.refusal.status, outcome.refusal.errors)) {
        entry = { ...entry, takenAt: null, retimed: true, key: deps.newKey() };
        await deps.store.put(entry);
        continue;
      }
      if (deps.refusalGoesToCaller(entry)) await deps.store.remove(entry.seq);
      else await deps.store.put({ ...entry, refusal: outcome.refusal });
      deps.onOutcome({ ...entry, refusal: outcome.refusal }, 'refused', error);
      return { done: true };
    }
    deps.onProgress(entry.seq, null);
    await deps.store.remove(entry.seq);
    deps.onOutcome(entry, 'sent', answer);
    return { done: true };
  }
}

/** One round through a member's outbox. */
export async function drainOutbox(deps: SenderDeps, memberId: number): Promise<DrainResult> {
  const entries = await deps.store.list(memberId);
  for (const entry of entries) {
    if (entry.refusal) continue;
    if (!deps.isOnline()) return { nextAttemptAt: null, signedOut: false };
    if (entry.nextAttemptAt > deps.now()) return { nextAttemptAt: entry.nextAttemptAt, signedOut: false };
    const tried = await sendEntry(deps, entry);
    if (!tried.done) return tried.result;
  }
  return { nextAttemptAt: null, signedOut: false };
}
