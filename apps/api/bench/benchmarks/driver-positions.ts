import { sql } from 'drizzle-orm';
import type { GeoPoint } from '@app/shared/geo';
import { signAccessToken } from '../../src/auth/access-tokens';
import { loadSigningKeys } from '../../src/auth/signing-keys';
import { queryRows } from '../../src/db/sql-rows';
import { CITY_SPEED_KMH } from '../../src/features/driver-positions/eta';
import { POSITION_MIN_INTERVAL_S } from '../../src/features/driver-positions/positions-repository';
import { measureUrl, openEventStreams, percentile, type Benchmark, type BenchContext, type Measurement } from '../bench-kit';
import { seedMovingOrders, type MovingOrder } from '../seed-bench-moving';

// Issue 42 (decision 078): 500 drivers on the way, each posting its position every 15 s
// (POST /drivers/me/position: ~33 posts a second, spread evenly), with 2,000 store event
// streams open, while the store's poll is measured; every figure beside the bare route's
// p99 measured here, in the same run. Each post moves its driver 75 m nearer its store (a
// straight line at 18 km/h for 15 s), so each changes the ETA (km to 2 decimals) and writes
// one `order` event, which reaches the streams of that order's store. The issue sets no
// target: figures and ratios only.
//
// The posting runs two cadence rounds: one with the streams alone, one with the store poll
// under autocannon as well, so the post's own cost and the cost of sharing the process with
// a saturating poll can be told apart. Each driver's first post (the insert of its row) is
// made before, unmeasured: a driver on the way has posted before.

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 500);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
/** design.md section 19: a driver posts every 15 s while moving. */
const CADENCE_S = 15;
/** Each of the two rounds; below 15 s fewer drivers post in it, at the same rate, each still 15 s apart. */
const ROUND_SECONDS = Number(process.env.BENCH_POSITION_SECONDS ?? CADENCE_S);
const STEP_KM = (CITY_SPEED_KMH * CADENCE_S) / 3600;
const POLL_PATH = '/orders?status=waiting_store';
/** Mumbai, the reference data's first city, which run.ts seeds. */
const CENTRE: GeoPoint = { lat: 19.076, lng: 72.8777 };
const KM_PER_DEGREE = 111.32;

const label = (line: string) => console.log(`         driver-positions: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const times = (p99: number, bareP99: number) => (bareP99 > 0 ? `${(p99 / bareP99).toFixed(1)}x` : 'n/a (bare p99 0 ms)');

/** `km` north and east of `from`. */
function offset(from: GeoPoint, northKm: number, eastKm: number): GeoPoint {
  return { lat: from.lat + northKm / KM_PER_DEGREE, lng: from.lng + eastKm / (KM_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)) };
}

/** Store n's pin: a repeatable spot within about 8 km of the centre. */
const pinOf = (n: number): GeoPoint => offset(CENTRE, 8 * Math.sin(n * 1.7), 8 * Math.cos(n * 2.3));

interface Driver extends MovingOrder {
  authorization: string;
  store: GeoPoint;
  /** Where it started, km from its store, and from which side (radians). */
  startKm: number;
  bearing: number;
}

/** Where driver d is at its k-th post: k steps of the cadence nearer its store. */
function positionAt(d: Driver, k: number): GeoPoint {
  const km = Math.max(0.2, d.startKm - k * STEP_KM);
  return offset(d.store, km * Math.cos(d.bearing), km * Math.sin(d.bearing));
}

interface Post {
  status: number;
  ms: number;
  sentAt: number;
  /** The answer of a post that was not a 204, for the report. */
  body?: string;
}

async function postPosition(apiUrl: string, driver: Driver, point: GeoPoint, at: string): Promise<Post> {
  const sentAt = performance.now();
  try {
    const res = await fetch(`${apiUrl}/drivers/me/position`, {
      method: 'POST',
      headers: { authorization: driver.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ lat: point.lat, lng: point.lng, accuracy_m: 8, at }),
    });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - sentAt, sentAt, ...(res.status === 204 ? {} : { body }) };
  } catch (error) {
    return { status: 0, ms: performance.now() - sentAt, sentAt, body: String(error) };
  }
}

function postsMeasurement(title: string, posts: readonly Post[], seconds: number): Measurement {
  const sorted = posts.map((p) => p.ms).sort((a, b) => a - b);
  const statusCounts: Record<string, number> = {};
  for (const p of posts) if (p.status) statusCounts[p.status] = (statusCounts[p.status] ?? 0) + 1;
  return {
    title,
    requestsPerSecond: posts.length / seconds,
    latencyP50Ms: Number(percentile(sorted, 50).toFixed(1)),
    latencyP99Ms: Number(percentile(sorted, 99).toFixed(1)),
    statusCounts,
    errors: posts.filter((p) => p.status === 0).length,
  };
}

/** The city's stores with their member, which signs in for their streams; each gets a pin. */
async function pinnedStores(ctx: BenchContext) {
  const stores = await queryRows<{ storeId: number; memberId: number; loginId: string }>(
    ctx.db,
    sql`
    select distinct on (s.id) s.id as "storeId", m.id as "memberId", m.login_id as "loginId"
    from stores s join members m on m.store_id = s.id and m.role = 'store'
    where s.city_id = ${ctx.members.store.cityId} order by s.id, m.id`,
  );
  const pins = stores.map((s, n) => ({ ...s, pin: pinOf(n) }));
  // One statement: pins are stores' columns and nothing else (PATCH /stores/{id}/info writes just these).
  const values = sql.join(
    pins.map((s) => sql`(${s.storeId}::int, ${s.pin.lat.toFixed(6)}::float8, ${s.pin.lng.toFixed(6)}::float8)`),
    sql`, `,
  );
  await ctx.db.execute(sql`update stores s set location_lat = v.lat, location_lng = v.lng from (values ${values}) as v(id, lat, lng) where s.id = v.id`);
  return pins;
}

export const benchmark: Benchmark = {
  name: 'driver positions',
  async run(ctx) {
    const keys = await loadSigningKeys(ctx.db, undefined);
    const stores = await pinnedStores(ctx);
    const seeding = performance.now();
    const orders = await seedMovingOrders(ctx.db, { drivers: DRIVERS, cityId: ctx.members.store.cityId!, stores });
    const pinOfStore = new Map(stores.map((s) => [s.storeId, s.pin]));
    const drivers: Driver[] = await Promise.all(
      orders.map(async (o, i) => ({
        ...o,
        authorization: `Bearer ${await signAccessToken(keys, { memberId: o.driverMemberId, loginId: o.driverLoginId, role: 'driver' })}`,
        store: pinOfStore.get(o.storeId)!,
        startKm: 2 + (i % 9) * 0.5,
        bearing: i * 2.399963,
      })),
    );
    const storeAuthorization = await Promise.all(stores.map(async (s) => `Bearer ${await signAccessToken(keys, { memberId: s.memberId, loginId: s.loginId, role: 'store' })}`));
    label(`seeded ${drivers.length} drivers, each holding one order in moving, the orders round-robin over ${stores.length} pinned stores, in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    // Each driver's first position: its row and its order's ETA are inserted, as after its first post on the way.
    const warming = performance.now();
    for (let i = 0; i < drivers.length; i += 10) {
      const batch = await Promise.all(drivers.slice(i, i + 10).map((d) => postPosition(ctx.apiUrl, d, positionAt(d, 0), new Date().toISOString())));
      const refused = batch.find((p) => p.status !== 204);
      if (refused) throw new Error(`a driver's first position answered ${refused.status}: ${refused.body}`);
    }
    const warmedAt = performance.now();
    label(`each driver's first position (unmeasured) in ${((warmedAt - warming) / 1000).toFixed(1)} s`);

    const bare = await measureUrl('driver-positions: GET /ping on the bare Fastify, measured here: the yardstick of the p99 ratios', ctx.bareUrl);

    // Which of our posts each ETA event came from: the order and the position's time it carries.
    const sentAt = new Map<string, number>();
    const delivered: number[] = [];
    let notOurs = 0;
    const { streams, openMs } = await openEventStreams(
      ctx.apiUrl,
      STREAMS,
      (i) => storeAuthorization[i % stores.length]!,
      (_, message, at) => {
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (!data?.includes('"eta":{')) return;
        const event = JSON.parse(data.slice('data: '.length)) as { id: number; eta: { at: string } };
        const sent = sentAt.get(`${event.id}@${Date.parse(event.eta.at)}`);
        if (sent === undefined) notOurs += 1;
        else delivered.push(at - sent);
      },
    );
    // Stream i is store (i mod stores)'s.
    const streamsOnStore = new Map(stores.map((s, n) => [s.storeId, Math.floor(STREAMS / stores.length) + (n < STREAMS % stores.length ? 1 : 0)]));
    const perStore = STREAMS % stores.length === 0 ? `${STREAMS / stores.length}` : `${Math.floor(STREAMS / stores.length)}-${Math.ceil(STREAMS / stores.length)}`;
    label(`${STREAMS} store event streams opened in ${(openMs / 1000).toFixed(1)} s, spread over the ${stores.length} stores (${perStore} on each); none on vendors or admins`);

    try {
      const { store } = ctx.members;
      const pollAlone = await measureUrl(`driver-positions: store poll GET ${POLL_PATH}, streams open, no posts`, `${ctx.apiUrl}${POLL_PATH}`, store.headers);

      const lastEvent = (await queryRows<{ id: string }>(ctx.db, sql`select coalesce(max(id), 0)::text as id from live_events`))[0]?.id ?? '0';
      // The limit counts from the first posts; our cadence is 15 s, the limit 5 s.
      await sleep(warmedAt + (POSITION_MIN_INTERVAL_S + 0.5) * 1000 - performance.now());

      // Post n is driver n mod 500's, at n x 30 ms: 33 a second, each driver every 15 s.
      const spacingMs = (CADENCE_S * 1000) / drivers.length;
      const total = Math.floor((2 * ROUND_SECONDS * 1000) / spacingMs);
      const rounds: [Post[], Post[]] = [[], []];
      const pending: Array<Promise<void>> = [];
      const start = performance.now();
      const polling = sleep(ROUND_SECONDS * 1000).then(() =>
        measureUrl(`driver-positions: store poll GET ${POLL_PATH} while the drivers post`, `${ctx.apiUrl}${POLL_PATH}`, store.headers, ROUND_SECONDS),
      );
      let lateMs = 0;
      for (let n = 0; n < total; n++) {
        const due = start + n * spacingMs;
        await sleep(due - performance.now());
        lateMs = Math.max(lateMs, performance.now() - due);
        const driver = drivers[n % drivers.length]!;
        const at = new Date().toISOString();
        sentAt.set(`${driver.orderId}@${Date.parse(at)}`, performance.now());
        const round = rounds[n * spacingMs < ROUND_SECONDS * 1000 ? 0 : 1];
        pending.push(postPosition(ctx.apiUrl, driver, positionAt(driver, 1 + Math.floor(n / drivers.length)), at).then((p) => void round.push(p)));
      }
      await Promise.all(pending);
      const pollLoaded = await polling;

      const written = await queryRows<{ storeId: number; n: number }>(
        ctx.db,
        sql`select store_id as "storeId", count(*)::int as n from live_events where id > ${lastEvent}::bigint and kind = 'order' and data ? 'eta' group by store_id`,
      );
      const events = written.reduce((sum, w) => sum + w.n, 0);
      const expected = written.reduce((sum, w) => sum + w.n * (streamsOnStore.get(w.storeId) ?? 0), 0);
      const deadline = performance.now() + 3000;
      while (delivered.length < expected && performance.now() < deadline) await sleep(10);

      const rate = (drivers.length / CADENCE_S).toFixed(1);
      const alone = postsMeasurement(`driver-positions: POST /drivers/me/position, ${drivers.length} drivers every ${CADENCE_S} s (${rate}/s), streams open, no poll`, rounds[0], ROUND_SECONDS);
      const loaded = postsMeasurement(`driver-positions: POST /drivers/me/position, the same, while the store poll runs`, rounds[1], ROUND_SECONDS);
      const taken = [...rounds[0], ...rounds[1]].filter((p) => p.status === 204).length;
      const refused = [...rounds[0], ...rounds[1]].find((p) => p.status !== 204);
      delivered.sort((a, b) => a - b);

      label(
        `p99 against the bare route's p99 (${bare.latencyP99Ms} ms, this benchmark): post ${times(alone.latencyP99Ms, bare.latencyP99Ms)} alone, ${times(loaded.latencyP99Ms, bare.latencyP99Ms)} beside the poll; ` +
          `poll ${times(pollLoaded.latencyP99Ms, bare.latencyP99Ms)} while the drivers post, ${times(pollAlone.latencyP99Ms, bare.latencyP99Ms)} without (issue 42 sets no target)`,
      );
      label(`posting: ${total} posts in 2 rounds of ${ROUND_SECONDS} s, ${taken} taken (204)${refused ? `; first other answer ${refused.status}: ${refused.body?.slice(0, 200)}` : ''}; the posting loop ran up to ${lateMs.toFixed(0)} ms late`);
      label(
        `fanout: ${events} ETA events written for ${taken} posts taken; the streams got ${delivered.length} of the ${expected} deliveries due (missing ${expected - delivered.length}, not from these posts ${notOurs}); ` +
          `post sent -> stream p50 ${percentile(delivered, 50).toFixed(0)} ms, p99 ${percentile(delivered, 99).toFixed(0)} ms, max ${(delivered.at(-1) ?? 0).toFixed(0)} ms`,
      );
      return [bare, pollAlone, alone, loaded, pollLoaded];
    } finally {
      for (const s of streams) s.close();
    }
  },
};
