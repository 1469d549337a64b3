import type { AppConfig } from '../config/config';
import { createWorkerPool, type WorkerPool } from '../worker-pool/worker-pool';

// design.md section 23: expensive first builds (invoice and receipt PDFs) run in one bounded
// worker pool. Each kind of document has its renderer module, but they share the threads
// (PDF_WORKERS) and the queue (PDF_QUEUE) of their app, so invoices and receipts together
// never take more cores than the setting allows. The pool belongs to the app's configuration
// object (one per app, shared by its route plugins) and ends when its last user closes.

/** A module's exported function that renders one document to bytes (it runs in a worker thread). */
export interface PdfRenderer<A extends unknown[]> {
  module: URL;
  exportName: string;
  /** Never set: carries the renderer's argument types. */
  readonly args?: A;
}

export interface PdfWorkers {
  render<A extends unknown[]>(renderer: PdfRenderer<A>, ...args: A): Promise<Buffer>;
  close(): Promise<void>;
}

type Job = [href: string, exportName: string, args: unknown[]];

const shared = new WeakMap<object, { pool: WorkerPool<Job, Uint8Array>; users: number }>();

/** The app's PDF threads (by its configuration object); close() when the caller's plugin closes. */
export function pdfWorkers(config: Pick<AppConfig, 'PDF_WORKERS' | 'PDF_QUEUE'>): PdfWorkers {
  let entry = shared.get(config);
  if (!entry) {
    const pool = createWorkerPool<Job, Uint8Array>({
      module: new URL('./pdf-job.ts', import.meta.url),
      exportName: 'runPdfJob',
      size: config.PDF_WORKERS,
      maxQueued: config.PDF_QUEUE,
    });
    entry = { pool, users: 0 };
    shared.set(config, entry);
  }
  const held = entry;
  held.users += 1;
  let closed = false;
  return {
    render: async (renderer, ...args) => {
      const bytes = await held.pool.run(renderer.module.href, renderer.exportName, args);
      // Bytes cross the thread boundary as a plain Uint8Array.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      if (closed) return;
      closed = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (shared.get(config) === held) shared.delete(config);
      await held.pool.close();
    },
  };
}
