// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader of its
// parent (`npm start` registers tsx through its API in the main thread only, and vitest
// transforms files itself), so this entry registers tsx and then imports the TypeScript
// module it was given. See worker-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const module = await import(workerData.module);
const run = module[workerData.exportName];
if (typeof run !== 'function') throw new Error(`${workerData.module} has no function ${workerData.exportName}`);

parentPort.on('message', async ({ id, args }) => {
  try {
    const result = await run(...args);
    // Bytes move to the parent without a copy.
    const transfer = result instanceof Uint8Array && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength ? [result.buffer] : [];
    parentPort.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
