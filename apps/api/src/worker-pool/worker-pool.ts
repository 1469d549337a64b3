import { Worker } from 'node:worker_threads';

// CPU-heavy work (a first PDF build costs most of a second) runs here, off the event loop,
// so health checks and every other route keep answering while it runs (design.md section 23).
// The pool is small and its queue bounded: a burst waits its turn or is refused, it never
// takes every core or grows the process without limit.

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** The queue is full: the caller answers 503 with Retry-After. */
export class WorkerPoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The worker pool is busy');
    this.name = 'WorkerPoolBusyError';
  }
}

export interface WorkerPoolOptions {
  /** A module's file URL (TypeScript is fine) and the exported async function the workers run. */
  module: URL;
  exportName: string;
  /** Threads at most; each starts on first need. */
  size: number;
  /** Jobs waiting for a thread at most; one more is refused with WorkerPoolBusyError. */
  maxQueued: number;
  /** A thread idle this long ends, giving its memory back. */
  idleMs?: number;
  /** The heap a thread may use before it is stopped (its job fails, the next job gets a fresh thread). */
  maxHeapMb?: number;
}

export interface WorkerPool<A extends unknown[], R> {
  run(...args: A): Promise<R>;
  /** Threads running and jobs waiting, for tests and metrics. */
  stats(): { threads: number; busy: number; queued: number };
  close(): Promise<void>;
}

interface Job {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

export function createWorkerPool<A extends unknown[], R>(options: WorkerPoolOptions): WorkerPool<A, R> {
  const idleMs = options.idleMs ?? 60_000;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  const retire = (slot: Slot) => {
    if (!slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  };

  const start = (): Slot => {
    const worker = new Worker(ENTRY, {
      workerData: { module: options.module.href, exportName: options.exportName },
      // The entry registers tsx itself: inheriting the parent's loader flags (when run by the
      // tsx CLI) would register it twice; without the CLI there are none to inherit.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
    });
    // A thread never keeps the process alive; close() ends them on shutdown.
    worker.unref();
    let readyResolve!: () => void;
    const slot: Slot = { worker, ready: new Promise((resolve) => (readyResolve = resolve)), job: null, idleTimer: null };
    const fail = (error: Error) => {
      const job = slot.job;
      slot.job = null;
      retire(slot);
      job?.reject(error);
      pump();
    };
    worker.on('message', (message: { ready?: true; id?: number; ok?: boolean; result?: unknown; message?: string }) => {
      if (message.ready) return readyResolve();
      const job = slot.job;
      slot.job = null;
      if (job) {
        if (message.ok) job.resolve(message.result);
        else job.reject(new Error(message.message ?? 'The worker failed'));
      }
      pump();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The worker stopped (exit code ${code})`)));
    slots.add(slot);
    return slot;
  };

  const give = (slot: Slot, job: Job) => {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    void slot.ready.then(() => {
      if (slot.job === job) slot.worker.postMessage({ id: nextId++, args: job.args });
    });
  };

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) {
        if (!slot.idleTimer) {
          slot.idleTimer = setTimeout(() => retire(slot), idleMs);
          slot.idleTimer.unref();
        }
        continue;
      }
      give(slot, job);
    }
    while (queue.length > 0 && slots.size < options.size) give(start(), queue.shift()!);
  }

  return {
    run(...args: A): Promise<R> {
      if (closed) return Promise.reject(new Error('The worker pool is closed'));
      const busy = [...slots].filter((s) => s.job).length;
      if (busy >= options.size && queue.length >= options.maxQueued) {
        // Roughly how long the queue ahead takes to drain at a second a job.
        return Promise.reject(new WorkerPoolBusyError(Math.max(1, Math.ceil(queue.length / options.size))));
      }
      return new Promise<R>((resolve, reject) => {
        queue.push({ args, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },
    stats() {
      return { threads: slots.size, busy: [...slots].filter((s) => s.job).length, queued: queue.length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The worker pool is closed'));
      const ending = [...slots].map((slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        return slot.worker.terminate();
      });
      slots.clear();
      await Promise.allSettled(ending);
    },
  };
}
