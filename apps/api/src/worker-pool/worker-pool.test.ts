import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerPoolBusyError, type WorkerPool } from './worker-pool';
import type { spin } from './worker-pool-test-jobs';

const JOBS = new URL('./worker-pool-test-jobs.ts', import.meta.url);
const pools: Array<WorkerPool<unknown[], unknown>> = [];
function pool<A extends unknown[], R>(exportName: string, size: number, maxQueued: number, idleMs?: number): WorkerPool<A, R> {
  const created = createWorkerPool<A, R>({ module: JOBS, exportName, size, maxQueued, ...(idleMs === undefined ? {} : { idleMs }) });
  pools.push(created as WorkerPool<unknown[], unknown>);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The longest the event loop went without running a 10 ms timer, while `work` runs. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('the worker pool', () => {
  it('runs a TypeScript module\'s function in another thread, and the event loop keeps turning', async () => {
    const spinner = pool<Parameters<typeof spin>, Awaited<ReturnType<typeof spin>>>('spin', 1, 10);
    await spinner.run(1); // started and loaded: the stall below is the work's, not the start's
    let result: Awaited<ReturnType<typeof spin>> | undefined;
    const stall = await longestStall(
      spinner.run(600).then((r) => {
        result = r;
      }),
    );
    expect(result!.threadId).toBeGreaterThan(0);
    expect(Array.from(result!.bytes)).toEqual([1, 2, 3]);
    // Run here, the 600 ms would have stopped every timer for 600 ms.
    expect(stall).toBeLessThan(200);
  });

  it('runs at most `size` jobs at once, queues at most `maxQueued`, and refuses more with a wait', async () => {
    const spinner = pool<[number], { threadId: number }>('spin', 2, 2);
    const accepted = [0, 1, 2, 3].map(() => spinner.run(300));
    expect(spinner.stats()).toMatchObject({ threads: 2, busy: 2, queued: 2 });
    const refused = await spinner.run(1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkerPoolBusyError);
    expect((refused as WorkerPoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const results = await Promise.all(accepted);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    // The queue drained: room again.
    await expect(spinner.run(1)).resolves.toMatchObject({ threadId: expect.any(Number) });
  });

  it('passes a job\'s error on, and keeps serving', async () => {
    const failing = pool<[string], never>('fail', 1, 5);
    await expect(failing.run('no paper today')).rejects.toThrow('no paper today');
    await expect(failing.run('again')).rejects.toThrow('again');
  });

  it('fails a job whose thread dies, and starts a fresh thread for the next', async () => {
    const spinner = pool<[number, boolean?], { threadId: number }>('spin', 1, 5);
    const first = await spinner.run(1);
    await expect(spinner.run(1, true)).rejects.toThrow('exit code 3');
    const next = await spinner.run(1);
    expect(next.threadId).not.toBe(first.threadId);
    expect(spinner.stats().threads).toBe(1);
  });

  it('ends idle threads', async () => {
    const spinner = pool<[number], { threadId: number }>('spin', 1, 5, 50);
    await spinner.run(1);
    expect(spinner.stats().threads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spinner.stats().threads).toBe(0);
  });
});
