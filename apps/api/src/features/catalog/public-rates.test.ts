import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATES_PUBLIC_MAX_AGE_S } from '@app/shared/schemas/households';
import type { TestMember } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// design.md section 21: the public /Sell page reads the day's b2c rates of a city with no
// sign-in (`GET /rates?city_id=&rate_type=b2c`), cached a minute; every other rate type stays
// for signed-in members.

describe.each(TEST_DB_KINDS)('public b2c rates on %s', (kind) => {
  let ctx: TestContext;
  let cityId: number;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    [cityId] = (await ctx.factories.cityIds()) as [number];
    store = await ctx.factories.createMember('store', { cityId });
  });
  afterAll(async () => ctx?.close());

  const rates = (query: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/rates?${query}`, headers });

  it('answers a city\'s b2c rates without a token, cacheable for a minute, with an ETag that gives 304', async () => {
    const res = await rates(`city_id=${cityId}&rate_type=b2c`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${RATES_PUBLIC_MAX_AGE_S}`);
    const [entry, ...more] = res.json();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ city: { id: cityId }, state: { id: expect.any(Number) } });
    const materials = Object.entries(entry).filter(([key]) => key !== 'city' && key !== 'state');
    expect(materials.length).toBeGreaterThan(0);
    for (const [, value] of materials) expect(value).toEqual({ rate: expect.any(Number) });

    // The same card a signed-in member gets for b2c, spelled either way.
    const signedIn = await rates(`city_id=${cityId}&type=b2c`, store.headers);
    expect(signedIn.json()).toEqual(res.json());
    expect((await rates(`city_id=${cityId}&type=b2c`)).json()).toEqual(res.json());

    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await rates(`city_id=${cityId}&rate_type=b2c`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(`public, max-age=${RATES_PUBLIC_MAX_AGE_S}`);
  });

  it('keeps every other rate type for signed-in members: 401 without a token', async () => {
    for (const query of [`city_id=${cityId}&rate_type=vendor`, `city_id=${cityId}&type=driver`, `city_id=${cityId}`, '']) {
      const res = await rates(query);
      expect(res.statusCode, query).toBe(401);
    }
    const vendor = await rates(`city_id=${cityId}&rate_type=vendor`, store.headers);
    expect(vendor.statusCode).toBe(200);
    expect(vendor.headers['cache-control']).toBeUndefined();
  });

  it('answers 404 for a city that does not exist, and 400 for what is no rate type', async () => {
    const missing = await rates('city_id=99999&rate_type=b2c');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('City 99999 not found');
    expect((await rates(`city_id=${cityId}&rate_type=retail`, store.headers)).statusCode).toBe(400);
  });
});
