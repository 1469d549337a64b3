import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, type GeoPoint } from '@app/shared/geo';
import type { TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { ROUTING_TIMEOUT_MS } from './eta';
import { usePositionsWorld, type OrdersApi, type PositionsWorld } from './positions-test-kit';

// design.md section 19: with ROUTING_URL, the ETA is the OSRM server's route (its distance in
// metres and duration in seconds); when the server fails or is slow, the formula's.

const PIN: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const DRIVER_AT: GeoPoint = { lat: 18.541234, lng: 73.861234 };

type Behaviour = { kind: 'route'; distance: number; duration: number } | { kind: 'status'; status: number } | { kind: 'no-route' } | { kind: 'slow' };

/** A local server answering as OSRM's route service does; tests set what it answers next. */
async function startFakeOsrm() {
  const requests: string[] = [];
  let behaviour: Behaviour = { kind: 'route', distance: 0, duration: 0 };
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (behaviour.kind) {
      case 'route':
        return send(200, { code: 'Ok', routes: [{ distance: behaviour.distance, duration: behaviour.duration, legs: [] }], waypoints: [] });
      case 'status':
        return send(behaviour.status, { code: 'InvalidQuery', message: 'nope' });
      case 'no-route':
        return send(400, { code: 'NoRoute', message: 'Impossible route between points' });
      case 'slow':
        // Answers after the API stopped waiting.
        setTimeout(() => send(200, { code: 'Ok', routes: [{ distance: 1, duration: 1 }] }), ROUTING_TIMEOUT_MS + 1_500).unref();
        return undefined;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/osrm/`,
    requests,
    answer(next: Behaviour) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Listening before the suites' apps start: their configuration names it.
const osrm = await startFakeOsrm();
afterAll(() => osrm.close());

describe.each(TEST_DB_KINDS)('the ETA from a routing server on %s', (kind) => {
  let ctx: TestContext;
  let world: PositionsWorld;
  let api: OrdersApi;
  usePositionsWorld(kind, (made) => ({ ctx, world, api } = made), { config: { ROUTING_URL: osrm.url } });
  beforeAll(async () => {
    const pin = await ctx.app.inject({ method: 'PATCH', url: `/stores/${world.store.storeId}/info`, headers: world.store.headers, payload: { location: PIN } });
    expect(pin.statusCode, pin.body).toBe(200);
  });

  async function movingOrder(driver: TestMember): Promise<number> {
    const created = await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    for (const step of ['accepted', 'moving'] as const) expect((await api.act(driver, step, id)).statusCode).toBe(200);
    return id;
  }
  const post = (driver: TestMember) =>
    ctx.app.inject({ method: 'POST', url: '/drivers/me/position', headers: driver.headers, payload: { ...DRIVER_AT, accuracy_m: 9, at: new Date().toISOString() } });
  const etaOf = async (id: number) => (await api.get(world.store, id)).json().eta;
  const formula = () => {
    const km = distanceKm(DRIVER_AT, PIN) * 1.4;
    return { distance_km: Math.round(km * 100) / 100, minutes: Math.ceil((km / 18) * 60) };
  };

  it('asks the server for the route from the driver to the store and takes its distance and duration', async () => {
    const driver = await ctx.factories.createMember('driver', { cityId: world.cityA });
    const id = await movingOrder(driver);
    osrm.answer({ kind: 'route', distance: 5_234.5, duration: 901.2 });
    const before = osrm.requests.length;
    const res = await post(driver);
    expect(res.statusCode, res.body).toBe(204);
    // Longitude first, as OSRM takes coordinates; no geometry.
    expect(osrm.requests.slice(before)).toEqual([`/osrm/route/v1/driving/${DRIVER_AT.lng},${DRIVER_AT.lat};${PIN.lng},${PIN.lat}?overview=false`]);
    expect(await etaOf(id)).toEqual({ distance_km: 5.23, minutes: 16, at: expect.any(String) });
    // Quite unlike the formula's figures, so the test tells them apart.
    expect(formula()).not.toMatchObject({ distance_km: 5.23 });
  });

  it('falls back to the formula when the server fails, finds no route or is too slow', async () => {
    for (const behaviour of [{ kind: 'status', status: 500 }, { kind: 'no-route' }, { kind: 'slow' }] as const) {
      const driver = await ctx.factories.createMember('driver', { cityId: world.cityA });
      const id = await movingOrder(driver);
      osrm.answer(behaviour);
      const started = Date.now();
      const res = await post(driver);
      expect(res.statusCode, `${behaviour.kind}: ${res.body}`).toBe(204);
      expect(Date.now() - started).toBeLessThan(ROUTING_TIMEOUT_MS + 1_000);
      expect(await etaOf(id), behaviour.kind).toEqual({ ...formula(), at: expect.any(String) });
    }
  });
});
