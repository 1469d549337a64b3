// The questions a backup asks inside its snapshot, in plain SQL so that PGlite, a pg
// client and psql (the restore's check) all ask the same. Names are schema-qualified:
// pg_dump's SQL empties the search_path.
import { snapshotSummarySchema, type SnapshotSummary } from './backup-format';

export const SUMMARY_SQL = `select
  (select count(*) from public.members)::int as members,
  (select count(*) from public.orders)::int as orders,
  (select count(*) from public.wallet_entries)::int as ledger_entries,
  (select count(*) from public.invoices)::int as invoices,
  (select number from public.invoices order by financial_year desc, sequence desc limit 1) as last_invoice_number,
  (select count(*) from public.order_images)::int as photos,
  (select count(*) from drizzle.__drizzle_migrations)::int as migrations`;

/** Every photo a row of the snapshot names: exactly what the backup must carry. */
export const PHOTO_KEYS_SQL = 'select storage_key from public.order_images order by id';

/** Null when the database has none of this product's tables (never started, or the wrong DATABASE_URL). */
export const SCHEMA_PRESENT_SQL = "select to_regclass('public.order_images') is not null and to_regclass('drizzle.__drizzle_migrations') is not null as present";

/**
 * What an `--unencrypted` backup leaves out (decision 064): the rows of the token-signing
 * private keys and of the VAPID key pair. The push subscriptions stay: with VAPID keys set in
 * the environment they keep working, and without a key they reach nobody.
 */
export const PRIVATE_KEY_TABLES = ['public.signing_keys', 'public.vapid_keys'] as const;

/**
 * What no backup holds (design.md section 19, decision 078): drivers' live positions and the
 * ETAs made from them. Personal data kept for a day at most, of no use in a restored copy
 * (its drivers post again once moving); their tables are restored empty.
 */
export const PERSONAL_TABLES = ['public.driver_positions', 'public.order_etas'] as const;

/**
 * Whether the personal tables hold anything on disk: rows, or deleted rows whose bytes stay
 * in their pages until the table is rewritten. Absent tables (a database not yet migrated) count as empty.
 */
export const PERSONAL_PAGES_SQL = `select ${PERSONAL_TABLES.map((t) => `coalesce(pg_relation_size(to_regclass('${t}')), 0)`).join(' + ')} > 0 as present`;

export function parseSummary(row: unknown): SnapshotSummary {
  return snapshotSummarySchema.parse(row);
}

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);

/**
 * A statement that fails unless the database holds what `summary` counted: run as the last
 * step of a restore's transaction, a restore that lost anything rolls back whole.
 */
export function summaryCheckSql(summary: SnapshotSummary): string {
  const expected = `row(${summary.members}, ${summary.orders}, ${summary.ledger_entries}, ${summary.invoices}, ${literal(summary.last_invoice_number)}::text, ${summary.photos}, ${summary.migrations})`;
  return `do $check$
declare found record;
begin
  select * into found from (${SUMMARY_SQL}) s;
  if row(found.members, found.orders, found.ledger_entries, found.invoices, found.last_invoice_number, found.photos, found.migrations) is distinct from ${expected} then
    raise exception 'the restored database does not hold what the backup counted (restored: %)', row_to_json(found);
  end if;
end
$check$;
`;
}
