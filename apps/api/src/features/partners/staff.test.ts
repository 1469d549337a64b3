import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { staff } from '../../db/tables/partners.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('a store\'s staff on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    vendorA: 'vendor',
    storeA: ['store', (w) => ({ vendorId: w.vendorA.vendorId })],
    storeB: 'store',
  });
  let staffB: number;

  beforeAll(async () => {
    const [row] = await ctx.db.insert(staff).values({ storeId: ctx.storeB.storeId!, name: 'Other Person', phone: '9820000000' }).returning();
    staffB = row!.id;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestMember, payload?: object) =>
    ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  it('lets a store add, list, change and delete its own staff', async () => {
    const created = await call('POST', '/staff/', ctx.storeA, { name: 'Ravi Kumar', phone: '+91 98200 11111', position: 'Loader' });
    expect(created.statusCode).toBe(201);
    const person = created.json();
    expect(person).toMatchObject({ store: { id: ctx.storeA.storeId }, name: 'Ravi Kumar', phone: '+919820011111', position: 'Loader' });

    const list = await call('GET', '/staff', ctx.storeA);
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([person.id]);
    expect(list.headers['x-total-count']).toBe('1');

    const changed = await call('PATCH', `/staff/${person.id}/`, ctx.storeA, { position: '' });
    expect(changed.json().position).toBeNull();

    const deleted = await call('DELETE', `/staff/${person.id}/`, ctx.storeA);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: MESSAGES.deleteSuccess });
    expect((await call('GET', '/staff', ctx.storeA)).json()).toEqual([]);
  });

  it('answers another store\'s staff 404 and leaves them be', async () => {
    expect((await call('GET', `/staff/${staffB}`, ctx.storeA)).statusCode).toBe(404);
    expect((await call('PATCH', `/staff/${staffB}`, ctx.storeA, { name: 'Changed' })).statusCode).toBe(404);
    expect((await call('DELETE', `/staff/${staffB}`, ctx.storeA)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(staff).where(eq(staff.id, staffB));
    expect(row!.name).toBe('Other Person');
    expect((await call('GET', `/staff?store_id=${ctx.storeB.storeId}`, ctx.storeA)).json()).toEqual([]);
  });

  it('lets a vendor read its stores\' staff only, and change none', async () => {
    const own = await call('POST', '/staff', ctx.storeA, { name: 'Sita Devi', phone: '9820011112' });
    const list = await call('GET', '/staff', ctx.vendorA);
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([own.json().id]);
    expect((await call('GET', `/staff/${staffB}`, ctx.vendorA)).statusCode).toBe(404);
    expect((await call('PATCH', `/staff/${own.json().id}`, ctx.vendorA, { name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/staff', ctx.vendorA, { name: 'x', phone: '9820011112' })).statusCode).toBe(403);
  });

  it('lets an admin add staff to a named store, and requires the store', async () => {
    const missing = await call('POST', '/staff', ctx.admin, { name: 'Anil', phone: '9820011113' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['store_id']);
    const unknown = await call('POST', '/staff', ctx.admin, { name: 'Anil', phone: '9820011113', store_id: 999_999 });
    expect(Object.keys(unknown.json().errors)).toEqual(['store_id']);
    const ok = await call('POST', '/staff', ctx.admin, { name: 'Anil', phone: '9820011113', store_id: ctx.storeB.storeId });
    expect(ok.statusCode).toBe(201);
    const byStore = await call('GET', `/staff?store_id=${ctx.storeB.storeId}`, ctx.admin);
    expect(byStore.json().map((s: { name: string }) => s.name)).toEqual(['Anil', 'Other Person']);
  });

  it('refuses a store adding staff to another store, and bad input, naming the field', async () => {
    const other = await call('POST', '/staff', ctx.storeA, { name: 'Anil', phone: '9820011113', store_id: ctx.storeB.storeId });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toEqual(['store_id']);
    const noName = await call('POST', '/staff', ctx.storeA, { phone: '9820011113' });
    expect(Object.keys(noName.json().errors)).toEqual(['name']);
  });
});
