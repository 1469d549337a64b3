import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { queryRows } from '../../db/sql-rows';

// A counter in the database that every change of what GET /rates shows increments in its
// own transaction. An API process may then keep the built card in memory and rebuild it
// only when the counter moved: every process sees every other's changes at its next read.

const KEY = 'rates_version';

export async function bumpRatesVersion(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    insert into settings (key, value) values (${KEY}, '1'::jsonb)
    on conflict (key) do update set value = to_jsonb((settings.value #>> '{}')::bigint + 1), updated_at = now()`);
}

export async function readRatesVersion(db: DbOrTx): Promise<string> {
  const rows = await queryRows<{ version: string }>(db, sql`select value #>> '{}' as version from settings where key = ${KEY}`);
  return rows[0]?.version ?? '0';
}
