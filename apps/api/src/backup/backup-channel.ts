// The running API's side of `npm run backup` on the embedded database. PGlite belongs to
// one process, so `npm run backup` cannot open it while the API runs: the API takes the
// snapshot itself and streams the archive over a Unix socket in DATA_DIR (never a network
// port), to whoever shows the secret written beside it (docs/decisions/035).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import { backupArchive, createBackupGzip } from './backup-archive';
import type { PrivateKeys } from './backup-format';
import { removeChannelFile, socketPathFor, writeChannelFile } from './channel-file';
import type { DatabaseSnapshot } from './database-snapshot';
import { holdPhotos } from './photo-hold';
import { snapshotPglite } from './pglite-snapshot';

interface ChannelDeps {
  client: PGlite;
  config: AppConfig;
  log: FastifyBaseLogger;
}

function answer(res: http.ServerResponse, status: number, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail }));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when something answers on the socket: another process serves this DATA_DIR. */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** The requests the channel answers: an `--unencrypted` backup asks for a snapshot without the private keys. */
const SNAPSHOT_URLS = new Map<string, PrivateKeys>([
  ['/snapshot', 'included'],
  ['/snapshot?private_keys=left_out', 'left_out'],
]);

async function openBackupChannel({ client, config, log }: ChannelDeps): Promise<{ close(): Promise<void> } | null> {
  const socketPath = socketPathFor(config.dataDir);
  if (fs.existsSync(socketPath)) {
    if (await socketAnswers(socketPath)) {
      log.warn({ socketPath }, 'another process serves backups of this DATA_DIR: `npm run backup` will reach that one');
      return null;
    }
    // Left by an API that did not stop cleanly.
    fs.rmSync(socketPath, { force: true });
  }
  const token = randomBytes(32).toString('hex');
  let busy = false;

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const privateKeys = SNAPSHOT_URLS.get(req.url ?? '');
    if (req.method !== 'GET' || !privateKeys) return answer(res, 404, 'Unknown request: the backup channel serves GET /snapshot and GET /snapshot?private_keys=left_out only');
    if (!tokenMatches(req.headers.authorization, token)) return answer(res, 401, 'Wrong or missing secret: run `npm run backup` as the user who runs the API, with the same DATA_DIR');
    if (busy) return answer(res, 409, 'A backup is being taken right now: wait for it to finish, then run `npm run backup` again');
    busy = true;
    let snapshot: DatabaseSnapshot | null = null;
    try {
      const asked = Date.now();
      snapshot = await snapshotPglite(client, (keys) => holdPhotos(config, keys), { privateKeys, scratchDir: config.dataDir });
      // How long requests waited for the database: the one cost a backup puts on the API.
      log.info({ snapshot_ms: Date.now() - asked }, 'backup snapshot taken');
      // Compressed here, on zlib's threads: the socket then carries a few MB, not the data
      // directory's tens (the write-ahead log is mostly zeros), between the API's requests.
      res.writeHead(200, { 'content-type': 'application/gzip' });
      await pipeline(backupArchive(snapshot), createBackupGzip(), res);
      log.info({ summary: snapshot.summary }, 'backup snapshot served');
    } catch (error) {
      log.warn({ err: error }, 'backup snapshot failed');
      if (!res.headersSent) answer(res, 500, `The API could not take the snapshot: ${(error as Error).message}`);
      else res.destroy();
    } finally {
      busy = false;
      await snapshot?.release().catch((error: unknown) => log.warn({ err: error }, 'could not remove a backup\'s photo links'));
    }
  };

  const server = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  // The socket's own permission is the first lock; the secret is the second.
  fs.chmodSync(socketPath, 0o600);
  writeChannelFile(config.dataDir, { pid: process.pid, socket: socketPath, token });
  log.info({ socketPath }, 'backups of the embedded database served on a local socket (npm run backup)');
  return {
    async close() {
      removeChannelFile(config.dataDir, token);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * Serves `npm run backup` from this process while it holds the embedded database of
 * DATA_DIR. Nothing for PostgreSQL (pg_dump reads it directly) or an in-memory PGlite
 * (tests, the bench: there is nothing on disk to back up).
 */
export function registerBackupChannel(app: FastifyInstance, database: DatabaseHandle): void {
  if (database.kind !== 'pglite') return;
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const config = app.config;
  if (!client.dataDir || path.resolve(client.dataDir) !== path.join(config.dataDir, 'pglite')) return;
  let channel: { close(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    // A start must not fail for want of backups: it says so and serves.
    channel = await openBackupChannel({ client, config, log: app.log }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not open the backup channel: `npm run backup` cannot reach this API; stop it to back up');
      return null;
    });
  });
  app.addHook('onClose', async () => {
    await channel?.close();
  });
}
