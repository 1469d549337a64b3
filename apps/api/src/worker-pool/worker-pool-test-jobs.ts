// Jobs for worker-pool.test.ts, run in a worker thread (a TypeScript module, as the real ones).

/** Keeps its thread's CPU busy for `ms`, then answers the thread's id (or ends the thread, as a crash would). */
export async function spin(ms: number, die = false): Promise<{ threadId: number; bytes: Uint8Array }> {
  const { threadId } = await import('node:worker_threads');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
  if (die) process.exit(3);
  return { threadId, bytes: new Uint8Array([1, 2, 3]) };
}

export async function fail(message: string): Promise<never> {
  throw new Error(message);
}
