import http from 'node:http';
import type { PrivateKeys } from './backup-format';
import { readChannelFile } from './channel-file';

const NOBODY_THERE = new Set(['ECONNREFUSED', 'ENOENT', 'ENOTSOCK']);

/**
 * The archive of a snapshot from the API running on DATA_DIR, or null when none runs there
 * (no channel file, or one left by an API that has stopped).
 */
export async function requestSnapshotFromApi(dataDir: string, privateKeys: PrivateKeys): Promise<http.IncomingMessage | null> {
  const channel = readChannelFile(dataDir);
  if (!channel) return null;
  const response = await new Promise<http.IncomingMessage | null>((resolve, reject) => {
    const request = http.get({ socketPath: channel.socket, path: privateKeys === 'included' ? '/snapshot' : '/snapshot?private_keys=left_out', headers: { authorization: `Bearer ${channel.token}` } }, resolve);
    request.once('error', (error: NodeJS.ErrnoException) => (NOBODY_THERE.has(error.code ?? '') ? resolve(null) : reject(error)));
  });
  if (!response || response.statusCode === 200) return response;
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let detail = text;
  try {
    detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
  } catch {
    // Not JSON: the text as it came.
  }
  throw new Error(`the running API (process ${channel.pid}) refused the backup: ${detail}`);
}
