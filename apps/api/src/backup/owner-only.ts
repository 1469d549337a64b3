import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes everything under `dir` readable by its owner only (files 0600, folders 0700): a
 * restored database and its photos are as private as the backup they came from, whatever
 * the umask, and whatever modes the library that unpacked them chose.
 */
export async function makeOwnerOnly(dir: string): Promise<void> {
  await fs.promises.chmod(dir, 0o700);
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeOwnerOnly(full);
    else if (entry.isFile()) await fs.promises.chmod(full, 0o600);
  }
}
