import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { openPostgres } from './database';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('let several processes start at once on one fresh database: one migrates, the others wait', async () => {
    const name = `kabadi_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handles = Array.from({ length: 4 }, () => openPostgres(withDatabase(url!, name), { max: 2 }));
    try {
      // The seeding after the migrations runs under the same lock: one process at a time.
      let inside = 0;
      let most = 0;
      const seed = async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside -= 1;
      };
      const results = await Promise.allSettled(handles.map((h) => h.migrate(seed)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(most).toBe(1);
      const check = new pg.Client({ connectionString: withDatabase(url!, name) });
      await check.connect();
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
