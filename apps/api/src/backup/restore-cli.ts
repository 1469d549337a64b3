// `npm run restore FILE` (docs/backups.md).
import { loadConfig } from '../config/config';
import { BackupKey } from './backup-crypto';
import { runCli, userPath } from './cli';
import { runRestore } from './run-restore';

const USAGE = `Usage: npm run restore FILE

Restores a backup written by npm run backup into an empty DATA_DIR (embedded database), or
into an empty PostgreSQL database when DATABASE_URL is set, and refuses any other target.
An encrypted backup needs BACKUP_KEY set to the key it was written with. Then start the
product on it with npm start. See docs/backups.md.`;

runCli('Restore', USAGE, { min: 1, max: 1 }, async ([file]) => {
  const config = loadConfig();
  const key = config.BACKUP_KEY ? new BackupKey(config.BACKUP_KEY) : null;
  await runRestore(config, userPath(file!), (line) => console.log(line), key);
});
