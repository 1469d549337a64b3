import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each run starts the product on a fresh DATA_DIR in the temp folder (about 40 MB of
// PGlite data). The current run's is still in use; earlier runs' are removed here.
export default function globalSetup(): void {
  const current = process.env.E2E_DATA_DIR;
  const hourAgo = Date.now() - 60 * 60_000;
  for (const entry of fs.readdirSync(os.tmpdir(), { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('kabadi-e2e-')) continue;
    const dir = path.join(os.tmpdir(), entry.name);
    if (dir === current) continue;
    try {
      if (fs.statSync(dir).mtimeMs < hourAgo) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run may be removing it too.
    }
  }
}
