// `npm run backup [FILE]` and `npm run backup -- --unencrypted [FILE]` (docs/backups.md).
import { loadConfig } from '../config/config';
import { defaultBackupName } from './backup-format';
import { chooseProtection } from './backup-protection';
import { runCli, userPath } from './cli';
import { runBackup } from './run-backup';

const USAGE = `Usage: npm run backup [FILE]
       npm run backup -- --unencrypted [FILE]

Writes one file holding a consistent snapshot of the database and the photos, while the
product runs (or while it is stopped), encrypted with BACKUP_KEY (a long passphrase or a
random key: keep it apart from the backups). Without BACKUP_KEY it refuses, unless
--unencrypted is given: that file is readable by whoever holds it and leaves out the
token-signing and VAPID private keys. FILE defaults to kabadi-backup-YYYYMMDD-HHMMSS.tar.gz.enc
(.tar.gz unencrypted) in the current folder. Uses the same DATA_DIR, DATABASE_URL and
STORAGE_URL as npm start. See docs/backups.md.`;

runCli(
  'Backup',
  USAGE,
  { min: 0, max: 1 },
  async ([file], flags) => {
    const config = loadConfig();
    const protection = chooseProtection(config.BACKUP_KEY, flags.has('--unencrypted'));
    const output = userPath(file ?? defaultBackupName(new Date(), protection.kind === 'encrypted'));
    await runBackup(config, output, (line) => console.log(line), protection);
  },
  ['--unencrypted'],
);
