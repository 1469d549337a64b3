import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { backupWhileOrdersComplete, databaseBytesOf, expectFaithfulCopy, foundIn, makeBusiness, privateKeyTexts, startLiveProduct, startRestoredProduct, summaryOf, withTestKey, type Business } from './backup-test-kit';
import { describeSummary } from './backup-format';
import { channelFileOf } from './channel-file';
import { readBackup } from './read-backup';
import { TargetNotEmptyError } from './restore-target';
import { runRestore } from './run-restore';

const REPO = path.resolve(import.meta.dirname, '../../../..');
describe.runIf(TEST_DB_KINDS.includes('pglite'))('backup and restore of the embedded database (PGlite in DATA_DIR)', () => {
  let root: string;
  let live: TestContext | null;
  let business: Business;
  let keyTexts: string[];
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);
  const running = () => {
    if (!live) throw new Error('the live product is not running');
    return live;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-backup-'));
    live = await startLiveProduct('pglite', { DATA_DIR: path.join(root, 'live') });
    business = await makeBusiness(live);
    keyTexts = await privateKeyTexts(live);
  });

  afterAll(async () => {
    await live?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('takes one consistent snapshot from the running API while orders complete, and a restore brings back every order, entry, invoice number and photo', async () => {
    const live = running();
    // The running API serves the snapshot on a socket in DATA_DIR, behind a secret only DATA_DIR's owner can read.
    expect(fs.statSync(channelFileOf(live.config.dataDir)).mode & 0o077).toBe(0);

    const file = path.join(root, 'backup.tar.gz.enc');
    const protection = withTestKey();
    const { before, outcome } = await backupWhileOrdersComplete(live, business, file, 250, say, protection);
    expect(outcome.source).toBe('the running API');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // Encrypted, it holds everything: the private keys too (which also shows the search below finds them).
    expect(outcome.contents.manifest.private_keys).toBe('included');
    expect(foundIn(await databaseBytesOf(file, protection.key), keyTexts)).toEqual(keyTexts);

    const target = { DATA_DIR: path.join(root, 'restored') };
    await runRestore(testConfig(target), file, say, protection.key);
    // What the restore wrote is its owner's only.
    for (const entry of fs.readdirSync(target.DATA_DIR, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() || entry.isDirectory()) expect(fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o077, path.join(entry.parentPath, entry.name)).toBe(0);
    }
    // Each step says what it did, ending with what it brought back and what to do next.
    expect(lines).toContainEqual(expect.stringMatching(/^Backup written: .*backup\.tar\.gz\.enc \(.* MB, .* s, taken by the running API\)\.$/));
    expect(lines).toContainEqual(`Restored ${describeSummary(outcome.contents.manifest.summary)}.`);
    expect(lines.at(-1)).toMatch(/^Next: start the product on it \(npm start/);
    const restored = await startRestoredProduct(target);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      await expectFaithfulCopy(restored, live, before, business.world.admin);

      // A second restore into the same, now non-empty, target is refused and changes nothing.
      const listing = fs.readdirSync(path.join(target.DATA_DIR, 'images'), { recursive: true }).sort();
      await expect(runRestore(testConfig(target), file, say, protection.key)).rejects.toThrow(TargetNotEmptyError);
      expect(fs.readdirSync(path.join(target.DATA_DIR, 'images'), { recursive: true }).sort()).toEqual(listing);
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('with the product stopped, npm run backup opens the embedded database itself; npm run restore refuses a target that is not empty', async () => {
    const final = await summaryOf(running().db);
    await running().close();
    live = null;
    const file = path.join(root, 'stopped.tar.gz');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(root, 'live') };
    delete env.BACKUP_KEY;
    // Without BACKUP_KEY it refuses, says how to go on, and writes nothing.
    const refused = spawnSync('npm', ['run', '-s', 'backup', '--', file], { cwd: REPO, env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('no BACKUP_KEY is set');
    expect(refused.stderr).toContain('npm run backup -- --unencrypted');
    expect(fs.existsSync(file)).toBe(false);

    const backup = spawnSync('npm', ['run', '-s', 'backup', '--', '--unencrypted', file], { cwd: REPO, env, encoding: 'utf8' });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('taken by the embedded database (no API running)');
    expect(backup.stdout).toContain('It leaves out the token-signing and VAPID private keys');
    const contents = await readBackup(file);
    expect(contents.manifest.summary).toEqual(final);
    expect(contents.manifest.private_keys).toBe('left_out');
    expect(foundIn(await databaseBytesOf(file, null), keyTexts)).toEqual([]);
    // Every entry is its owner's only, as tar itself lists them.
    const listing = spawnSync('tar', ['-tvzf', file], { encoding: 'utf8' });
    expect(listing.status, listing.stderr).toBe(0);
    const modes = listing.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]);
    expect(modes.length).toBeGreaterThan(3);
    expect(new Set(modes)).toEqual(new Set(['-rw-------']));

    const restore = spawnSync('npm', ['run', '-s', 'restore', '--', file], { cwd: REPO, env, encoding: 'utf8' });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('already holds a database. Nothing was changed.');
    // The refused restore left the data as it was; afterAll closes it again.
    live = await startRestoredProduct({ DATA_DIR: path.join(root, 'live') });
    expect(await summaryOf(live.db)).toEqual(final);
  }, 120_000);
});
