// Where a running API tells `npm run backup` how to reach it: a file in DATA_DIR that only
// the owner of DATA_DIR can read (mode 0600), naming a Unix socket and a secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const channelSchema = z.object({ pid: z.number().int(), socket: z.string(), token: z.string().min(32) });
export type BackupChannelInfo = z.infer<typeof channelSchema>;

export const channelFileOf = (dataDir: string) => path.join(dataDir, 'backup-channel.json');

// sun_path holds 108 bytes on Linux and 104 on macOS, the terminating zero included.
const MAX_SOCKET_PATH = 100;

/**
 * DATA_DIR/backup.sock: only who may enter DATA_DIR reaches it, and that one could read the
 * database files anyway. A DATA_DIR too deep for a socket path gets one in the temporary
 * folder instead, guarded by the secret alone.
 */
export function socketPathFor(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'backup.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  return path.join(os.tmpdir(), `kabadi-backup-${randomBytes(8).toString('hex')}.sock`);
}

export function readChannelFile(dataDir: string): BackupChannelInfo | null {
  let text: string;
  try {
    text = fs.readFileSync(channelFileOf(dataDir), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES') throw new Error(`cannot read ${channelFileOf(dataDir)}: run npm run backup as the user who runs the API`, { cause: error });
    throw error;
  }
  try {
    return channelSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Written whole or not at all (a temporary file renamed), never readable by others. */
export function writeChannelFile(dataDir: string, info: BackupChannelInfo): void {
  const file = channelFileOf(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** Removes the file if it is still this process's (a newer API may have replaced it). */
export function removeChannelFile(dataDir: string, token: string): void {
  if (readChannelFile(dataDir)?.token === token) fs.rmSync(channelFileOf(dataDir), { force: true });
}
