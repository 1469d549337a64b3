import { loadConfig } from '../config/config';
import { openDatabase } from './database';

// `npm run migrate`: for deployments that migrate as a step of their own before starting
// the API processes. Starting them migrates too (under the same lock), so this is optional.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `migrations applied (${database.kind})` }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
