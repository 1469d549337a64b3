import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorOfLink, isStrictQuery, listLimitSchema, listPageQuerySchema, orderingOf, orderingSchema, parseNextLink, strictQuery } from './list';

describe('list paging helpers', () => {
  it('reads a Link rel="next" header', () => {
    const header = '<http://localhost:3000/orders?status=pending&cursor=42&limit=2>; rel="next"';
    expect(parseNextLink(header)).toBe('http://localhost:3000/orders?status=pending&cursor=42&limit=2');
    expect(cursorOfLink(header)).toBe('42');
    expect(parseNextLink('<http://x/a?cursor=1>; rel="prev", <http://x/a?cursor=9>; rel="next"')).toBe('http://x/a?cursor=9');
    expect(parseNextLink(undefined)).toBeNull();
    expect(cursorOfLink('<http://x/a>; rel="prev"')).toBeNull();
  });

  it('defaults the limit to 50 and refuses more than 500', () => {
    expect(listPageQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(listPageQuerySchema.parse({ limit: '500', cursor: '' })).toEqual({ limit: 500 });
    expect(listPageQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe('limit may be at most 500');
    expect(listPageQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
    expect(listPageQuerySchema.safeParse({ cursor: 'x'.repeat(601) }).success).toBe(false);
  });
});

describe('ordering and strict query strings', () => {
  const schema = strictQuery({ ordering: orderingSchema(['created_at', 'name'] as const), search: z.string().optional() });

  it('takes a field or -field and keeps it as sent', () => {
    expect(schema.parse({ ordering: '-name' })).toEqual({ ordering: '-name' });
    expect(schema.parse({ ordering: '' })).toEqual({});
    expect(orderingOf<'created_at' | 'name'>(undefined, '-created_at')).toEqual({ field: 'created_at', descending: true });
    expect(orderingOf<'created_at' | 'name'>('name', '-created_at')).toEqual({ field: 'name', descending: false });
  });

  it('names an unknown ordering and each unknown parameter', () => {
    expect(schema.safeParse({ ordering: 'colour' }).error?.issues.map((i) => i.path)).toEqual([['ordering']]);
    expect(schema.safeParse({ ordering: '--name' }).success).toBe(false);
    expect(schema.safeParse({ foo: '1', bar: '' }).error?.issues.map((i) => i.path)).toEqual([['foo'], ['bar']]);
  });

  it('names unknown parameters even when a known one is wrong too, and beside a refinement', () => {
    const refined = strictQuery({ limit: listLimitSchema }).refine(() => true);
    expect(refined.safeParse({ limit: 'x', colour: 'red' }).error?.issues.map((i) => i.path)).toEqual([['limit'], ['colour']]);
    expect(strictQuery({}).safeParse({ x: '1' }).error?.issues).toMatchObject([{ path: ['x'], message: 'Unknown parameter; this address takes none' }]);
  });

  it('tells a strict query, refined or not, from any other object', () => {
    expect([strictQuery({}), schema, strictQuery({}).refine(() => true)].map(isStrictQuery)).toEqual([true, true, true]);
    expect([z.object({}), z.strictObject({}), z.looseObject({}), z.string(), undefined].map(isStrictQuery)).toEqual([false, false, false, false, false]);
  });
});
