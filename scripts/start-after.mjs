// Starts the API and web host (without building) once another server's URL answers: a
// second product instance for browser tests that shares the first one's web build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [waitFor] = process.argv.slice(2);
if (!waitFor) {
  console.error('usage: node scripts/start-after.mjs <url to wait for>');
  process.exit(2);
}
const deadline = Date.now() + 240_000;
for (;;) {
  try {
    if ((await fetch(waitFor)).ok) break;
  } catch {
    // not up yet
  }
  if (Date.now() > deadline) {
    console.error(`gave up waiting for ${waitFor}`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/api/src/server.ts'));
