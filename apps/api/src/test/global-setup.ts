import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../db/database';
import { loadReferenceData } from '../seed/load-reference-data';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string | null;
  }
}


/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// Migrate once per run: PGlite into a dump every test file loads (about 1 s instead of 5),
// PostgreSQL into a template database every test file copies.
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const handle = wrapPglite(pglite);
  await handle.migrate();
  await loadReferenceData(handle.db);
  const dump = await pglite.dumpDataDir('gzip');
  // Named per project too: two API projects (isolated or not) set up side by side in one run.
  const runName = `${process.pid}_${project.name.replace(/[^a-z0-9]/gi, '_')}`;
  const dumpPath = path.join(os.tmpdir(), `kabadi-pglite-${runName}.tar.gz`);
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDumpPath', dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  const templateDb = `kabadi_test_template_${runName}`;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb} with (force)`);
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const tpl = openPostgres(withDatabase(url, templateDb), { max: 1 });
    await tpl.migrate();
    await loadReferenceData(tpl.db);
    await tpl.close();
    template = templateDb;
  }
  project.provide('postgresTemplate', template);

  // Each run has its own template, so two runs at once (two engineers, or CI beside a dev) never collide.
  return async () => {
    fs.rmSync(dumpPath, { force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
