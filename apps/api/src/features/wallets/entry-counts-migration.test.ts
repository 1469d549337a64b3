import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// Migration 0015 adds each wallet's kept entry count (per kind) to a database whose ledgers
// already hold entries: the backfill counts them, and the trigger counts on from there.

const migrations = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
async function runMigration(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(`${migrations}${file}`, 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

const COUNTS = 'select wallet_id, kind, entry_count::int as n from wallet_entry_sums order by 1, 2';
const SCAN = 'select wallet_id, kind, count(*)::int as n from wallet_entries group by 1, 2 order by 1, 2';

describe('migration 0015 on a database with ledgers', () => {
  it('counts the entries already written, then every new one', async () => {
    const db = new PGlite();
    const before = readdirSync(migrations).filter((f) => f.endsWith('.sql') && f < '0015').sort();
    for (const f of before) await runMigration(db, f);
    await db.exec(`
      insert into wallets (owner_type, owner_id, balance_paise) values ('vendor', 1, 0), ('driver', 1, 0);
      insert into wallet_entries (wallet_id, kind, amount_paise, balance_after_paise)
      select 1 + g % 2, case when g % 5 = 0 then 'payout' else 'adjustment' end, case when g % 5 = 0 then -1 else 3 end, 0
      from generate_series(1, 37) g;
    `);
    // In one transaction, as the migrator runs it (its LOCK TABLE needs one).
    await db.exec('begin');
    await runMigration(db, '0015_wallet_entry_counts.sql');
    await db.exec('commit');
    const scanned = (await db.query(SCAN)).rows;
    expect(scanned.length).toBe(4);
    expect((await db.query(COUNTS)).rows).toEqual(scanned);

    await db.exec(`insert into wallet_entries (wallet_id, kind, amount_paise, balance_after_paise) values (2, 'payout', -1, 0), (2, 'adjustment', 5, 0)`);
    expect((await db.query(COUNTS)).rows).toEqual((await db.query(SCAN)).rows);
    await db.close();
  }, 60_000);
});
