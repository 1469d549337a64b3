import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { loadSigningKeys } from './auth/signing-keys';
import { seedOnStart } from './seed/seed';
import { buildWebHost } from './web-host/web-host';

/** How this process reaches a server it listens with: a wildcard address through loopback. */
function ownAddress(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

// The only file that listens. Everything it starts, it stops on SIGTERM/SIGINT.
async function main() {
  const config = loadConfig();
  const log = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
  const database = await openDatabase(config);
  log(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}/pglite` : ''}`);
  // Under the start-up lock: API processes starting together on one database take turns.
  await database.migrate(() => seedOnStart(database.db, config, log));
  const signingKeys = await loadSigningKeys(database.db, config.AUTH_SIGNING_KEY);
  const api = await buildApp({ config, database, signingKeys });
  let apiBaseUrl: string | null = null;
  const web = await buildWebHost(config, { db: database.db, keys: signingKeys, apiBaseUrl: () => apiBaseUrl });
  await api.listen({ port: config.API_PORT, host: config.HOST });
  apiBaseUrl = ownAddress(api.server.address());
  await web.listen({ port: config.WEB_PORT, host: config.HOST });
  log(`API on http://localhost:${config.API_PORT} (docs at /docs), web app on http://localhost:${config.WEB_PORT}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await Promise.allSettled([api.close(), web.close()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
