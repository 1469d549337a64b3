import { sql } from 'drizzle-orm';
import type { GeoPoint } from '@app/shared/geo';
import type { Benchmark, Measurement } from '../bench-kit';
import { REQUESTS, timedCalls } from '../request-timing';

// Design.md section 18: the driver's pickups nearest first (GET /orders?status=pending&near=)
// at the bench's scale (a million orders: 50,000 of them pending, over the city's stores),
// one request at a time as a phone asks. Target: p50 under 30 ms (decision 068). The
// stores get pins around Pune first, one in ten left without. Each request comes from a
// slightly different position, as a moving phone's do, so none is answered from the poll
// cache: every one runs the query.

const PUNE: GeoPoint = { lat: 18.5204, lng: 73.8567 };

/** The i-th position of a phone walking around the middle of Pune (within about 3 km). */
const positionAt = (i: number): GeoPoint => ({ lat: PUNE.lat + 0.03 * Math.sin(i / 7), lng: PUNE.lng + 0.03 * Math.cos(i / 5) });
const nearParam = (p: GeoPoint) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

export const benchmark: Benchmark = {
  name: 'nearest orders',
  async run(ctx) {
    // Store n at a repeatable spot within about 15 km of the centre; every tenth has no pin.
    await ctx.db.execute(sql`
      update stores set
        location_lat = case when id % 10 = 0 then null else round((${PUNE.lat} + ((id * 7919) % 2000 - 1000) / 7500.0)::numeric, 6)::float8 end,
        location_lng = case when id % 10 = 0 then null else round((${PUNE.lng} + ((id * 104729) % 2000 - 1000) / 7500.0)::numeric, 6)::float8 end`);
    await ctx.db.execute(sql`analyze stores`);
    const { driver, admin } = ctx.members;
    let request = 0;
    const fetchOk = async (path: string, headers: Record<string, string>) => {
      const res = await fetch(`${ctx.apiUrl}${path}`, { headers });
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
      return res;
    };
    const results: Measurement[] = [];

    const first = await fetchOk(`/orders?status=pending&near=${nearParam(PUNE)}`, driver.headers);
    const total = first.headers.get('x-total-count');
    results.push({
      ...(await timedCalls(`driver GET /orders?status=pending&near= first page (50 of ${total}), from a moving position`, REQUESTS, () =>
        fetchOk(`/orders?status=pending&near=${nearParam(positionAt(request++))}`, driver.headers).then((r) => r.arrayBuffer()),
      )),
      targetP50Ms: 30,
    });
    // The next page, through the first page's cursor, each from another position.
    const nextPages: string[] = [];
    for (let i = 0; i <= REQUESTS; i++) {
      const page = await fetchOk(`/orders?status=pending&near=${nearParam(positionAt(request++))}`, driver.headers);
      const next = page.headers.get('link')?.match(/<([^>]+)>/)?.[1];
      if (next) nextPages.push(new URL(next).pathname + new URL(next).search);
    }
    let nextPage = 0;
    if (nextPages.length > 1) {
      results.push(
        await timedCalls('driver GET /orders?status=pending&near= second page (cursor)', nextPages.length - 1, () =>
          fetchOk(nextPages[nextPage++]!, driver.headers).then((r) => r.arrayBuffer()),
        ),
      );
    }
    // For comparison: every order an admin sees, by distance (not a target).
    results.push(
      await timedCalls('admin GET /orders?near= first page (every order)', Math.min(REQUESTS, 20), () =>
        fetchOk(`/orders?near=${nearParam(positionAt(request++))}`, admin.headers).then((r) => r.arrayBuffer()),
      ),
    );
    return results;
  },
};
