import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Material } from '@app/shared/schemas/catalog';
import { materials } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

// design.md section 23: a material has an optional Hindi name, set by the admin.
describe.each(TEST_DB_KINDS)('materials\' Hindi names on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let driver: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    driver = await ctx.factories.createMember('driver');
  });
  afterAll(async () => ctx?.close());

  const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/materials', headers: admin.headers, payload });
  const patch = (id: number, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/materials/${id}`, headers: admin.headers, payload });
  const list = async (as: TestMember) => (await ctx.app.inject({ method: 'GET', url: '/materials', headers: as.headers })).json() as Material[];
  const unique = () => Math.random().toString(16).slice(2, 8);

  it('seeds the demo materials with their Hindi names', async () => {
    const byName = new Map((await list(driver)).map((m) => [m.name, m.name_hi]));
    expect(byName.get('Newspaper')).toBe('अख़बार');
    expect(byName.get('Cardboard')).toBe('गत्ता');
    expect(byName.get('Copper')).toBe('तांबा');
    expect(byName.get('Iron')).toBe('लोहा');
  });

  it('takes a Hindi name on create, returns it to every role, changes and clears it', async () => {
    const created = await post({ name: `Tin ${unique()}`, name_hi: ' टिन ', vendor_rate: 10, driver_rate: 1, b2c_rate: 12 });
    expect(created.statusCode, created.body).toBe(201);
    const tin = created.json() as Material;
    expect(tin.name_hi).toBe('टिन');
    expect((await list(driver)).find((m) => m.id === tin.id)?.name_hi).toBe('टिन');

    const renamed = await patch(tin.id, { name_hi: 'रांगा' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: tin.name, name_hi: 'रांगा' });

    // Only the Hindi name: the rest stays.
    expect((await patch(tin.id, { name_hi: '' })).json()).toMatchObject({ name: tin.name, name_hi: null, vendor_rate: 10 });
    expect((await patch(tin.id, { name_hi: 'टिन' })).json().name_hi).toBe('टिन');
    expect((await patch(tin.id, { name_hi: null })).json().name_hi).toBeNull();
    const [row] = await ctx.db.select({ nameHi: materials.nameHi }).from(materials).where(eq(materials.id, tin.id));
    expect(row?.nameHi).toBeNull();
  });

  it('without a Hindi name the material has null', async () => {
    const res = await post({ name: `Zinc ${unique()}`, vendor_rate: 10, driver_rate: 1, b2c_rate: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name_hi).toBeNull();
  });

  it.each([
    ['too long', 'क'.repeat(81)],
    ['not text', 42],
    ['starting with a sign', '=cmd()'],
    ['a lone surrogate', 'टिन\uD800'],
  ])('refuses a Hindi name %s with 400 naming name_hi, and keeps nothing', async (_label, value) => {
    const name = `Lead ${unique()}`;
    const res = await post({ name, name_hi: value, vendor_rate: 10, driver_rate: 1, b2c_rate: 12 });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain('name_hi');
    expect(await ctx.db.select().from(materials).where(eq(materials.name, name))).toHaveLength(0);

    const existing = (await list(admin))[0]!;
    const bad = await patch(existing.id, { name_hi: value });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toContain('name_hi');
  });
});
