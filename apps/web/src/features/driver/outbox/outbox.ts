import { drainOutbox, type SenderDeps, type SendOutcome } from './outbox-sender';
import type { OutboxStore } from './outbox-db';
import type { OutboxEntry, OutboxStep } from './outbox-types';

// The outbox of this tab: what the screens read (one member's entries, upload progress),
// how they add an action and wait for its first try, and the triggers that send it
// (an action taken, the network back, a backoff run out, the member signed in, another tab
// changed it). Tabs share IndexedDB; one sends at a time (a Web Lock), the others follow
// through a BroadcastChannel. Idempotency keys make a double send harmless all the same.

/** What a screen gets back for an action it took. */
export type SubmitResult<T = unknown> =
  /** The server did it: its answer. */
  | { status: 'sent'; answer: T }
  /** No answer yet (offline, the server away, earlier actions still waiting): kept and sent later. */
  | { status: 'queued'; entry: OutboxEntry };

export interface OutboxSnapshot {
  memberId: number | null;
  entries: readonly OutboxEntry[];
  /** Upload progress (0..1) of the entries being sent, by seq. */
  progress: ReadonlyMap<number, number>;
  /** True while a round is sending. */
  sending: boolean;
}

export interface OutboxDeps {
  store: OutboxStore;
  send: SenderDeps['send'];
  isOnline(): boolean;
  subscribeOnline(listener: (online: boolean) => void): () => void;
  /** The signed-in member (null when signed out) and its changes. */
  currentMember(): number | null;
  subscribeMember(listener: () => void): () => void;
  /** After the server answered an entry (refresh what shows the order). */
  onSettled?(entry: OutboxEntry, outcome: SendOutcome, answer: unknown): void;
  now?(): number;
  random?(): number;
  newKey(): string;
  /** Serialises sending across tabs; default: run at once. */
  lock?<T>(task: () => Promise<T>): Promise<T>;
  /** Tells other tabs that the outbox changed, and hears them; default: nothing. */
  channel?: { post(): void; listen(listener: () => void): () => void };
}

interface Waiter {
  resolve(result: SubmitResult): void;
  reject(error: unknown): void;
}

export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const lock = deps.lock ?? ((task) => task());
  // The member the device knows from the start: their outbox read empty then tells the screens
  // nothing new (a driver's home re-rendered whole, at once, when the member came with it).
  let snapshot: OutboxSnapshot = { memberId: deps.currentMember(), entries: [], progress: new Map(), sending: false };
  const listeners = new Set<() => void>();
  const waiters = new Map<number, Waiter>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /**
   * Tells the screens what changed, and only then: each new snapshot re-renders them
   * synchronously (useSyncExternalStore), and a start with an empty outbox used to hand
   * them four alike in a phone's first second.
   */
  function publish(next: Partial<OutboxSnapshot>) {
    const merged = { ...snapshot, ...next };
    if (sameSnapshot(snapshot, merged)) return;
    snapshot = merged;
    listeners.forEach((listener) => listener());
  }

  async function reload() {
    const memberId = deps.currentMember();
    const entries = memberId === null ? [] : await deps.store.list(memberId);
    // A sign-out or a new member meanwhile: a later reload tells the truth.
    if (deps.currentMember() === memberId) publish({ memberId, entries });
  }

  function schedule(at: number | null) {
    if (timer) clearTimeout(timer);
    timer = at === null ? null : setTimeout(() => void drain(), Math.max(0, at - now()));
  }

  const sender = (memberId: number): SenderDeps => ({
    store: deps.store,
    send: deps.send,
    isOnline: deps.isOnline,
    now,
    random,
    newKey: deps.newKey,
    refusalGoesToCaller: (entry) => entry.attempts === 0 && waiters.has(entry.seq),
    onProgress(seq, fraction) {
      const progress = new Map(snapshot.progress);
      if (fraction === null) progress.delete(seq);
      else progress.set(seq, fraction);
      publish({ progress });
    },
    onOutcome(entry, outcome, answer) {
      if (deps.currentMember() === memberId) void reload();
      deps.channel?.post();
      deps.onSettled?.(entry, outcome, answer);
      const waiter = waiters.get(entry.seq);
      if (!waiter) return;
      waiters.delete(entry.seq);
      if (outcome === 'sent') waiter.resolve({ status: 'sent', answer });
      else if (outcome === 'refused' && entry.attempts === 0) waiter.reject(answer);
      else waiter.resolve({ status: 'queued', entry });
    },
  });

  /** Sends what can be sent now; one round at a time, another right after if asked meanwhile. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // The screens waiting when a round starts get their answer from it: sent, refused, or queued
      // (not reached: offline, or behind an action that waits). Later ones wait for the next round.
      const reached = new Set<number>();
      try {
        do {
          again = false;
          const memberId = deps.currentMember();
          if (memberId === null) break;
          for (const seq of waiters.keys()) reached.add(seq);
          // "Sending" is said of the entries shown; with none there is nothing to say.
          if (snapshot.entries.length > 0) publish({ sending: true });
          const result = await lock(() => drainOutbox(sender(memberId), memberId));
          schedule(result.nextAttemptAt);
        } while (again);
      } catch (error) {
        console.warn('The outbox could not be sent', error);
      } finally {
        await reload().catch(() => undefined);
        for (const seq of reached) {
          const waiter = waiters.get(seq);
          const entry = snapshot.entries.find((e) => e.seq === seq);
          waiters.delete(seq);
          if (waiter && entry) waiter.resolve({ status: 'queued', entry });
          else waiter?.reject(new Error('The action left the outbox unanswered'));
        }
        running = null;
        publish({ sending: false });
        if (again) void drain();
      }
    })();
    return running;
  }

  return {
    getSnapshot: (): OutboxSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts following the member, the network and the other tabs; answers the stop. */
    start(): () => void {
      const stops = [
        deps.subscribeOnline((online) => {
          if (online) void drain();
        }),
        deps.subscribeMember(() => {
          void reload().then(drain);
        }),
        deps.channel?.listen(() => void reload()) ?? (() => undefined),
      ];
      void reload().then(drain);
      return () => {
        stops.forEach((stop) => stop());
        schedule(null);
      };
    },
    /**
     * Keeps the action on the device first (so nothing is lost if the page dies now), then
     * sends. Resolves `sent` with the server's answer, or `queued` when it must wait; rejects
     * with the server's refusal of a first try (the screen still shows what was entered) or
     * when the device cannot keep it (DeviceStorageFullError). A step keeps the time it was
     * taken (`takenAt`, epoch ms; default now) and sends it, however late it is sent.
     */
    async submit<T = unknown>(orderId: number, step: OutboxStep, { takenAt = now() }: { takenAt?: number } = {}): Promise<SubmitResult<T>> {
      const memberId = deps.currentMember();
      if (memberId === null) throw new Error('Nobody is signed in');
      const entry = await deps.store.add({
        memberId,
        orderId,
        step,
        key: deps.newKey(),
        createdAt: now(),
        takenAt: step.kind === 'photo' ? null : new Date(takenAt).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        refusal: null,
      });
      const result = new Promise<SubmitResult>((resolve, reject) => waiters.set(entry.seq, { resolve, reject }));
      await reload();
      deps.channel?.post();
      void drain();
      return result as Promise<SubmitResult<T>>;
    },
    /** Removes a waiting or refused entry from the device (the driver chose to). */
    async discard(seq: number): Promise<void> {
      await deps.store.remove(seq);
      await reload();
      deps.channel?.post();
    },
    /** Tries the waiting entries at once instead of after their backoff. */
    async retryNow(): Promise<void> {
      for (const entry of snapshot.entries) {
        if (!entry.refusal && entry.nextAttemptAt > now()) await deps.store.put({ ...entry, nextAttemptAt: 0 });
      }
      await reload();
      await drain();
    },
    drain,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Equal for the screens: the same member and state, and the same entries and progress (or none of either). */
function sameSnapshot(a: OutboxSnapshot, b: OutboxSnapshot): boolean {
  return (
    a.memberId === b.memberId &&
    a.sending === b.sending &&
    (a.entries === b.entries || (a.entries.length === 0 && b.entries.length === 0)) &&
    (a.progress === b.progress || (a.progress.size === 0 && b.progress.size === 0))
  );
}
