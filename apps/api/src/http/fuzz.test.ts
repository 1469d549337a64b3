import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@app/shared/constants';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-policy';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { createWorld, orderInStatus, type World } from '../features/orders/orders-test-kit';
import { baseOf, operationsOf, render, type FuzzRequest, type IdFor, type Operation, type RequestParts } from './fuzz-operations';
import { randomOf, sweepOf } from './fuzz-requests';

// design.md section 17: whatever a client sends, the answer is never a 5xx. Every operation of
// the app's OpenAPI document is sent a right request with one hostile value in each of its
// slots (path and query parameters, every body field, the body itself; the sweep), then
// random requests with a few slots changed at once, as each role and signed out, over
// TOTAL_REQUESTS in all. The seed is fixed so a failure repeats; FUZZ_SEED explores others.

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
const TOTAL_REQUESTS = 10_000;
/** Random requests per operation, however many the sweep sent. */
const RANDOM_RUNS_MIN = 40;
const ROLES: ReadonlyArray<Role | null> = [null, 'admin', 'vendor', 'store', 'driver'];

/** Routes the document hides that clients still reach. */
const HIDDEN_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/settings/{key}', parameters: [{ name: 'key', in: 'path', schema: { type: 'string' } }], body: null },
  { method: 'PUT', path: '/settings/{key}', parameters: [{ name: 'key', in: 'path', schema: { type: 'string' } }], body: { contentType: 'application/json', schema: { type: 'object' } } },
];

/** Signed in, the change feed is a stream that never ends: it is fuzzed signed out only. */
const streams = (op: Operation) => op.method === 'GET' && op.path === '/events';

// Fuzzing signs in and exports far more often than any person: the limits would answer 429 to most of it.
const NO_LIMITS = Object.entries(DEFAULT_RATE_LIMITS)
  .flatMap(([action, scopes]) => Object.keys(scopes).map((scope) => `${action}.${scope}=1000000/60`))
  .join(',');

/** The request on one line, the token replaced by the role, to paste into a test. */
function describeRequest(op: Operation, role: Role | null, request: FuzzRequest, status: number, body: string): string {
  const payload = request.payload === undefined ? '' : ` ${JSON.stringify((Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload).slice(0, 300))}`;
  return `${op.method} ${request.url.slice(0, 300)} as ${role ?? 'signed out'} ${JSON.stringify(request.headers)}${payload} -> ${status} ${body.slice(0, 200)}`;
}

/** How far a right request got as a role: the route's answer ranks the role for the sweep. */
const reach = (status: number) => (status < 300 ? 4 : status === 404 || status === 409 ? 3 : status === 400 ? 2 : status === 403 ? 1 : 0);

describe.each(TEST_DB_KINDS)('every documented route under fuzzing on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let operations: Operation[];
  let ids: number[];
  let idFor: IdFor;
  const members = new Map<Role, TestMember>();
  const failures: string[] = [];
  let sent = 0;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: NO_LIMITS } });
    world = await createWorld(ctx);
    const [pending, waitingAdmin, completed] = [await orderInStatus(ctx, world, 'pending'), await orderInStatus(ctx, world, 'waiting_admin'), await orderInStatus(ctx, world, 'completed')];
    for (const role of ['admin', 'vendor', 'store', 'driver'] as const) members.set(role, world[role]);
    // Right requests name rows that exist, but not the fuzzing members themselves (rejecting one would lock it out).
    const byName: Record<string, number> = {
      city_id: world.cityA, state_id: 1, material_id: world.materialIds[0]!, order_id: waitingAdmin, vendor_id: world.otherVendor.vendorId!,
      store_id: world.otherStore.storeId!, driver_id: world.rivalDriver.driverId!, image_id: 1,
    };
    const byRoute: Array<[RegExp, number]> = [
      [/^\/orders\/(\{id\}|[a-z_]+\/\{id\})/, pending], [/^\/members/, world.otherStore.id], [/^\/stores/, world.otherStore.storeId!],
      [/^\/vendors/, world.otherVendor.vendorId!], [/^\/drivers/, world.rivalDriver.driverId!], [/^\/materials/, world.materialIds.at(-1)!],
    ];
    idFor = (path, name) => (name === 'id' ? byRoute.find(([route]) => route.test(path))?.[1] ?? 1 : byName[name] ?? 1);
    ids = [...new Set([1, 2, pending, waitingAdmin, completed, ...Object.values(byName), world.otherStore.id, world.vendor.vendorId!, world.store.storeId!, world.driver.driverId!])];
    operations = [...operationsOf(ctx.app.swagger()), ...HIDDEN_OPERATIONS];
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** The role's member, made anew when fuzzing locked out the one before (rejected, signed out). */
  async function headersOf(role: Role | null): Promise<Record<string, string>> {
    if (role === null) return {};
    const member = members.get(role)!;
    const probe = await ctx.app.inject({ method: 'GET', url: '/notifications?limit=1', headers: member.headers });
    if (probe.statusCode === 200) return member.headers;
    const fresh = await ctx.factories.createMember(role, { cityId: world.cityA, ...(role === 'store' ? { vendorId: world.vendor.vendorId } : {}) });
    members.set(role, fresh);
    return fresh.headers;
  }

  async function send(op: Operation, role: Role | null, headers: Record<string, string>, parts: RequestParts): Promise<number> {
    const request = render(op, parts);
    const res = await ctx.app.inject({ method: op.method, url: request.url, headers: { ...headers, ...request.headers }, ...(request.payload === undefined ? {} : { payload: request.payload }) });
    sent += 1;
    if (res.statusCode >= 500) failures.push(describeRequest(op, role, request, res.statusCode, res.body));
    return res.statusCode;
  }

  /** The role whose right request gets furthest into the route (signed out for the public ones). */
  async function bestRole(op: Operation, base: RequestParts): Promise<Role | null> {
    if (streams(op)) return null;
    let best: { role: Role | null; reach: number } = { role: null, reach: -1 };
    for (const role of ROLES) {
      const got = reach(await send(op, role, await headersOf(role), base));
      if (got > best.reach) best = { role, reach: got };
    }
    return best.role;
  }

  it('reads every route from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(expect.arrayContaining(['POST /auth/signup', 'GET /wallets', 'POST /orders/{id}/images', 'GET /orders/{id}']));
  });

  it('answers a hostile value in every slot of every route without a 5xx', async () => {
    failures.length = 0;
    for (const op of operations) {
      const base = baseOf(op, idFor);
      const role = await bestRole(op, base);
      const headers = await headersOf(role);
      for (const parts of sweepOf(op, base)) await send(op, role, headers, parts);
    }
    expect(failures, `${failures.length} requests answered 5xx:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);

  it(`answers random requests as every role, ${TOTAL_REQUESTS} requests in all, without a 5xx`, async () => {
    failures.length = 0;
    const runs = Math.max(RANDOM_RUNS_MIN, Math.ceil((TOTAL_REQUESTS - sent) / operations.length));
    for (const [index, op] of operations.entries()) {
      const base = baseOf(op, idFor);
      const roles = streams(op) ? [null] : ROLES;
      const headers = new Map<Role | null, Record<string, string>>();
      for (const role of roles) headers.set(role, await headersOf(role));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...roles), randomOf(op, base, ids), async (role, parts) => {
          await send(op, role, headers.get(role)!, parts);
        }),
        { numRuns: runs, seed: SEED + index },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    expect(failures, `${failures.length} requests answered 5xx:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
