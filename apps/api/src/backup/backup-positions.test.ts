// design.md section 19: drivers' positions are personal data, never in a backup (decision
// 078). Even a backup that keeps everything else (encrypted, private keys included) holds
// none of their bytes, on either database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoPoint } from '@app/shared/geo';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { THROUGH_NGINX } from '../test/through-nginx';
import { createWorld, ordersApi, type World } from '../features/orders/orders-test-kit';
import { databaseBytesOf, startLiveProduct, withTestKey } from './backup-test-kit';
import { runBackup } from './run-backup';

const KINDS = TEST_DB_KINDS.filter((kind) => kind === 'pglite' || !THROUGH_NGINX);

/** How a value can sit in the database's bytes: a float8 in a table's pages, or text in pg_dump's SQL. */
const formsOf = (value: number) => {
  const binary = Buffer.alloc(8);
  binary.writeDoubleLE(value);
  return [binary, Buffer.from(String(value))];
};
const foundAny = (bytes: Buffer, value: number) => formsOf(value).some((form) => bytes.includes(form));

describe.each(KINDS)('a backup on %s', (kind) => {
  let root: string;
  let live: TestContext;
  let world: World;
  const pin: GeoPoint = { lat: 18.531_246, lng: 73.844_129 };
  const position: GeoPoint = { lat: 18.612_347, lng: 73.912_851 };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-backup-positions-'));
    live = await startLiveProduct(kind, { DATA_DIR: path.join(root, 'live') });
    world = await createWorld(live);
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('leaves the drivers\' positions and ETAs out, and keeps everything else', async () => {
    const api = ordersApi(live);
    const located = await live.app.inject({ method: 'PATCH', url: `/stores/${world.store.storeId}/info`, headers: world.store.headers, payload: { location: pin } });
    expect(located.statusCode, located.body).toBe(200);
    const { id } = (await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] })).json();
    for (const step of ['accepted', 'moving'] as const) expect((await api.act(world.driver, step, id)).statusCode).toBe(200);
    const posted = await live.app.inject({ method: 'POST', url: '/drivers/me/position', headers: world.driver.headers, payload: { ...position, accuracy_m: 5.5, at: new Date().toISOString() } });
    expect(posted.statusCode, posted.body).toBe(204);
    const eta = (await api.get(world.store, id)).json().eta;
    expect(eta).not.toBeNull();

    const file = path.join(root, `backup-${kind}.enc`);
    const protection = withTestKey();
    await runBackup(live.config, file, () => {}, protection);
    const bytes = await databaseBytesOf(file, protection.key);
    // The search finds what a backup must hold: the store's pin.
    expect(foundAny(bytes, pin.lat)).toBe(true);
    expect(foundAny(bytes, pin.lng)).toBe(true);
    expect(foundAny(bytes, position.lat)).toBe(false);
    expect(foundAny(bytes, position.lng)).toBe(false);
    // The ETA's km as the table keeps it (its text would match any such number in the dump).
    expect(bytes.includes(formsOf(eta.distance_km)[0]!)).toBe(false);

    // The live database still has them: only the copy lost them.
    expect((await api.get(world.store, id)).json().eta).toEqual(eta);
  }, 120_000);
});
