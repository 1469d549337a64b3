// `npm run backup [FILE]` (docs/backups.md).
import { loadConfig } from '../config/config';
import { defaultBackupName } from './backup-format';
import { runCli, userPath } from './cli';
import { runBackup } from './run-backup';

const USAGE = `Usage: npm run backup [FILE]

Writes one file holding a consistent snapshot of the database and the photos, while the
product runs (or while it is stopped). FILE defaults to kabadi-backup-YYYYMMDD-HHMMSS.tar.gz
in the current folder. Uses the same DATA_DIR, DATABASE_URL and STORAGE_URL as npm start.
See docs/backups.md.`;

runCli('Backup', USAGE, { min: 0, max: 1 }, async ([file]) => {
  const config = loadConfig();
  await runBackup(config, userPath(file ?? defaultBackupName(new Date())), (line) => console.log(line));
});
