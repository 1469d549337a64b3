import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// Migration 0003 turns the wallet entries of a running system into a ledger: every old
// entry becomes an order_credit with its running balance, completed orders get invoice
// numbers per financial year in order of completion, and lines the b2c rate of their city.

const migrations = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
async function runMigration(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(`${migrations}${file}`, 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migration 0003 on a database with wallets', () => {
  it('backfills kind, balance_after, invoice numbers and b2c rates', async () => {
    const db = new PGlite();
    for (const f of ['0000_initial.sql', '0001_refresh_tokens_by_member.sql', '0002_member_partner_indexes.sql']) await runMigration(db, f);
    await db.exec(`
      insert into states (name, code) values ('Maharashtra', 'MH');
      insert into cities (state_id, name) values (1, 'Mumbai');
      insert into materials (name, vendor_rate_paise, driver_rate_paise, b2c_rate_paise) values ('Copper', 100, 10, 90), ('Iron', 50, 5, 40);
      insert into city_rates (city_id, material_id, rate_type, rate_paise) values (1, 1, 'b2c', 95);
      insert into vendors (company_name, city_id, address) values ('V', 1, 'a');
      insert into stores (vendor_id, name, city_id, address) values (1, 'S', 1, 'a');
      insert into orders (store_id, vendor_id, city_id, status, completed_at) values
        (1, 1, 1, 'completed', '2026-03-31T20:00:00Z'), (1, 1, 1, 'completed', '2026-03-31T10:00:00Z'),
        (1, 1, 1, 'completed', '2025-06-01T00:00:00Z'), (1, 1, 1, 'pending', null);
      insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, amount_paise) values (1, 1, 1000, 100, 10, 100), (2, 2, 1000, 50, 5, 50);
      insert into wallets (owner_type, owner_id, balance_paise) values ('vendor', 1, 600);
      insert into wallet_entries (wallet_id, order_id, amount_paise) values (1, 1, 100), (1, 2, 200), (1, 3, 300);
    `);
    await runMigration(db, '0003_money_ledger.sql');
    expect((await db.query('select kind, balance_after_paise from wallet_entries order by id')).rows).toEqual([
      { kind: 'order_credit', balance_after_paise: 100 },
      { kind: 'order_credit', balance_after_paise: 300 },
      { kind: 'order_credit', balance_after_paise: 600 },
    ]);
    // 2026-03-31T20:00Z is 1 April 01:30 in India: the next financial year.
    expect((await db.query('select order_id, number from invoices order by order_id')).rows).toEqual([
      { order_id: 1, number: 'INV/2026-27/000001' },
      { order_id: 2, number: 'INV/2025-26/000002' },
      { order_id: 3, number: 'INV/2025-26/000001' },
    ]);
    expect((await db.query('select financial_year, last_number from invoice_counters order by financial_year')).rows).toEqual([
      { financial_year: '2025-26', last_number: 2 },
      { financial_year: '2026-27', last_number: 1 },
    ]);
    expect((await db.query('select b2c_rate_paise from order_lines order by id')).rows).toEqual([{ b2c_rate_paise: 95 }, { b2c_rate_paise: 40 }]);
    await db.close();
  });
});
